import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import {
  CONTACT_LIMITS,
  type ContactErrors,
  type ContactField,
  type ContactValues,
  charCount,
  contactValuesFromFormData,
  FORM_TOKEN_FIELD,
  firstInvalidField,
  HONEYPOT_FIELD,
  validateContact,
} from "~core/contact-schema";

/** What the server answered when it did not accept a submission (re-rendered with the typed values). */
export interface ContactFailure {
  state: "failed";
  errors: ContactErrors;
  message: string | null;
  values: ContactValues;
  formToken: string;
}

interface ContactFormProps {
  formToken: string;
  failure?: ContactFailure;
  submitting: boolean;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

const inputClass =
  "mt-1 block w-full rounded-lg border bg-ink-950 px-3 py-2 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400";

/**
 * A plain POST form (works without JavaScript: the action re-renders it with errors). With JavaScript the
 * same schema runs first, so most mistakes never reach the server, and React Router submits without a reload.
 */
export function ContactForm({ formToken, failure, submitting }: ContactFormProps) {
  const [errors, setErrors] = useState<ContactErrors>(failure?.errors ?? {});
  const [message, setMessage] = useState<string | null>(failure?.message ?? null);
  const [messageLength, setMessageLength] = useState(charCount(failure?.values.message ?? ""));
  // A new server answer replaces whatever the visitor has cleared or fixed since the last one.
  const [shownFailure, setShownFailure] = useState(failure);
  if (failure !== shownFailure) {
    setShownFailure(failure);
    setErrors(failure?.errors ?? {});
    setMessage(failure?.message ?? null);
  }
  const [hydrated, setHydrated] = useState(false);
  const fields = useRef<Partial<Record<ContactField, FieldElement | null>>>({});

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const first = failure && firstInvalidField(failure.errors);
    if (first) fields.current[first]?.focus();
  }, [failure]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setMessage(null);
    const result = validateContact(contactValuesFromFormData(new FormData(event.currentTarget)));
    if (result.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(result.errors);
    const first = firstInvalidField(result.errors);
    if (first) fields.current[first]?.focus();
  };

  const clearError = (field: ContactField) => {
    if (!errors[field]) return;
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const fieldProps = (field: ContactField) => {
    const error = errors[field];
    return {
      id: `contact-${field}`,
      name: field,
      defaultValue: failure?.values[field] ?? "",
      required: true,
      "aria-invalid": error ? true : undefined,
      "aria-describedby":
        [error ? `contact-${field}-error` : "", field === "message" ? "contact-message-count" : ""].filter(Boolean).join(" ") || undefined,
      ref: (el: FieldElement | null) => {
        fields.current[field] = el;
      },
      onChange: (event: React.ChangeEvent<FieldElement>) => {
        clearError(field);
        if (field === "message") setMessageLength(charCount(event.currentTarget.value));
      },
      className: `${inputClass} ${error ? "border-red-500" : "border-ink-700"}`,
    };
  };

  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      data-hydrated={hydrated ? "true" : undefined}
      className="relative space-y-5"
      aria-label="Contact form"
    >
      {message && (
        <p role="alert" className="rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-red-200">
          {message}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label field="name">Name</Label>
          <input type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name.max * 2} {...fieldProps("name")} />
          <FieldError field="name" error={errors.name} />
        </div>
        <div>
          <Label field="email">Email</Label>
          <input type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email.max * 2} {...fieldProps("email")} />
          <FieldError field="email" error={errors.email} />
        </div>
      </div>
      <div>
        <Label field="subject">Subject</Label>
        <input type="text" autoComplete="off" maxLength={CONTACT_LIMITS.subject.max * 2} {...fieldProps("subject")} />
        <FieldError field="subject" error={errors.subject} />
      </div>
      <div>
        <Label field="message">Message</Label>
        <textarea rows={7} maxLength={CONTACT_LIMITS.message.max * 2} {...fieldProps("message")} />
        <div className="mt-1 flex items-start justify-between gap-4">
          <FieldError field="message" error={errors.message} />
          <p
            id="contact-message-count"
            className={`ml-auto shrink-0 text-xs ${messageLength > CONTACT_LIMITS.message.max ? "text-red-300" : "text-zinc-400"}`}
          >
            {messageLength} / {CONTACT_LIMITS.message.max}
            <span className="sr-only"> characters</span>
          </p>
        </div>
      </div>
      {/* Honeypot: off-screen rather than display:none (some bots skip hidden inputs), out of the tab order and the accessibility tree. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={failure?.formToken ?? formToken} />
      <button
        type="submit"
        disabled={submitting}
        className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitting ? "Sending..." : "Send Message"}
      </button>
    </Form>
  );
}

function Label({ field, children }: { field: ContactField; children: React.ReactNode }) {
  return (
    <label htmlFor={`contact-${field}`} className="block text-sm font-medium text-zinc-200">
      {children}
    </label>
  );
}

function FieldError({ field, error }: { field: ContactField; error?: string }) {
  if (!error) return null;
  return (
    <p id={`contact-${field}-error`} className="mt-1 text-sm text-red-300">
      {error}
    </p>
  );
}
