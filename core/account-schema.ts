import { contentPolicy, contentPolicyTerm } from "./content-safety";
import { plainText } from "./params";
import { z } from "./zod";

/** Shared by the settings form (browser) and its action (server): one rule for a display name. */
export const DISPLAY_NAME_MAX = 50;
// The issues' own messages, to tell them apart; a page words each problem in its language (displayNameProblem).
const DISPLAY_NAME_ERRORS = {
  required: "Display name is required",
  tooLong: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  unreadable: "Display name contains characters that cannot be used",
  noLetter: "Display name must contain a letter or digit",
} as const;

// Invisible and direction-changing characters would let a name impersonate another or scramble the page.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;

export const displayNameSchema = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(
    plainText(DISPLAY_NAME_MAX)
      .min(1, DISPLAY_NAME_ERRORS.required)
      .refine((v) => !INVISIBLE.test(v), DISPLAY_NAME_ERRORS.unreadable)
      .refine((v) => /[\p{L}\p{N}]/u.test(v), DISPLAY_NAME_ERRORS.noLetter)
      .superRefine(contentPolicy("displayName")),
  );

export type DisplayNameProblem =
  | { code: "required" | "tooLong" | "unreadable" | "noLetter" }
  /** Against the content policy (core/content-safety.ts): `term` is the word refused, as written. */
  | { code: "policy"; term: string };

/** The first problem of a raw name, as a code the settings page words in its language; null when it is valid. */
export function displayNameProblem(raw: string): DisplayNameProblem | null {
  const parsed = displayNameSchema.safeParse(raw);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return { code: "unreadable" };
  if (issue.code === "too_big") return { code: "tooLong" };
  if (issue.code === "too_small") return { code: "required" };
  const term = contentPolicyTerm(issue);
  if (term !== null) return { code: "policy", term };
  return { code: issue.message === DISPLAY_NAME_ERRORS.noLetter ? "noLetter" : "unreadable" };
}

/** The account-deletion confirmation: the person types this word. */
export const DELETE_CONFIRMATION = "DELETE";
