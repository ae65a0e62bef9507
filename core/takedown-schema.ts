import { EMAIL_PATTERN, firstMessages, readFields, text } from "./contact-schema";
import { multilineText, plainText } from "./params";
import { z } from "./zod";

/**
 * The takedown form's one schema (issue 22, item 3), used by the browser before sending and by the server
 * action, as the contact form's is (core/contact-schema.ts: same honeypot, form token and text rules).
 * What a valid request needs mirrors what a notice under the TAKE IT DOWN Act or the DMCA must carry: who
 * asks and how to reach them, where the material is, what it shows or which work it copies, a good-faith
 * statement and a signature.
 */

export const TAKEDOWN_FIELDS = ["kind", "name", "email", "urls", "description", "goodFaith", "signature"] as const;
export type TakedownField = (typeof TAKEDOWN_FIELDS)[number];
export type TakedownValues = Record<TakedownField, string>;
export type TakedownErrors = Partial<Record<TakedownField, string>>;

export const TAKEDOWN_KINDS = [
  { value: "non-consensual", label: "Intimate imagery of a real person without their consent" },
  { value: "copyright", label: "Copyright infringement" },
] as const;
export type TakedownKind = (typeof TAKEDOWN_KINDS)[number]["value"];

export const TAKEDOWN_LIMITS = {
  name: { min: 2, max: 200 },
  email: { max: 320 },
  urls: { max: 5000, count: 20 },
  description: { min: 20, max: 5000 },
  signature: { min: 2, max: 200 },
} as const;

export const GOOD_FAITH_STATEMENT =
  "I state in good faith that the material identified above is used without the consent of the person depicted or of the owner of the work (or their agent), and that the information in this request is accurate.";

/** One URL per line (or separated by spaces): http or https, at most TAKEDOWN_LIMITS.urls.count of them. */
export function splitUrls(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const takedownSchema = z.object({
  kind: z.enum(["non-consensual", "copyright"], { error: "Choose what the request is about" }),
  name: text({
    required: "Name is required",
    min: { length: TAKEDOWN_LIMITS.name.min, message: "Name must be at least 2 characters" },
    max: { length: TAKEDOWN_LIMITS.name.max, message: "Name must be 200 characters or fewer" },
  }),
  email: text({
    required: "Email is required",
    pattern: { regex: EMAIL_PATTERN, message: "Please enter a valid email address" },
    max: { length: TAKEDOWN_LIMITS.email.max, message: "Email must be 320 characters or fewer" },
  }),
  urls: text({
    required: "Enter the address of at least one page",
    max: { length: TAKEDOWN_LIMITS.urls.max, message: "Too many addresses" },
  })
    .refine((v) => splitUrls(v).length <= TAKEDOWN_LIMITS.urls.count, `Enter at most ${TAKEDOWN_LIMITS.urls.count} addresses`)
    .refine((v) => splitUrls(v).every(isWebUrl), "Enter full addresses starting with https://, one per line"),
  description: text({
    required: "Describe the person or the work",
    min: { length: TAKEDOWN_LIMITS.description.min, message: "Description must be at least 20 characters" },
    max: { length: TAKEDOWN_LIMITS.description.max, message: "Description must be 5000 characters or fewer" },
  }),
  goodFaith: z.literal("on", { error: "Confirm the good-faith statement" }),
  signature: text({
    required: "Type your full name as your signature",
    min: { length: TAKEDOWN_LIMITS.signature.min, message: "Signature must be at least 2 characters" },
    max: { length: TAKEDOWN_LIMITS.signature.max, message: "Signature must be 200 characters or fewer" },
  }),
});

export type TakedownInput = z.output<typeof takedownSchema>;

export type TakedownValidation = { success: true; data: TakedownInput } | { success: false; errors: TakedownErrors };

export function validateTakedown(values: TakedownValues): TakedownValidation {
  const parsed = takedownSchema.safeParse(values);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: firstMessages<TakedownField>(parsed.error.issues) };
}

export function takedownValuesFromFormData(form: FormData): TakedownValues {
  return readFields(form, TAKEDOWN_FIELDS);
}

/** Reference numbers: `TD-` and two groups of 4 from an alphabet without look-alikes (0/O, 1/I/L). */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^TD-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

export const TAKEDOWN_SUBMIT_ERROR = "An error occurred while submitting your request. Please try again.";

export function takedownRateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many requests. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * The console's takedown section (app/routes/admin/takedowns.tsx), one form for its three actions: resolve a
 * request (`requestId`, `decision` removed|rejected, optional `videoId`, `note` for the requester), appeal a
 * removal (`videoId`, `note` the statement), decide an appeal (`videoId`, `decision` upheld|reversed, `note`).
 * Ids the services cannot find, and missing parts, are their clear messages, not an unreadable form.
 */
export const takedownActionForm = z.object({
  intent: z.enum(["resolve", "appeal", "decide"]),
  requestId: plainText(100).default(""),
  videoId: plainText(100).default(""),
  decision: z.enum(["removed", "rejected", "upheld", "reversed"]).optional(),
  note: multilineText(10_000).default(""),
});
