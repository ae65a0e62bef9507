import { z } from "./zod";

/**
 * The contact form's one schema, used by the browser (before sending) and by the server action (again,
 * authoritatively). Messages are docs/product.md "Contact form" (verbatim); the upper caps for name, email and subject mirror
 * the database CHECK constraints so a valid form never fails on insert.
 */

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The honeypot: hidden from people, tempting to bots. */
export const HONEYPOT_FIELD = "website";
/** Hidden field carrying the server-issued, signed "form shown at" timestamp. */
export const FORM_TOKEN_FIELD = "formToken";

export const CONTACT_LIMITS = {
  name: { min: 2, max: 200 },
  email: { max: 320 },
  subject: { min: 3, max: 300 },
  message: { min: 10, max: 1000 },
} as const;

/**
 * One bare address (issue 32 item 4): a local part of the characters RFC 5322 allows unquoted, and a domain of
 * letters, digits and hyphens with at least one dot. No display name, quotes, angle brackets, commas or second
 * address: a confirmation goes to exactly the one address typed, and to nobody else.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * Characters as PostgreSQL's length() counts them (code points), so the limits here and the database
 * CHECK constraints agree even for emoji (two UTF-16 units each).
 */
export function charCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

export interface TextRules {
  required: string;
  min?: { length: number; message: string };
  max: { length: number; message: string };
  pattern?: { regex: RegExp; message: string };
}

/** One message per field, in a fixed order: required, then too short / malformed, then too long. */
function textProblem(value: string, rules: TextRules): string | undefined {
  const length = charCount(value);
  if (length === 0) return rules.required;
  if (rules.min && length < rules.min.length) return rules.min.message;
  if (rules.pattern && !rules.pattern.regex.test(value)) return rules.pattern.message;
  if (length > rules.max.length) return rules.max.message;
  return undefined;
}

/** A trimmed text field with one message per problem (also the takedown form's, core/takedown-schema.ts). */
export function text(rules: TextRules) {
  return z
    .string()
    .overwrite((value) => value.replaceAll("\u0000", "").trim()) // PostgreSQL text cannot hold NUL
    .superRefine((value, ctx) => {
      const message = textProblem(value, rules);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

export const contactSchema = z.object({
  name: text({
    required: "Name is required",
    min: { length: CONTACT_LIMITS.name.min, message: "Name must be at least 2 characters" },
    max: { length: CONTACT_LIMITS.name.max, message: "Name must be 200 characters or fewer" },
  }),
  email: text({
    required: "Email is required",
    pattern: { regex: EMAIL_PATTERN, message: "Please enter a valid email address" },
    max: { length: CONTACT_LIMITS.email.max, message: "Email must be 320 characters or fewer" },
  }),
  subject: text({
    required: "Subject is required",
    min: { length: CONTACT_LIMITS.subject.min, message: "Subject must be at least 3 characters" },
    max: { length: CONTACT_LIMITS.subject.max, message: "Subject must be 300 characters or fewer" },
  }),
  message: text({
    required: "Message is required",
    min: { length: CONTACT_LIMITS.message.min, message: "Message must be at least 10 characters" },
    // docs/product.md "Contact form" wording; 1000 characters are accepted, 1001 are not.
    max: { length: CONTACT_LIMITS.message.max, message: "Message must be less than 1000 characters" },
  }),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactValidation = { success: true; data: ContactInput } | { success: false; errors: ContactErrors };

export function validateContact(values: ContactValues): ContactValidation {
  const parsed = contactSchema.safeParse(values);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: firstMessages<ContactField>(parsed.error.issues) };
}

/** The first message for each field, in the schema's order (the public forms show one per field). */
export function firstMessages<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) errors[issue.path[0] as F] ??= issue.message;
  return errors;
}

/** The named fields as strings; missing fields (an unticked checkbox) and file uploads count as empty. */
export function readFields<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(fields.map((f) => [f, read(f)])) as Record<F, string>;
}

/** The four fields as strings; missing fields and file uploads count as empty. */
export function contactValuesFromFormData(form: FormData): ContactValues {
  return readFields(form, CONTACT_FIELDS);
}

export function firstInvalidField(errors: ContactErrors): ContactField | undefined {
  return CONTACT_FIELDS.find((field) => errors[field]);
}

// Texts shown by the form besides the field messages.
export const CONTACT_SUBMIT_ERROR = "An error occurred while submitting your message. Please try again.";
export const CONTACT_TOKEN_INVALID = "We could not verify this form. Please wait a few seconds and send it again.";
export const CONTACT_TOKEN_EXPIRED = "This form has expired. Your text is still here: please send it again.";
/** The same form sent a second time (a double click, the back button): each form is accepted once. */
export const FORM_TOKEN_USED = "This form was already sent once. Your text is still here: to send it again, send it once more.";

export function contactRateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many messages. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
