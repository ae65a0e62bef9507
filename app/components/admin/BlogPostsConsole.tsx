import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Pagination } from "~/components/ui/Pagination";
import type { AuditEntry } from "~core/console-rows";
import { paths } from "~core/paths";
import { BlogLanguages, type TranslationStatuses } from "./BlogLanguages";
import { dangerButton, formatWhen, SectionHeader } from "./console-ui";

/** What the route's action answers (the route imports this, never the other way round). */
export type BlogListActionResult =
  | { ok: true; intent: string; postId: string }
  | { ok: false; intent: string; postId: string | null; message: string };

// The page's own shape, not core/console-rows.ts: the route renames the service's snake_case columns (ConsolePostSummary).
interface PostRow {
  id: string;
  title: string;
  slug: string;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its state in each other language (docs/i18n.md "Content"). */
  translations: TranslationStatuses | null;
}

const primaryLink = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const smallButton = "rounded-lg border border-ink-700 px-3 py-1.5 text-sm font-medium text-zinc-100 hover:bg-ink-800 disabled:opacity-60";

/** The console's "Blog" section: every post, drafts included, newest first, with its row actions. */
export function BlogPostsConsole(props: {
  page: number;
  pageCount: number;
  total: number;
  deleted: boolean;
  posts: PostRow[];
  audit: Pick<AuditEntry<string>, "id" | "at" | "actorEmail" | "action" | "target">[];
}) {
  return (
    <div className="space-y-8">
      <SectionHeader
        title="Blog"
        actions={
          <Link to={paths.admin.newBlogPost()} className={primaryLink}>
            New post
          </Link>
        }
      >
        <p>{`${props.total === 1 ? "1 post" : `${props.total} posts`}, drafts included. Changes show on the public blog at once.`}</p>
      </SectionHeader>
      <p role="status" className="text-sm text-emerald-300 empty:hidden">
        {props.deleted ? "The post was deleted." : ""}
      </p>
      {props.posts.length === 0 ? (
        <p className="rounded-xl border border-ink-700 bg-ink-900/60 p-6 text-sm text-zinc-300">
          No posts yet.{" "}
          <Link to={paths.admin.newBlogPost()} className="font-medium text-brand-400 underline hover:text-brand-300">
            Write the first one
          </Link>
          .
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Posts">
          {props.posts.map((post) => (
            <PostItem key={post.id} post={post} />
          ))}
        </ul>
      )}
      <Pagination current={props.page} total={props.pageCount} hrefFor={(page) => paths.admin.blog({ page })} />
      <section aria-labelledby="blog-audit-heading">
        <h2 id="blog-audit-heading" className="mb-3 text-lg font-bold">
          Recent changes
        </h2>
        {props.audit.length === 0 ? (
          <p className="text-sm text-zinc-400">No changes recorded yet.</p>
        ) : (
          <ol className="space-y-2 text-sm" aria-label="Recent blog changes">
            {props.audit.map((e) => (
              <li key={e.id} className="break-words rounded-lg border border-ink-700 bg-ink-900/40 px-3 py-2">
                <time dateTime={e.at} className="text-zinc-400">
                  {formatWhen(e.at)}
                </time>{" "}
                · <span className="break-all">{e.actorEmail}</span> · <strong>{e.action}</strong>{" "}
                <span className="break-all">{e.target}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function PostItem({ post }: { post: PostRow }) {
  const fetcher = useFetcher<BlogListActionResult>({ key: `blog-row-${post.id}` });
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent");
  const published = pending === "publish" ? true : pending === "unpublish" ? false : post.published;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const headingId = `post-${post.id}-title`;
  return (
    <li className="rounded-xl border border-ink-700 bg-ink-900/60 p-4" aria-labelledby={headingId} data-post-slug={post.slug}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="break-words font-semibold">
            <Link to={paths.admin.blogPost(post.id)} className="hover:underline">
              {post.title}
            </Link>
          </h3>
          <p className="mt-1 break-all text-xs text-zinc-400">{paths.blogPost(post.slug)}</p>
          <p className="mt-1 text-xs text-zinc-400">
            <span
              className={`mr-2 inline-block rounded-full px-2 py-0.5 font-semibold ${published ? "bg-emerald-900/70 text-emerald-200" : "bg-ink-700 text-zinc-200"}`}
            >
              {published ? "Published" : "Draft"}
            </span>
            {post.publishedAt && published ? <>published {formatWhen(post.publishedAt)} · </> : null}
            updated {formatWhen(post.updatedAt)}
          </p>
          {post.translations && (
            <div className="mt-2">
              <BlogLanguages postId={post.id} statuses={post.translations} label={`Translations of ${post.title}`} />
            </div>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Link to={paths.admin.blogPost(post.id)} className={smallButton} aria-label={`Edit ${post.title}`}>
            Edit
          </Link>
          {published && (
            <a href={paths.blogPost(post.slug)} className={smallButton} aria-label={`View ${post.title} on the blog`}>
              View
            </a>
          )}
          <fetcher.Form method="post">
            <input type="hidden" name="postId" value={post.id} />
            <button
              type="submit"
              name="intent"
              value={published ? "unpublish" : "publish"}
              className={smallButton}
              disabled={busy}
              aria-label={`${published ? "Unpublish" : "Publish"} ${post.title}`}
            >
              {published ? "Unpublish" : "Publish"}
            </button>
          </fetcher.Form>
          {!confirming && (
            <button type="button" className={smallButton} onClick={() => setConfirming(true)} aria-label={`Delete ${post.title}`}>
              Delete…
            </button>
          )}
        </div>
      </div>
      {confirming && (
        <fetcher.Form
          method="post"
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-red-500/50 bg-red-950/40 p-3"
        >
          <input type="hidden" name="postId" value={post.id} />
          <p className="mr-auto text-sm text-red-100">Delete this post for good? This cannot be undone.</p>
          <button type="submit" name="intent" value="delete" className={dangerButton} disabled={busy}>
            Delete for good
          </button>
          <button type="button" className={smallButton} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fetcher.Form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </li>
  );
}
