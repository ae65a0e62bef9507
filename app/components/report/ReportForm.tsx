import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import { paths } from "~core/paths";
import { HIDING_REASONS, REPORT_DETAILS_MAX, REPORT_REASONS, type ReportErrors } from "~core/report-schema";
import type { ReportTarget } from "~core/report-target";

export interface ReportValues {
  reason: string;
  details: string;
}

interface Props {
  target: ReportTarget;
  values: ReportValues;
  errors: ReportErrors;
  message: string | null;
  submitting: boolean;
  /** The single-use form token (server/services/form-token.ts). */
  formToken: string;
}

/**
 * A plain POST form (works without JavaScript; the action re-renders it with errors and the typed details).
 * The reasons are radio buttons in one fieldset, so arrow keys move between them and a screen reader
 * announces the question with each choice.
 */
export function ReportForm({ target, values, errors, message, submitting, formToken }: Props) {
  const firstReason = useRef<HTMLInputElement>(null);
  const details = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(values.details.length);
  useEffect(() => {
    if (errors.reason) firstReason.current?.focus();
    else if (errors.details) details.current?.focus();
  }, [errors]);
  return (
    <Form method="post" action={paths.report(target)} className="relative space-y-6" aria-label="Report form">
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      {message && (
        <p role="alert" className="rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-red-200">
          {message}
        </p>
      )}
      <fieldset aria-describedby={errors.reason ? "report-reason-error" : undefined}>
        <legend className="text-sm font-medium text-zinc-200">Why are you reporting this?</legend>
        <div className="mt-2 space-y-2">
          {REPORT_REASONS.map((r, i) => (
            <label
              key={r.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 has-[:checked]:border-brand-400"
            >
              <input
                ref={i === 0 ? firstReason : undefined}
                type="radio"
                name="reason"
                value={r.value}
                defaultChecked={values.reason === r.value}
                aria-invalid={errors.reason ? true : undefined}
                className="mt-1 accent-brand-500"
              />
              <span>
                <span className="text-zinc-100">{r.label}</span>
                {HIDING_REASONS.has(r.value) && (
                  <span className="block text-xs text-zinc-400">Hidden from everyone at once while our moderators review it.</span>
                )}
              </span>
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id="report-reason-error" className="mt-2 text-sm text-red-300">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor="report-details" className="block text-sm font-medium text-zinc-200">
          Details <span className="font-normal text-zinc-400">(optional)</span>
        </label>
        <textarea
          ref={details}
          id="report-details"
          name="details"
          rows={5}
          defaultValue={values.details}
          maxLength={REPORT_DETAILS_MAX * 2}
          onChange={(e) => setLength(e.currentTarget.value.length)}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={`report-details-hint${errors.details ? " report-details-error" : ""}`}
          className={`mt-1 block w-full rounded-lg border bg-ink-950 px-3 py-2 text-zinc-100 focus:border-brand-400 ${errors.details ? "border-red-500" : "border-ink-700"}`}
        />
        <p id="report-details-hint" className="mt-1 text-xs text-zinc-400">
          What should our moderators look at? A time in the video, who is depicted, where the original is. {length} / {REPORT_DETAILS_MAX}
        </p>
        {errors.details && (
          <p id="report-details-error" className="mt-1 text-sm text-red-300">
            {errors.details}
          </p>
        )}
      </div>
      {/* Honeypot: off-screen, out of the tab order and the accessibility tree. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="report-website">Website</label>
        <input id="report-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        disabled={submitting}
        className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitting ? "Sending..." : "Send Report"}
      </button>
    </Form>
  );
}
