import { useEffect, useRef, useState } from "react";
import { useMessages } from "~/lib/i18n";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";

/**
 * The parts the public forms share (contact, takedown): the server's message above the fields, a field's
 * label and error, the honeypot and the signed form token, the submit button. One look, one behaviour.
 */

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-red-200">
      {message}
    </p>
  );
}

export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-zinc-200">
      {children}
    </label>
  );
}

/** A field's message; its id is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-300">
      {error}
    </p>
  );
}

/**
 * The honeypot (off-screen rather than display:none, since some bots skip hidden inputs; out of the tab order
 * and the accessibility tree) and the server-issued form token. Its label stays "Website" in every language:
 * nobody sees or hears it, and it is the word bots look for.
 */
export function AntiBotFields({ idPrefix, formToken }: { idPrefix: string; formToken: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -start-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-website`}>Website</label>
        <input id={`${idPrefix}-website`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
    </>
  );
}

export function SubmitButton({ submitting, label }: { submitting: boolean; label: string }) {
  const t = useMessages("forms");
  return (
    <button
      type="submit"
      disabled={submitting}
      className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {submitting ? t("sending") : label}
    </button>
  );
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * A public form's state: the field messages (ids of the form's texts, `P`) and the form's message (a new server answer replaces whatever the
 * visitor cleared or fixed since the last one), whether it is hydrated, and focus on the first refused field.
 * `onSubmit` runs the shared schema first and sends only a valid form (without JavaScript the server does it all).
 */
export function usePublicForm<F extends string, P extends string>(
  failure: { errors: Partial<Record<F, P>>; message: string | null } | undefined,
  fieldOrder: readonly F[],
  validate: (form: FormData) => { success: true } | { success: false; errors: Partial<Record<F, P>> },
) {
  const [errors, setErrors] = useState<Partial<Record<F, P>>>(failure?.errors ?? {});
  const [message, setMessage] = useState<string | null>(failure?.message ?? null);
  const [shownFailure, setShownFailure] = useState(failure);
  if (failure !== shownFailure) {
    setShownFailure(failure);
    setErrors(failure?.errors ?? {});
    setMessage(failure?.message ?? null);
  }
  const [hydrated, setHydrated] = useState(false);
  const fields = useRef<Partial<Record<F, FieldElement | null>>>({});
  const focusFirst = (refused: Partial<Record<F, P>>) => {
    const first = fieldOrder.find((f) => refused[f]);
    if (first) fields.current[first]?.focus();
  };

  useEffect(() => setHydrated(true), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new server answer is what moves the focus
  useEffect(() => {
    if (failure) focusFirst(failure.errors);
  }, [failure]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setMessage(null);
    const result = validate(new FormData(event.currentTarget));
    if (result.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(result.errors);
    focusFirst(result.errors);
  };

  const clearError = (field: F) => {
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest as Partial<Record<F, P>>);
  };
  const register = (field: F) => (el: FieldElement | null) => {
    fields.current[field] = el;
  };
  return { errors, message, hydrated, onSubmit, clearError, register };
}
