import { charCount } from "./readable-text";
import { z } from "./zod";

/**
 * The contact form's one schema, used by the browser (before sending) and by the server action (again,
 * authoritatively). A field's message is the id of a text of the `contact` namespace (server/i18n/messages/contact.json),
 * which the page words in its language; the English texts are docs/product.md "Contact form" (verbatim). The upper
 * caps for name, email and subject mirror the database CHECK constraints so a valid form never fails on insert.
 */

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** The field messages of the name and e-mail fields (the takedown form has the same ones). */
export type PersonProblem = "nameRequired" | "nameTooShort" | "nameTooLong" | "emailRequired" | "emailInvalid" | "emailTooLong";
export type ContactProblem =
  | PersonProblem
  | "subjectRequired"
  | "subjectTooShort"
  | "subjectTooLong"
  | "messageRequired"
  | "messageTooShort"
  | "messageTooLong";
export type ContactErrors = Partial<Record<ContactField, ContactProblem>>;

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

/** A text field's rules, each with the id of its message. */
export interface TextRules<M extends string = string> {
  required: M;
  min?: { length: number; message: M };
  max: { length: number; message: M };
  pattern?: { regex: RegExp; message: M };
}

/** One message per field, in a fixed order: required, then too short / malformed, then too long. */
function textProblem<M extends string>(value: string, rules: TextRules<M>): M | undefined {
  const length = charCount(value);
  if (length === 0) return rules.required;
  if (rules.min && length < rules.min.length) return rules.min.message;
  if (rules.pattern && !rules.pattern.regex.test(value)) return rules.pattern.message;
  if (length > rules.max.length) return rules.max.message;
  return undefined;
}

/** A trimmed text field with one message per problem (also the takedown form's, core/takedown-schema.ts). */
export function text<M extends string>(rules: TextRules<M>) {
  return z
    .string()
    .overwrite((value) => value.replaceAll("\u0000", "").trim()) // PostgreSQL text cannot hold NUL
    .superRefine((value, ctx) => {
      const message = textProblem(value, rules);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

/** The name field's rules (also the takedown form's): required, 2 to 200 characters. */
export const NAME_RULES: TextRules<PersonProblem> = {
  required: "nameRequired",
  min: { length: CONTACT_LIMITS.name.min, message: "nameTooShort" },
  max: { length: CONTACT_LIMITS.name.max, message: "nameTooLong" },
};

/** The e-mail field's rules (also the takedown form's): required, one bare address, at most 320 characters. */
export const EMAIL_RULES: TextRules<PersonProblem> = {
  required: "emailRequired",
  pattern: { regex: EMAIL_PATTERN, message: "emailInvalid" },
  max: { length: CONTACT_LIMITS.email.max, message: "emailTooLong" },
};

export const contactSchema = z.object({
  name: text(NAME_RULES),
  email: text(EMAIL_RULES),
  subject: text<ContactProblem>({
    required: "subjectRequired",
    min: { length: CONTACT_LIMITS.subject.min, message: "subjectTooShort" },
    max: { length: CONTACT_LIMITS.subject.max, message: "subjectTooLong" },
  }),
  message: text<ContactProblem>({
    required: "messageRequired",
    min: { length: CONTACT_LIMITS.message.min, message: "messageTooShort" },
    // docs/product.md "Contact form" wording ("less than 1000"): 1000 characters are accepted, 1001 are not.
    max: { length: CONTACT_LIMITS.message.max, message: "messageTooLong" },
  }),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactValidation = { success: true; data: ContactInput } | { success: false; errors: ContactErrors };

export function validateContact(values: ContactValues): ContactValidation {
  const parsed = contactSchema.safeParse(values);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: firstMessages<ContactField, ContactProblem>(parsed.error.issues) };
}

/** The first message (its id, `M`) for each field, in the schema's order (the public forms show one per field). */
export function firstMessages<F extends string, M extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<F, M>> {
  const errors: Partial<Record<F, M>> = {};
  for (const issue of issues) errors[issue.path[0] as F] ??= issue.message as M;
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
