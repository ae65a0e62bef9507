import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import { HIDING_REASONS, REPORT_DETAILS_MAX, REPORT_REASONS, type ReportErrors } from "~core/report-schema";
import type { ReportTarget } from "~core/report-target";
import { SubmitButton } from "../forms/PublicFormParts";
import { reasonLabel } from "./report-reasons";

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
 * announces the question with each choice. A field's message is an id of the `report` texts, worded here.
 */
export function ReportForm({ target, values, errors, message, submitting, formToken }: Props) {
  const t = useMessages("report");
  const paths = usePaths();
  const firstReason = useRef<HTMLInputElement>(null);
  const details = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(values.details.length);
  useEffect(() => {
    if (errors.reason) firstReason.current?.focus();
    else if (errors.details) details.current?.focus();
  }, [errors]);
  return (
    <Form method="post" action={paths.report(target)} className="relative space-y-6" aria-label={t("formLabel")}>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      {message && (
        <p role="alert" className="rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-red-200">
          {message}
        </p>
      )}
      <fieldset aria-describedby={errors.reason ? "report-reason-error" : undefined}>
        <legend className="text-sm font-medium text-zinc-200">{t("reasonLegend")}</legend>
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
                <span className="text-zinc-100">{reasonLabel(t, r.value)}</span>
                {HIDING_REASONS.has(r.value) && <span className="block text-xs text-zinc-400">{t("hidingNote")}</span>}
              </span>
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id="report-reason-error" className="mt-2 text-sm text-red-300">
            {t(errors.reason)}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor="report-details" className="block text-sm font-medium text-zinc-200">
          {t("detailsLabel")} <span className="font-normal text-zinc-400">{t("detailsOptional")}</span>
        </label>
        <textarea
          ref={details}
          id="report-details"
          name="details"
          dir="auto"
          rows={5}
          defaultValue={values.details}
          maxLength={REPORT_DETAILS_MAX * 2}
          onChange={(e) => setLength(e.currentTarget.value.length)}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={`report-details-hint${errors.details ? " report-details-error" : ""}`}
          className={`mt-1 block w-full rounded-lg border bg-ink-950 px-3 py-2 text-zinc-100 focus:border-brand-400 ${errors.details ? "border-red-500" : "border-zinc-500"}`}
        />
        <p id="report-details-hint" className="mt-1 text-xs text-zinc-400">
          {t("detailsHint", { length, max: REPORT_DETAILS_MAX })}
        </p>
        {errors.details && (
          <p id="report-details-error" className="mt-1 text-sm text-red-300">
            {t(errors.details, { max: REPORT_DETAILS_MAX })}
          </p>
        )}
      </div>
      {/* Honeypot: off-screen, out of the tab order and the accessibility tree. */}
      {/* Its label stays "Website" in every language: nobody sees or hears it, and it is the word bots look for. */}
      <div aria-hidden="true" className="absolute -start-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="report-website">Website</label>
        <input id="report-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <SubmitButton submitting={submitting} label={t("send")} />
    </Form>
  );
}
