import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { blogPostFormSchema, parseTags, slugFromTitle } from "~core/blog-post-schema";
import { paths } from "~core/paths";
import { BlogContentEditor } from "./BlogContentEditor";
import { BlogSaveBar, ConfirmBlogDelete } from "./BlogEditorActions";
import { BlogEditorField, checkBeforeSending, type FieldBinding } from "./BlogEditorField";
import { BlogLanguages, type TranslationStatuses } from "./BlogLanguages";
import { BlogSeoFields } from "./BlogSeoFields";
import { type EditorField, type EditorPost, EMPTY, initialValues, type Values } from "./blog-editor-fields";
import { inputClass } from "./editor-styles";
import { UnsavedBackupAlert } from "./UnsavedBackupAlert";
import { useUnsavedBackup } from "./use-unsaved-backup";

/** What the route's action answers (the route imports this, never the other way round). */
export type EditorActionResult =
  | { ok: true; intent: string }
  | { ok: false; intent: string; fieldErrors: Record<string, string>; message: string | null };

const SAVED_TEXT: Record<string, string> = { save: "Saved.", publish: "Published.", unpublish: "Unpublished." };

/** The console's post editor: markdown with a live preview, every SEO field with search and social previews. */
export function BlogEditor({
  post,
  siteUrl,
  created,
  previewHtml,
  statuses,
}: {
  post: EditorPost | null;
  siteUrl: string;
  created: boolean;
  previewHtml: string;
  /** The post's state in each other language: the editor's language switcher (docs/i18n.md "Content"). */
  statuses?: TranslationStatuses | null;
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

  const bind = (field: EditorField): FieldBinding => ({
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
          {post && statuses && (
            <div className="mt-3">
              <BlogLanguages postId={post.id} statuses={statuses} current="en" label="Languages of this post" />
            </div>
          )}
        </div>
      </header>

      {backup.found && (
        <UnsavedBackupAlert
          what="this post"
          onRestore={() => {
            if (backup.found) setValues({ ...EMPTY, ...backup.found });
            setSlugFollowsTitle(false);
            backup.dismiss();
          }}
          onDiscard={backup.discard}
        />
      )}

      <save.Form method="post" noValidate className="space-y-6" onSubmit={checkBeforeSending(blogPostFormSchema, setClientErrors)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <BlogEditorField
            label="Title"
            field="title"
            error={errors.title}
            hint="Shown on the page and, unless a search title is set, in search results."
          >
            <input {...bind("title")} className={inputClass} autoComplete="off" />
          </BlogEditorField>
          <BlogEditorField
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
          </BlogEditorField>
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

        <BlogSeoFields values={values} errors={errors} bind={bind} siteUrl={siteUrl} post={post} />

        <BlogSaveBar
          published={Boolean(post?.published)}
          busy={busy}
          status={status}
          formMessage={formMessage}
          deleteLabel={post && !confirmingDelete ? "Delete…" : null}
          onDelete={() => setConfirmingDelete(true)}
        />
      </save.Form>

      {post && confirmingDelete && (
        <ConfirmBlogDelete
          fetcher={remove}
          question={`Delete “${post.title}” for good? This cannot be undone.`}
          busy={busy}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </div>
  );
}
