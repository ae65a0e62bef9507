import { ContentSafetyError, findMinorSuggestingTerm } from "./content-safety";
import { multilineText } from "./params";
import { z } from "./zod";

/**
 * The upload attestation (issue 22, item 6): what an uploader must agree to before a video is published,
 * stored word for word with its version next to the video (video_attestations), and shown in the console.
 * Change the text only with a new version: stored attestations keep the text they agreed to.
 */

export const ATTESTATION_VERSION = "2026-11";
export const ATTESTATION_TEXT =
  "I attest that everyone depicted in this video is synthetic (AI-generated) or has given documented consent to appear in it, and that nobody depicted is, or looks, under 18.";
export const ATTESTATION_REQUIRED = "Confirm the attestation: the video cannot be uploaded without it.";
export const ATTESTATION_NOTE_MAX = 2000;

export const attestationSchema = z.object({
  attest: z.literal("on", { error: ATTESTATION_REQUIRED }),
  consentNote: multilineText(ATTESTATION_NOTE_MAX + 1000)
    .trim()
    .max(ATTESTATION_NOTE_MAX, `The note must be at most ${ATTESTATION_NOTE_MAX} characters`)
    // The minors policy runs on what the uploader writes here too (docs/product.md "Content policy").
    .superRefine((value, ctx) => {
      const term = findMinorSuggestingTerm(value);
      if (term !== null) ctx.addIssue({ code: "custom", message: new ContentSafetyError("consentNote", term).message });
    })
    .optional()
    .transform((v) => v || null),
});

export type AttestationFields = z.output<typeof attestationSchema>;
export type AttestationErrors = Partial<Record<"attest" | "consentNote", string>>;

/** The attestation part of a form (`attest`, `consentNote`), as strings; undefined when a field repeats. */
export const ATTESTATION_FORM_FIELDS = ["attest", "consentNote"] as const;

export function checkAttestation(
  raw: Record<string, string>,
): { ok: true; fields: AttestationFields } | { ok: false; errors: AttestationErrors } {
  const parsed = attestationSchema.safeParse(raw);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: AttestationErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === "consentNote" ? "consentNote" : "attest";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
