import { CONTACT_LIMITS, EMAIL_RULES, firstMessages, NAME_RULES, type PersonProblem, readFields, text } from "./contact-schema";
import { multilineText, plainText } from "./params";
import { z } from "./zod";

/**
 * The takedown form's one schema (issue 22, item 3), used by the browser before sending and by the server
 * action, as the contact form's is (core/contact-schema.ts: same honeypot, form token and text rules).
 * What a valid request needs mirrors what a notice under the TAKE IT DOWN Act or the DMCA must carry: who
 * asks and how to reach them, where the material is, what it shows or which work it copies, a good-faith
 * statement and a signature. A field's message is the id of a text of the `takedown` namespace
 * (server/i18n/messages/takedown.json), which the page words in its language.
 */

export const TAKEDOWN_FIELDS = ["kind", "name", "email", "urls", "description", "goodFaith", "signature"] as const;
export type TakedownField = (typeof TAKEDOWN_FIELDS)[number];
export type TakedownValues = Record<TakedownField, string>;
export type TakedownProblem =
  | PersonProblem
  | "kindRequired"
  | "urlsRequired"
  | "urlsTooLong"
  | "urlsTooMany"
  | "urlsInvalid"
  | "descriptionRequired"
  | "descriptionTooShort"
  | "descriptionTooLong"
  | "goodFaithRequired"
  | "signatureRequired"
  | "signatureTooShort"
  | "signatureTooLong";
export type TakedownErrors = Partial<Record<TakedownField, TakedownProblem>>;

/** The kinds, with their English labels for the console and the admins' mails (the form and the requester's mails word them in their language). */
export const TAKEDOWN_KINDS = [
  { value: "non-consensual", label: "Intimate imagery of a real person without their consent" },
  { value: "copyright", label: "Copyright infringement" },
] as const;
export type TakedownKind = (typeof TAKEDOWN_KINDS)[number]["value"];
/** Each kind's label as the form and the requester's mails word it: an id of the `takedown` texts. */
export const TAKEDOWN_KIND_MESSAGES = { "non-consensual": "kindNonConsensual", copyright: "kindCopyright" } as const satisfies Record<
  TakedownKind,
  string
>;

export const TAKEDOWN_LIMITS = {
  name: CONTACT_LIMITS.name,
  email: CONTACT_LIMITS.email,
  urls: { max: 5000, count: 20 },
  description: { min: 20, max: 5000 },
  signature: { min: 2, max: 200 },
} as const;

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
  kind: z.enum(["non-consensual", "copyright"], { error: "kindRequired" satisfies TakedownProblem }),
  name: text(NAME_RULES),
  email: text(EMAIL_RULES),
  urls: text<TakedownProblem>({
    required: "urlsRequired",
    max: { length: TAKEDOWN_LIMITS.urls.max, message: "urlsTooLong" },
  })
    // "Enter at most {count} addresses": the page gives TAKEDOWN_LIMITS.urls.count.
    .refine((v) => splitUrls(v).length <= TAKEDOWN_LIMITS.urls.count, "urlsTooMany" satisfies TakedownProblem)
    .refine((v) => splitUrls(v).every(isWebUrl), "urlsInvalid" satisfies TakedownProblem),
  description: text<TakedownProblem>({
    required: "descriptionRequired",
    min: { length: TAKEDOWN_LIMITS.description.min, message: "descriptionTooShort" },
    max: { length: TAKEDOWN_LIMITS.description.max, message: "descriptionTooLong" },
  }),
  goodFaith: z.literal("on", { error: "goodFaithRequired" satisfies TakedownProblem }),
  signature: text<TakedownProblem>({
    required: "signatureRequired",
    min: { length: TAKEDOWN_LIMITS.signature.min, message: "signatureTooShort" },
    max: { length: TAKEDOWN_LIMITS.signature.max, message: "signatureTooLong" },
  }),
});

export type TakedownInput = z.output<typeof takedownSchema>;

export type TakedownValidation = { success: true; data: TakedownInput } | { success: false; errors: TakedownErrors };

export function validateTakedown(values: TakedownValues): TakedownValidation {
  const parsed = takedownSchema.safeParse(values);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: firstMessages<TakedownField, TakedownProblem>(parsed.error.issues) };
}

export function takedownValuesFromFormData(form: FormData): TakedownValues {
  return readFields(form, TAKEDOWN_FIELDS);
}

/** Reference numbers: `TD-` and two groups of 4 from an alphabet without look-alikes (0/O, 1/I/L). */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^TD-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

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
