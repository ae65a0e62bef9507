import { Form } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";
import {
  TAKEDOWN_FIELDS,
  TAKEDOWN_KIND_MESSAGES,
  TAKEDOWN_KINDS,
  TAKEDOWN_LIMITS,
  type TakedownErrors,
  type TakedownField,
  type TakedownProblem,
  type TakedownValues,
  takedownValuesFromFormData,
  validateTakedown,
} from "~core/takedown-schema";
import { AntiBotFields, FieldLabel, FieldError as FieldMessage, FormAlert, SubmitButton, usePublicForm } from "../forms/PublicFormParts";

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

const inputClass =
  "mt-1 block w-full rounded-lg border bg-ink-950 px-3 py-2 text-zinc-100 placeholder:text-zinc-400 focus:border-brand-400";

/**
 * A plain POST form, as the contact form (app/components/contact/ContactForm.tsx): without JavaScript the
 * action re-renders it with errors; with it the same schema runs first. Both give a field's message as an id of
 * the `takedown` texts, worded here in the page's language.
 */
export function TakedownForm({ formToken, prefillUrl, failure, submitting }: TakedownFormProps) {
  const t = useMessages("takedown");
  const paths = usePaths();
  const { errors, message, hydrated, onSubmit, clearError, register } = usePublicForm(failure, TAKEDOWN_FIELDS, (form) =>
    validateTakedown(takedownValuesFromFormData(form)),
  );

  const described = (field: TakedownField, extra?: string) =>
    [errors[field] ? `takedown-${field}-error` : "", extra ?? ""].filter(Boolean).join(" ") || undefined;
  const fieldProps = (field: TakedownField) => ({
    id: `takedown-${field}`,
    name: field,
    // Typed text takes its own direction (an address or an English name on an Arabic page).
    dir: "auto",
    defaultValue: failure?.values[field] ?? (field === "urls" ? prefillUrl : ""),
    required: true,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": described(field),
    ref: register(field),
    onChange: () => clearError(field),
    className: `${inputClass} ${errors[field] ? "border-red-500" : "border-zinc-500"}`,
  });
  const kind = failure?.values.kind ?? "";

  return (
    <Form
      method="post"
      action={paths.takedown()}
      noValidate
      onSubmit={onSubmit}
      data-hydrated={hydrated ? "true" : undefined}
      className="relative space-y-5"
      aria-label={t("formLabel")}
    >
      <FormAlert message={message} />
      <fieldset aria-describedby={described("kind")}>
        <legend className="text-sm font-medium text-zinc-200">{t("kindLegend")}</legend>
        <div className="mt-2 space-y-2">
          {TAKEDOWN_KINDS.map((k) => (
            <label key={k.value} className="flex items-start gap-2 text-zinc-200">
              <input
                type="radio"
                name="kind"
                value={k.value}
                defaultChecked={kind === k.value}
                className="mt-1"
                onChange={() => clearError("kind")}
              />
              <span>{t(TAKEDOWN_KIND_MESSAGES[k.value])}</span>
            </label>
          ))}
        </div>
        <FieldError field="kind" error={errors.kind} />
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label field="name">{t("name")}</Label>
          <input type="text" autoComplete="name" maxLength={TAKEDOWN_LIMITS.name.max * 2} {...fieldProps("name")} />
          <FieldError field="name" error={errors.name} />
        </div>
        <div>
          <Label field="email">{t("email")}</Label>
          <input type="email" autoComplete="email" maxLength={TAKEDOWN_LIMITS.email.max * 2} {...fieldProps("email")} />
          <FieldError field="email" error={errors.email} />
        </div>
      </div>
      <div>
        <Label field="urls">{t("urls")}</Label>
        <textarea rows={3} maxLength={TAKEDOWN_LIMITS.urls.max * 2} {...fieldProps("urls")} />
        <FieldError field="urls" error={errors.urls} />
      </div>
      <div>
        <Label field="description">{t("description")}</Label>
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
            onChange={() => clearError("goodFaith")}
          />
          <span>{t("goodFaith")}</span>
        </label>
        <FieldError field="goodFaith" error={errors.goodFaith} />
      </div>
      <div>
        <Label field="signature">{t("signature")}</Label>
        <input type="text" autoComplete="name" maxLength={TAKEDOWN_LIMITS.signature.max * 2} {...fieldProps("signature")} />
        <FieldError field="signature" error={errors.signature} />
      </div>
      <AntiBotFields idPrefix="takedown" formToken={failure?.formToken ?? formToken} />
      <SubmitButton submitting={submitting} label={t("send")} />
    </Form>
  );
}

function Label({ field, children }: { field: TakedownField; children: React.ReactNode }) {
  return <FieldLabel htmlFor={`takedown-${field}`}>{children}</FieldLabel>;
}

function FieldError({ field, error }: { field: TakedownField; error?: TakedownProblem }) {
  const t = useMessages("takedown");
  // "Enter at most {count} addresses" is the one message with a number of its own.
  return <FieldMessage id={`takedown-${field}-error`} error={error && t(error, { count: TAKEDOWN_LIMITS.urls.count })} />;
}
