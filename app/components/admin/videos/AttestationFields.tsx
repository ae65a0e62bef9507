import { ATTESTATION_NOTE_MAX, ATTESTATION_TEXT } from "~core/attestation";
import type { VideoFieldErrors } from "~core/video-schema";
import { fieldClass as field, fieldErrorClass as fieldError } from "../console-ui";

/**
 * The upload's attestation (issue 22, item 6): the statement to tick, word for word as it is stored, and an
 * optional note on how the people depicted were made. Errors under their field, tied to it.
 */
export function AttestationFields(props: {
  errors: VideoFieldErrors;
  disabled?: boolean;
  onEdit?: (name: "attest" | "consentNote") => void;
}) {
  const { errors } = props;
  return (
    <fieldset disabled={props.disabled} className="space-y-3 rounded-lg border border-amber-500/40 bg-amber-950/20 p-3">
      <legend className="px-1 text-sm font-semibold text-amber-100">Attestation (required)</legend>
      <label className="flex items-start gap-2 text-sm text-zinc-100">
        <input
          type="checkbox"
          name="attest"
          value="on"
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
          aria-invalid={errors.attest ? true : undefined}
          aria-describedby={errors.attest ? "upload-attest-error" : undefined}
          onChange={() => props.onEdit?.("attest")}
        />
        <span>{ATTESTATION_TEXT}</span>
      </label>
      {errors.attest && (
        <p id="upload-attest-error" className={fieldError}>
          {errors.attest}
        </p>
      )}
      <div>
        <label htmlFor="upload-consentNote" className="mb-1 block text-sm text-zinc-300">
          How were the people in it made, or how was consent documented? <span className="text-zinc-400">(optional)</span>
        </label>
        <textarea
          id="upload-consentNote"
          name="consentNote"
          rows={2}
          maxLength={ATTESTATION_NOTE_MAX}
          className={field}
          aria-invalid={errors.consentNote ? true : undefined}
          aria-describedby={errors.consentNote ? "upload-consentNote-error" : undefined}
          onChange={() => props.onEdit?.("consentNote")}
        />
        {errors.consentNote && (
          <p id="upload-consentNote-error" className={fieldError}>
            {errors.consentNote}
          </p>
        )}
      </div>
    </fieldset>
  );
}
