import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { BLOG_TRANSLATION_FIELDS, type BlogTranslationField, blogTranslationFormSchema } from "~core/blog-translation-schema";
import { localizePath } from "~core/locales";
import { paths } from "~core/paths";
import type { TranslatedLocale, TranslationState } from "~core/translations";
import { BlogContentEditor } from "./BlogContentEditor";
import type { EditorActionResult } from "./BlogEditor";
import { BlogSaveBar, ConfirmBlogDelete } from "./BlogEditorActions";
import { BlogEditorField, checkBeforeSending, type FieldBinding } from "./BlogEditorField";
import { BlogLanguages, type TranslationStatuses } from "./BlogLanguages";
import { inputClass } from "./editor-styles";
import { languageName, writtenIn } from "./translations/translation-labels";
import { UnsavedBackupAlert } from "./UnsavedBackupAlert";
import { useUnsavedBackup } from "./use-unsaved-backup";

export type TranslationValues = Record<BlogTranslationField, string>;

/** What the editor route's loader sends for a post's version in another language (docs/i18n.md "Content"). */
export interface TranslationEditorData {
  post: { id: string; title: string; slug: string; excerpt: string; content: string; author: string; tags: string[]; date: string };
  locale: TranslatedLocale;
  /** The stored version, or null when the language is missing. */
  translation: { state: TranslationState; values: TranslationValues } | null;
  statuses: TranslationStatuses;
  previewHtml: string;
}

const SAVED_TEXT: Record<string, string> = {
  save: "Saved.",
  publish: "Published.",
  unpublish: "Unpublished: readers see the English post.",
  delete: "Deleted: readers see the English post.",
};
const EMPTY = Object.fromEntries(BLOG_TRANSLATION_FIELDS.map((f) => [f, ""])) as TranslationValues;

/** The texts of one field row: label and hint, the English editor's wording. */
const SEO_FIELDS: { field: Exclude<BlogTranslationField, "title" | "content">; label: string; hint: string; rows?: number }[] = [
  {
    field: "excerpt",
    label: "Excerpt",
    hint: "Shown in the blog list and, unless a search description is set, as the description.",
    rows: 3,
  },
  { field: "meta_title", label: "Search title", hint: "Optional: replaces the title in search results." },
  { field: "meta_description", label: "Search description", hint: "Optional: else the excerpt, else the start of the post.", rows: 2 },
  { field: "og_title", label: "Social title", hint: "Optional (og:title): else the search title." },
  { field: "og_description", label: "Social description", hint: "Optional (og:description).", rows: 2 },
  { field: "twitter_card_title", label: "X/Twitter title", hint: "Optional: else the social title." },
  { field: "twitter_card_description", label: "X/Twitter description", hint: "Optional: else the social description.", rows: 2 },
];

/**
 * A post's version in one other language: its texts with the English editor's checks, saved as a draft or
 * published; the slug, byline, tags and images stay the English post's. The English text is shown for reference.
 */
