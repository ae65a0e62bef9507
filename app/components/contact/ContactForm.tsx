import { useState } from "react";
import { Form } from "react-router";
import { useMessages } from "~/lib/i18n";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactErrors,
  type ContactField,
  type ContactProblem,
  type ContactValues,
  contactValuesFromFormData,
  validateContact,
} from "~core/contact-schema";
import { charCount } from "~core/readable-text";
import { AntiBotFields, FieldLabel, FieldError as FieldMessage, FormAlert, SubmitButton, usePublicForm } from "../forms/PublicFormParts";

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
  "mt-1 block w-full rounded-lg border bg-ink-950 px-3 py-2 text-zinc-100 placeholder:text-zinc-400 focus:border-brand-400";

/**
 * A plain POST form (works without JavaScript: the action re-renders it with errors). With JavaScript the
 * same schema runs first, so most mistakes never reach the server, and React Router submits without a reload.
 * Both give a field's message as an id of the `contact` texts, worded here in the page's language.
 */
export function ContactForm({ formToken, failure, submitting }: ContactFormProps) {
  const t = useMessages("contact");
  const { errors, message, hydrated, onSubmit, clearError, register } = usePublicForm(failure, CONTACT_FIELDS, (form) =>
    validateContact(contactValuesFromFormData(form)),
  );
  const [messageLength, setMessageLength] = useState(charCount(failure?.values.message ?? ""));

  const fieldProps = (field: ContactField) => {
    const error = errors[field];
    return {
      id: `contact-${field}`,
      name: field,
      // Typed text takes its own direction (an address or an English name on an Arabic page).
      dir: "auto",
      defaultValue: failure?.values[field] ?? "",
      required: true,
      "aria-invalid": error ? true : undefined,
      "aria-describedby":
        [error ? `contact-${field}-error` : "", field === "message" ? "contact-message-count" : ""].filter(Boolean).join(" ") || undefined,
      ref: register(field),
      onChange: (event: React.ChangeEvent<FieldElement>) => {
        clearError(field);
        if (field === "message") setMessageLength(charCount(event.currentTarget.value));
      },
      className: `${inputClass} ${error ? "border-red-500" : "border-zinc-500"}`,
    };
  };

  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      data-hydrated={hydrated ? "true" : undefined}
      className="relative space-y-5"
      aria-label={t("formLabel")}
    >
      <FormAlert message={message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label field="name">{t("name")}</Label>
          <input type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name.max * 2} {...fieldProps("name")} />
          <FieldError field="name" error={errors.name} />
        </div>
        <div>
          <Label field="email">{t("email")}</Label>
          <input type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email.max * 2} {...fieldProps("email")} />
          <FieldError field="email" error={errors.email} />
        </div>
      </div>
      <div>
        <Label field="subject">{t("subject")}</Label>
        <input type="text" autoComplete="off" maxLength={CONTACT_LIMITS.subject.max * 2} {...fieldProps("subject")} />
        <FieldError field="subject" error={errors.subject} />
      </div>
      <div>
        <Label field="message">{t("message")}</Label>
        <textarea rows={7} maxLength={CONTACT_LIMITS.message.max * 2} {...fieldProps("message")} />
        <div className="mt-1 flex items-start justify-between gap-4">
          <FieldError field="message" error={errors.message} />
          <p
            id="contact-message-count"
            className={`ms-auto shrink-0 text-xs ${messageLength > CONTACT_LIMITS.message.max ? "text-red-300" : "text-zinc-400"}`}
          >
            {messageLength} / {CONTACT_LIMITS.message.max}
            <span className="sr-only"> {t("characters", { max: CONTACT_LIMITS.message.max })}</span>
          </p>
        </div>
      </div>
      <AntiBotFields idPrefix="contact" formToken={failure?.formToken ?? formToken} />
      <SubmitButton submitting={submitting} label={t("send")} />
    </Form>
  );
}

function Label({ field, children }: { field: ContactField; children: React.ReactNode }) {
  return <FieldLabel htmlFor={`contact-${field}`}>{children}</FieldLabel>;
}

function FieldError({ field, error }: { field: ContactField; error?: ContactProblem }) {
  const t = useMessages("contact");
  return <FieldMessage id={`contact-${field}-error`} error={error && t(error)} />;
}
