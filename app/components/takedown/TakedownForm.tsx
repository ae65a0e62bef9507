import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import {
  firstInvalidTakedownField,
  GOOD_FAITH_STATEMENT,
  TAKEDOWN_KINDS,
  TAKEDOWN_LIMITS,
  type TakedownErrors,
  type TakedownField,
  type TakedownValues,
  takedownValuesFromFormData,
  validateTakedown,
} from "~core/takedown-schema";

/** What the server answered when it did not accept a request (re-rendered with the typed values). */
export interface TakedownFailure {
  state: "failed";
  errors: TakedownErrors;
  message: string | null;
  values: TakedownValues;
  formToken: string;
}

interface TakedownFormProps {
  formToken: string;
  prefillUrl: string;
  failure?: TakedownFailure;
  submitting: boolean;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

const inputClass =
  "mt-1 block w-full rounded-lg border bg-ink-950 px-3 py-2 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400";

/**
 * A plain POST form, as the contact form (app/components/contact/ContactForm.tsx): without JavaScript the
 * action re-renders it with errors; with it the same schema runs first.
 */
export function TakedownForm({ formToken, prefillUrl, failure, submitting }: TakedownFormProps) {
  const [errors, setErrors] = useState<TakedownErrors>(failure?.errors ?? {});
  const [message, setMessage] = useState<string | null>(failure?.message ?? null);
  const [shownFailure, setShownFailure] = useState(failure);
  if (failure !== shownFailure) {
    setShownFailure(failure);
    setErrors(failure?.errors ?? {});
    setMessage(failure?.message ?? null);
  }
  const [hydrated, setHydrated] = useState(false);
  const fields = useRef<Partial<Record<TakedownField, FieldElement | null>>>({});

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const first = failure && firstInvalidTakedownField(failure.errors);
    if (first) fields.current[first]?.focus();
  }, [failure]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setMessage(null);
    const result = validateTakedown(takedownValuesFromFormData(new FormData(event.currentTarget)));
    if (result.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(result.errors);
    const first = firstInvalidTakedownField(result.errors);
    if (first) fields.current[first]?.focus();
  };

  const described = (field: TakedownField, extra?: string) =>
    [errors[field] ? `takedown-${field}-error` : "", extra ?? ""].filter(Boolean).join(" ") || undefined;
  const fieldProps = (field: TakedownField) => ({
    id: `takedown-${field}`,
    name: field,
    defaultValue: failure?.values[field] ?? (field === "urls" ? prefillUrl : ""),
    required: true,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": described(field),
    ref: (el: FieldElement | null) => {
      fields.current[field] = el;
    },
    onChange: () => {
      if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
    },
    className: `${inputClass} ${errors[field] ? "border-red-500" : "border-ink-700"}`,
  });
  const kind = failure?.values.kind ?? "";

  return (
    <Form
      method="post"
      action="/takedown"
      noValidate
      onSubmit={onSubmit}
      data-hydrated={hydrated ? "true" : undefined}
      className="relative space-y-5"
      aria-label="Takedown request"
    >
      {message && (
        <p role="alert" className="rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-red-200">
          {message}
        </p>
      )}
      <fieldset aria-describedby={described("kind")}>
        <legend className="text-sm font-medium text-zinc-200">What is the request about?</legend>
        <div className="mt-2 space-y-2">
          {TAKEDOWN_KINDS.map((k) => (
            <label key={k.value} className="flex items-start gap-2 text-zinc-200">
              <input
                type="radio"
                name="kind"
                value={k.value}
                defaultChecked={kind === k.value}
                className="mt-1"
                onChange={() => errors.kind && setErrors(({ kind: _k, ...rest }) => rest)}
              />
              <span>{k.label}</span>
            </label>
          ))}
        </div>
        <FieldError field="kind" error={errors.kind} />
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label field="name">Your full name</Label>
          <input type="text" autoComplete="name" maxLength={TAKEDOWN_LIMITS.name.max * 2} {...fieldProps("name")} />
          <FieldError field="name" error={errors.name} />
        </div>
        <div>
          <Label field="email">Email</Label>
          <input type="email" autoComplete="email" maxLength={TAKEDOWN_LIMITS.email.max * 2} {...fieldProps("email")} />
          <FieldError field="email" error={errors.email} />
        </div>
      </div>
      <div>
        <Label field="urls">Addresses of the material (one per line)</Label>
        <textarea rows={3} maxLength={TAKEDOWN_LIMITS.urls.max * 2} {...fieldProps("urls")} />
        <FieldError field="urls" error={errors.urls} />
      </div>
      <div>
        <Label field="description">Describe the person depicted, or the work that is copied</Label>
        <textarea rows={6} maxLength={TAKEDOWN_LIMITS.description.max * 2} {...fieldProps("description")} />
        <FieldError field="description" error={errors.description} />
      </div>
      <div>
        <label className="flex items-start gap-2 text-zinc-200">
          <input
            type="checkbox"
            id="takedown-goodFaith"
            name="goodFaith"
            value="on"
            defaultChecked={failure?.values.goodFaith === "on"}
            aria-invalid={errors.goodFaith ? true : undefined}
            aria-describedby={described("goodFaith")}
            className="mt-1"
            onChange={() => errors.goodFaith && setErrors(({ goodFaith: _g, ...rest }) => rest)}
          />
          <span>{GOOD_FAITH_STATEMENT}</span>
        </label>
        <FieldError field="goodFaith" error={errors.goodFaith} />
      </div>
      <div>
        <Label field="signature">Electronic signature (type your full name)</Label>
        <input type="text" autoComplete="name" maxLength={TAKEDOWN_LIMITS.signature.max * 2} {...fieldProps("signature")} />
        <FieldError field="signature" error={errors.signature} />
      </div>
      {/* Honeypot: off-screen rather than display:none (some bots skip hidden inputs), out of the tab order and the accessibility tree. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="takedown-website">Website</label>
        <input id="takedown-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={failure?.formToken ?? formToken} />
      <button
        type="submit"
        disabled={submitting}
        className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitting ? "Sending..." : "Send request"}
      </button>
    </Form>
  );
}

function Label({ field, children }: { field: TakedownField; children: React.ReactNode }) {
  return (
    <label htmlFor={`takedown-${field}`} className="block text-sm font-medium text-zinc-200">
      {children}
    </label>
  );
}

function FieldError({ field, error }: { field: TakedownField; error?: string }) {
  if (!error) return null;
  return (
    <p id={`takedown-${field}-error`} className="mt-1 text-sm text-red-300">
      {error}
    </p>
  );
}