export function BlogTranslationEditor({ post, locale, translation, statuses, previewHtml }: TranslationEditorData) {
  const save = useFetcher<EditorActionResult>();
  const remove = useFetcher<EditorActionResult>();
  const [values, setValues] = useState<TranslationValues>(() => translation?.values ?? EMPTY);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const language = languageName(locale);
  const busy = save.state !== "idle" || remove.state !== "idle";
  const serverResult = save.state === "idle" ? save.data : undefined;
  const errors: Record<string, string> = Object.keys(clientErrors).length
    ? clientErrors
    : serverResult && !serverResult.ok
      ? serverResult.fieldErrors
      : {};
  const removed = remove.state === "idle" ? remove.data : undefined;
  const formMessage = Object.keys(clientErrors).length
    ? "Some fields need attention."
    : serverResult && !serverResult.ok
      ? serverResult.message
      : removed && !removed.ok
        ? removed.message
        : null;
  const done = removed?.ok ? removed : serverResult?.ok ? serverResult : undefined;
  const status = done ? (SAVED_TEXT[done.intent] ?? "Saved.") : "";
  const state = statuses[locale];
  const backup = useUnsavedBackup(`blog-translation:${post.id}:${locale}`, values, serverResult?.ok ? serverResult : null);

  const set = (field: BlogTranslationField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (clientErrors[field]) setClientErrors(({ [field]: _, ...rest }) => rest);
  };
  const bind = (field: BlogTranslationField): FieldBinding & ReturnType<typeof writtenIn> => ({
    id: `post-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": [errors[field] ? `post-${field}-error` : "", `post-${field}-hint`].join(" ").trim(),
    ...writtenIn(locale),
  });
  const address = localizePath(locale, paths.blogPost(post.slug));

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <Link to={paths.admin.blog()} className="text-sm font-medium text-brand-400 hover:text-brand-300">
          ← All posts
        </Link>
        <h1 className="text-2xl font-bold">
          {language} version of “{post.title}”
        </h1>
        <p className="text-sm text-zinc-300">
          {state === "published" ? (
            <>
              Published ·{" "}
              <a href={address} className="break-all text-brand-400 underline hover:text-brand-300">
                {address}
              </a>
            </>
          ) : state === "draft" ? (
            `Draft: only admins can see it; ${language} readers see the English post, marked as English.`
          ) : (
            `Missing: ${language} readers see the English post, marked as English.`
          )}
        </p>
        <BlogLanguages postId={post.id} statuses={statuses} current={locale} label="Languages of this post" />
      </header>

      {backup.found && (
        <UnsavedBackupAlert
          what="this version"
          onRestore={() => {
            if (backup.found) setValues({ ...EMPTY, ...backup.found });
            backup.dismiss();
          }}
          onDiscard={backup.discard}
        />
      )}

      <details className="rounded-xl border border-ink-700 bg-ink-900/60 p-4 text-sm">
        <summary className="cursor-pointer font-semibold">The English post, to translate from</summary>
        <p className="mt-3 font-semibold">{post.title}</p>
        {post.excerpt && <p className="mt-2 text-zinc-300">{post.excerpt}</p>}
        <pre className="mt-3 max-h-80 overflow-y-auto whitespace-pre-wrap break-words font-mono text-xs text-zinc-300">{post.content}</pre>
      </details>

      <save.Form method="post" noValidate className="space-y-6" onSubmit={checkBeforeSending(blogTranslationFormSchema, setClientErrors)}>
        <BlogEditorField label={`Title (${language})`} field="title" error={errors.title} hint="Shown on the page and in search results.">
          <input {...bind("title")} className={inputClass} autoComplete="off" />
        </BlogEditorField>
        <BlogContentEditor
          value={values.content}
          onChange={(v) => set("content", v)}
          error={errors.content}
          initialHtml={previewHtml}
          article={{
            title: values.title.trim() || "Untitled post",
            author: post.author || null,
            date: post.date,
            tags: post.tags,
            lang: locale,
          }}
        />
        <fieldset className="grid gap-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-bold">Search and sharing ({language})</legend>
          {SEO_FIELDS.map(({ field, label, hint, rows }) => (
            <BlogEditorField key={field} label={label} field={field} error={errors[field]} hint={hint}>
              {rows ? (
                <textarea {...bind(field)} rows={rows} className={inputClass} />
              ) : (
                <input {...bind(field)} className={inputClass} autoComplete="off" />
              )}
            </BlogEditorField>
          ))}
        </fieldset>

        <BlogSaveBar
          published={state === "published"}
          busy={busy}
          status={status}
          formMessage={formMessage}
          deleteLabel={state !== "missing" && !confirmingDelete ? "Delete this version…" : null}
          onDelete={() => setConfirmingDelete(true)}
        />
      </save.Form>

      {state !== "missing" && confirmingDelete && (
        <ConfirmBlogDelete
          fetcher={remove}
          question={`Delete the ${language} version for good? Readers will see the English post.`}
          busy={busy}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </div>
  );
}
