import { contentPolicy } from "./content-safety";
import { plainText } from "./params";
import { z } from "./zod";

/** Shared by the settings form (browser) and its action (server): one rule for a display name. */
export const DISPLAY_NAME_MAX = 50;
export const DISPLAY_NAME_ERRORS = {
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

/** The first error for a raw name, in the form's words; null when it is valid. */
export function displayNameError(raw: string): string | null {
  const parsed = displayNameSchema.safeParse(raw);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.code === "too_big") return DISPLAY_NAME_ERRORS.tooLong;
  if (issue?.code === "too_small") return DISPLAY_NAME_ERRORS.required;
  return issue?.message === "Unreadable characters" ? DISPLAY_NAME_ERRORS.unreadable : (issue?.message ?? DISPLAY_NAME_ERRORS.unreadable);
}

/** The account-deletion confirmation: the person types this word. */
export const DELETE_CONFIRMATION = "DELETE";
