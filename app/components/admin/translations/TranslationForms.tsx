import { useState } from "react";
import { useFetcher } from "react-router";
import type { ConsoleActionResult } from "~/lib/console-result";
import { CHAPTERS_TEXT_MAX } from "~core/chapters-schema";
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_TRANSLATION_NAME_MAX,
  categoryTranslationSchema,
  checkTranslation,
  type TranslationFieldErrors,
  videoTranslationSchema,
} from "~core/translation-schema";
import type { TranslatedLocale, TranslationStatus } from "~core/translations";
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from "~core/video-schema";
import { fieldClass, fieldErrorClass, primaryButton } from "../console-ui";
import { languageName, TranslationStatusBadge, writtenIn } from "./translation-labels";

/**
 * A video's or a category's versions in the six other languages (docs/i18n.md "Content"): a table of their states
 * and, per language, a form with the English fields' rules checked in the browser before anything is sent (the
 * server checks again, chapters against the video's length). The console stays in English; each field is marked
 * with the language it is written in (`lang`, and `dir` for Arabic).
 */

export interface TranslationFormValues {
  locale: TranslatedLocale;
  status: TranslationStatus;
  /** The title (videos) or the name (categories). */
  title: string;
  description: string;
  /** Videos only: the chapter list as text. */
  chapters?: string;
}

/** The edit page's "Translations" section: the states, then a form per language. */
export function TranslationsSection({
  kind,
  targetId,
  forms,
  headingLevel = 2,
}: {
  kind: "video" | "category";
  targetId: string;
  forms: TranslationFormValues[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const id = `translations-${targetId}`;
  return (
    <section
      id={kind === "video" ? "translations" : undefined}
      aria-labelledby={id}
      className="space-y-3 rounded-xl border border-ink-700 bg-ink-900/60 p-4"
    >
      <Heading id={id} className="text-lg font-bold">
        Translations
      </Heading>
      <p className="text-sm text-zinc-300">
        English is the source. A missing or draft translation shows the English text on that language's pages, marked as English; only a
        published one is shown.
      </p>
      <ul className="space-y-2">
        {forms.map((f) => (
          <li key={f.locale}>
            <details className="rounded-lg border border-ink-700 p-3">
              <summary className="flex cursor-pointer flex-wrap items-center gap-3">
                <span className="font-semibold">{languageName(f.locale)}</span>
                <TranslationStatusBadge status={f.status} />
              </summary>
              <TranslationForm kind={kind} targetId={targetId} values={f} />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TranslationForm({ kind, targetId, values }: { kind: "video" | "category"; targetId: string; values: TranslationFormValues }) {
  const save = useFetcher<ConsoleActionResult>({ key: `translation-${targetId}-${values.locale}` });
  const [clientErrors, setClientErrors] = useState<TranslationFieldErrors>({});
  const result = save.state === "idle" ? save.data : undefined;
  const errors: Partial<Record<string, string>> = Object.keys(clientErrors).length
    ? clientErrors
    : result && !result.ok
      ? { ...result.fieldErrors, form: result.message ?? result.fieldErrors.form }
      : {};
  const saved = result?.ok && Object.keys(clientErrors).length === 0;
  const base = `translation-${targetId}-${values.locale}`;
  const lang = writtenIn(values.locale);
  const titleField = kind === "video" ? "title" : "name";
  const field = (name: string) => ({
    id: `${base}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${base}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${base}-${name}-error`} className={fieldErrorClass}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <save.Form
      method="post"
      noValidate
      preventScrollReset
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        const raw = Object.fromEntries([...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)]));
        const checked = checkTranslation(kind === "video" ? videoTranslationSchema : categoryTranslationSchema, raw);
        setClientErrors(checked.ok ? {} : checked.errors);
        if (!checked.ok) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="translation" />
      <input type="hidden" name="locale" value={values.locale} />
      {kind === "category" && <input type="hidden" name="categoryId" value={targetId} />}
      <div>
        <label htmlFor={`${base}-${titleField}`} className="block text-sm text-zinc-300">
          {kind === "video" ? "Title" : "Name"} ({languageName(values.locale)})
        </label>
        <input
          {...field(titleField)}
          {...lang}
          defaultValue={values.title}
          maxLength={kind === "video" ? VIDEO_TITLE_MAX : CATEGORY_TRANSLATION_NAME_MAX}
          className={fieldClass}
        />
        {error(titleField)}
      </div>
      <div>
        <label htmlFor={`${base}-description`} className="block text-sm text-zinc-300">
          Description ({languageName(values.locale)}, optional)
        </label>
        <textarea
          {...field("description")}
          {...lang}
          rows={kind === "video" ? 4 : 2}
          defaultValue={values.description}
          maxLength={kind === "video" ? VIDEO_DESCRIPTION_MAX : CATEGORY_DESCRIPTION_MAX}
          className={fieldClass}
        />
        {error("description")}
      </div>
      {kind === "video" && (
        <div>
          <label htmlFor={`${base}-chapters`} className="block text-sm text-zinc-300">
            Chapters ({languageName(values.locale)}, one a line as in English; empty shows the English chapters)
          </label>
          <textarea
            {...field("chapters")}
            {...lang}
            rows={4}
            defaultValue={values.chapters}
            maxLength={CHAPTERS_TEXT_MAX}
            spellCheck={false}
            className={`${fieldClass} font-mono`}
          />
          {error("chapters")}
        </div>
      )}
      <div>
        <label htmlFor={`${base}-state`} className="block text-sm text-zinc-300">
          State
        </label>
        <select {...field("state")} defaultValue={values.status === "published" ? "published" : "draft"} className={fieldClass}>
          <option value="draft">Draft (not shown)</option>
          <option value="published">Published</option>
        </select>
        {error("state")}
      </div>
      {(errors.form || errors.locale) && (
        <p role="alert" className={fieldErrorClass}>
          {errors.form ?? errors.locale}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={save.state !== "idle"}>
          {save.state !== "idle" ? "Saving…" : `Save ${languageName(values.locale)}`}
        </button>
        <p aria-live="polite" className="text-sm text-emerald-300">
          {saved ? "Translation saved." : ""}
        </p>
      </div>
    </save.Form>
  );
}
