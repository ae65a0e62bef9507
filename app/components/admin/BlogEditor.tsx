import { type ReactNode, useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { BLOG_EXCERPT_MAX, blogFieldErrors, blogPostFormSchema, parseTags, slugFromTitle, toDateTimeLocal } from "~core/blog-post-schema";
import { paths } from "~core/paths";
import { BlogContentEditor } from "./BlogContentEditor";
import type { EditorField, EditorPost, Values } from "./blog-editor-fields";
import { errorText, inputClass } from "./editor-styles";
import { SeoPreviews } from "./SeoPreviews";
import { useUnsavedBackup } from "./use-unsaved-backup";

/** What the route's action answers (the route imports this, never the other way round). */
export type EditorActionResult =
  | { ok: true; intent: string }
  | { ok: false; intent: string; fieldErrors: Record<string, string>; message: string | null };

const EMPTY: Values = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  author: "",
  tags: "",
  meta_title: "",
  meta_description: "",
  og_title: "",
  og_description: "",
  og_image_url: "",
  twitter_card_title: "",
  twitter_card_description: "",
  twitter_card_image_url: "",
  canonical_url: "",
  published_at: "",
};

const primaryButton = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60";
const secondaryButton =
  "rounded-lg border border-ink-700 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-800 disabled:opacity-60";
const dangerButton = "rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600 disabled:opacity-60";

function initialValues(post: EditorPost | null): Values {
  if (!post) return EMPTY;
  const { id: _id, published: _p, created_at: _c, updated_at: _u, published_at, ...fields } = post;
  return { ...fields, published_at: toDateTimeLocal(published_at) };
}

const SAVED_TEXT: Record<string, string> = { save: "Saved.", publish: "Published.", unpublish: "Unpublished." };

/** The console's post editor: markdown with a live preview, every SEO field with search and social previews. */
export function BlogEditor({
  post,
  siteUrl,
  created,
  previewHtml,
}: {
  post: EditorPost | null;
  siteUrl: string;
  created: boolean;
  previewHtml: string;
}) {
  const save = useFetcher<EditorActionResult>();
  const remove = useFetcher<EditorActionResult>();
  const [values, setValues] = useState<Values>(() => initialValues(post));
  // A new post's slug follows its title until the slug is edited by hand.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(post === null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const busy = save.state !== "idle" || remove.state !== "idle";
  const serverResult = save.state === "idle" ? save.data : undefined;
  const serverErrors = serverResult && !serverResult.ok ? serverResult.fieldErrors : {};
  const errors: Record<string, string> = Object.keys(clientErrors).length ? clientErrors : serverErrors;
  const formMessage = Object.keys(clientErrors).length
    ? "Some fields need attention."
    : serverResult && !serverResult.ok
      ? serverResult.message
      : remove.state === "idle" && remove.data && !remove.data.ok
        ? remove.data.message
        : null;
  // "Created." is said once: the address drops its ?created=1, so a reload does not repeat it.
  const [justCreated] = useState(created);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (created) navigate(location.pathname, { replace: true, preventScrollReset: true });
  }, [created, navigate, location.pathname]);
  const status = serverResult?.ok ? (SAVED_TEXT[serverResult.intent] ?? "Saved.") : justCreated && !save.data ? "Created." : "";
  const backup = useUnsavedBackup(
    `blog-editor:${post?.id ?? "new"}`,
    values,
    serverResult?.ok ? serverResult : null,
    post ? "blog-editor:new" : undefined,
  );

  const set = (field: EditorField, value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === "title" && slugFollowsTitle ? { slug: slugFromTitle(value) } : {}) }));
    if (clientErrors[field]) setClientErrors(({ [field]: _, ...rest }) => rest);
  };

  const bind = (field: EditorField) => ({
    id: `post-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": [errors[field] ? `post-${field}-error` : "", `post-${field}-hint`].join(" ").trim(),
  });

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link to={paths.admin.blog()} className="text-sm font-medium text-brand-400 hover:text-brand-300">
            ← All posts
          </Link>
          <h1 className="mt-1 text-2xl font-bold">{post ? "Edit post" : "New post"}</h1>
          {post && (
            <p className="mt-1 text-sm text-zinc-300">
              {post.published ? (
                <>
                  Published ·{" "}
                  <a href={paths.blogPost(post.slug)} className="break-all text-brand-400 underline hover:text-brand-300">
                    {paths.blogPost(post.slug)}
                  </a>
                </>
              ) : (
                "Draft: only admins can see it."
              )}
            </p>
          )}
        </div>
      </header>

      {backup.found && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-400/50 bg-amber-950/40 p-4 text-sm text-amber-100"
        >
          <p className="mr-auto">Unsaved changes to this post from earlier in this tab were kept.</p>
          <button
            type="button"
            className={primaryButton}
            onClick={() => {
              if (backup.found) setValues({ ...EMPTY, ...backup.found });
              setSlugFollowsTitle(false);
              backup.dismiss();
            }}
          >
            Restore them
          </button>
          <button type="button" className={secondaryButton} onClick={backup.discard}>
            Discard
          </button>
        </div>
      )}

      <save.Form
        method="post"
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          const parsed = blogPostFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          if (parsed.success) return setClientErrors({});
          event.preventDefault();
          const found = blogFieldErrors(parsed.error);
          setClientErrors(found);
          const first = Object.keys(found)[0];
          if (first) document.getElementById(`post-${first}`)?.focus();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Title"
            field="title"
            error={errors.title}
            hint="Shown on the page and, unless a search title is set, in search results."
          >
            <input {...bind("title")} className={inputClass} autoComplete="off" />
          </Field>
          <Field
            label="Slug"
            field="slug"
            error={errors.slug}
            hint={slugFollowsTitle ? "Made from the title until you edit it." : `The post's address: ${paths.blogPost("your-slug")}.`}
          >
            <div className="flex items-stretch">
              <span className="rounded-l-lg border border-r-0 border-ink-700 bg-ink-800 px-2 py-2 text-sm text-zinc-300">
                {paths.blogPost("")}
              </span>
              <input
                {...bind("slug")}
                onChange={(e) => {
                  setSlugFollowsTitle(false);
                  set("slug", e.target.value);
                }}
                className={`${inputClass} rounded-l-none`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            </div>
          </Field>
        </div>

        <BlogContentEditor
          value={values.content}
          onChange={(v) => set("content", v)}
          error={errors.content}
          initialHtml={previewHtml}
          article={{
            title: values.title.trim() || "Untitled post",
            author: values.author.trim() || null,
            date: post?.published_at ?? post?.created_at ?? new Date().toISOString(),
            tags: parseTags(values.tags),
          }}
        />

        <fieldset className="space-y-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4">
          <legend className="px-1 text-lg font-bold">Search and sharing</legend>
          <Field
            label="Excerpt"
            field="excerpt"
            error={errors.excerpt}
            hint={`Shown in the blog list and, unless a search description is set, as the description (${values.excerpt.length}/${BLOG_EXCERPT_MAX}).`}
          >
            <textarea {...bind("excerpt")} rows={3} className={inputClass} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Tags" field="tags" error={errors.tags} hint="Separated by commas.">
              <input {...bind("tags")} className={inputClass} autoComplete="off" />
            </Field>
            <Field label="Author" field="author" error={errors.author} hint="Optional; shown in the byline.">
              <input {...bind("author")} className={inputClass} autoComplete="off" />
            </Field>
            <Field
              label="Publication date (UTC)"
              field="published_at"
              error={errors.published_at}
              hint="Optional: publishing without one uses the moment you publish."
            >
              <input {...bind("published_at")} type="datetime-local" className={inputClass} />
            </Field>
            <Field
              label="Canonical URL"
              field="canonical_url"
              error={errors.canonical_url}
              hint="Optional: only when the post first appeared elsewhere."
            >
              <input {...bind("canonical_url")} type="url" inputMode="url" className={inputClass} />
            </Field>
            <Field label="Search title" field="meta_title" error={errors.meta_title} hint="Optional: replaces the title in search results.">
              <input {...bind("meta_title")} className={inputClass} autoComplete="off" />
            </Field>
            <Field
              label="Search description"
              field="meta_description"
              error={errors.meta_description}
              hint="Optional: else the excerpt, else the start of the post."
            >
              <textarea {...bind("meta_description")} rows={2} className={inputClass} />
            </Field>
            <Field label="Social title" field="og_title" error={errors.og_title} hint="Optional (og:title): else the search title.">
              <input {...bind("og_title")} className={inputClass} autoComplete="off" />
            </Field>
            <Field label="Social description" field="og_description" error={errors.og_description} hint="Optional (og:description).">
              <textarea {...bind("og_description")} rows={2} className={inputClass} />
            </Field>
            <Field
              label="Social image"
              field="og_image_url"
              error={errors.og_image_url}
              hint="Optional (og:image): an image address (.png, .jpg, .webp…) or /media/…; else the site's default card."
            >
              <input {...bind("og_image_url")} type="url" inputMode="url" className={inputClass} />
            </Field>
            <Field
              label="X/Twitter title"
              field="twitter_card_title"
              error={errors.twitter_card_title}
              hint="Optional: else the social title."
            >
              <input {...bind("twitter_card_title")} className={inputClass} autoComplete="off" />
            </Field>
            <Field
              label="X/Twitter description"
              field="twitter_card_description"
              error={errors.twitter_card_description}
              hint="Optional: else the social description."
            >
              <textarea {...bind("twitter_card_description")} rows={2} className={inputClass} />
            </Field>
            <Field
              label="X/Twitter image"
              field="twitter_card_image_url"
              error={errors.twitter_card_image_url}
              hint="Optional: else the social image."
            >
              <input {...bind("twitter_card_image_url")} type="url" inputMode="url" className={inputClass} />
            </Field>
          </div>
          <SeoPreviews siteUrl={siteUrl} values={values} post={post} />
        </fieldset>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-ink-700 bg-ink-950 px-4 py-3 shadow-[0_-8px_16px_rgba(0,0,0,0.4)]">
          <button type="submit" name="intent" value="save" className={primaryButton} disabled={busy}>
            {post?.published ? "Save" : "Save draft"}
          </button>
          {post?.published ? (
            <button type="submit" name="intent" value="unpublish" className={secondaryButton} disabled={busy}>
              Unpublish
            </button>
          ) : (
            <button type="submit" name="intent" value="publish" className={secondaryButton} disabled={busy}>
              Publish
            </button>
          )}
          <p role="status" className="text-sm text-emerald-300">
            {busy ? "Saving…" : status}
          </p>
          {formMessage && (
            <p role="alert" className="text-sm text-red-300">
              {formMessage}
            </p>
          )}
          {post && !confirmingDelete && (
            <button type="button" className={`${secondaryButton} ml-auto`} onClick={() => setConfirmingDelete(true)}>
              Delete…
            </button>
          )}
        </div>
      </save.Form>

      {post && confirmingDelete && (
        <remove.Form method="post" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-500/50 bg-red-950/40 p-4">
          <p className="mr-auto text-sm text-red-100">Delete “{post.title}” for good? This cannot be undone.</p>
          <button type="submit" name="intent" value="delete" className={dangerButton} disabled={busy}>
            Delete for good
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirmingDelete(false)}>
            Cancel
          </button>
        </remove.Form>
      )}
    </div>
  );
}

function Field({
  label,
  field,
  error,
  hint,
  children,
}: {
  label: string;
  field: EditorField;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={`post-${field}`} className="mb-1 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children}
      {error && (
        <p id={`post-${field}-error`} className={errorText}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`post-${field}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
