import { Form, Link, useFetcher } from "react-router";
import { Pagination } from "~/components/ui/Pagination";
import { actionMessageOf, type ConsoleActionResult } from "~/lib/console-result";
import type { ModeratedComment } from "~core/console-rows";
import { paths } from "~core/paths";
import { ActionError, Badge, fieldClass, formatWhen, primaryButton, SectionHeader, secondaryButton } from "./console-ui";

/** The console's "Comments" section: every comment newest first, filters, soft delete and restore. */
export function CommentModeration(props: {
  filter: { video: string; user: string };
  page: number;
  pageCount: number;
  total: number;
  comments: ModeratedComment<string>[];
}) {
  const { filter } = props;
  const filtered = Boolean(filter.video || filter.user);
  const hrefFor = (page: number) => paths.admin.comments({ video: filter.video, user: filter.user, page });
  return (
    <div>
      <SectionHeader title="Comments">
        <p>
          Deleting hides a comment's text on the video page (readers see that it was deleted); restoring shows it again. Both are recorded
          in the audit log.
        </p>
      </SectionHeader>

      <Form method="get" role="search" aria-label="Filter comments" className="mb-6 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="filter-video" className="mb-1 block text-sm text-zinc-300">
            Video (id or title)
          </label>
          <input id="filter-video" name="video" defaultValue={filter.video} maxLength={200} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="filter-user" className="mb-1 block text-sm text-zinc-300">
            Author e-mail
          </label>
          <input id="filter-user" name="user" defaultValue={filter.user} maxLength={200} className={fieldClass} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={primaryButton}>
            Filter
          </button>
          {filtered && (
            <Link to={paths.admin.comments()} className={`${secondaryButton} py-2`}>
              Clear
            </Link>
          )}
        </div>
      </Form>

      <p className="mb-3 text-sm text-zinc-400" aria-live="polite">
        {props.total === 1 ? "1 comment" : `${props.total} comments`}
        {filtered ? " match" : ""}
      </p>
      {props.comments.length === 0 ? (
        <p className="rounded-xl border border-ink-700 bg-ink-900/60 p-6 text-sm text-zinc-300">
          {filtered ? "No comment matches these filters." : "No comments yet."}
        </p>
      ) : (
        <ul aria-label="Comments" className="space-y-3">
          {props.comments.map((c) => (
            <CommentItem key={c.id} comment={c} />
          ))}
        </ul>
      )}
      <Pagination current={props.page} total={props.pageCount} hrefFor={hrefFor} />
    </div>
  );
}

function CommentItem({ comment: c }: { comment: ModeratedComment<string> }) {
  const fetcher = useFetcher<ConsoleActionResult>({ key: `comment-${c.id}` });
  // While the change is on its way, show where it is going.
  const pending = fetcher.formData?.get("intent");
  const deleted = pending ? pending === "delete" : c.isDeleted;
  const error = actionMessageOf(fetcher);
  return (
    <li
      data-comment-id={c.id}
      className={`rounded-xl border p-4 ${deleted ? "border-red-900/60 bg-red-950/20" : "border-ink-700 bg-ink-900/60"}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="break-all font-semibold text-zinc-100">{c.authorEmail ?? "Deleted user"}</span>
        <time dateTime={c.createdAt} className="text-zinc-400">
          {formatWhen(c.createdAt)}
        </time>
        {c.isReply && <Badge tone="muted">Reply</Badge>}
        {deleted ? <Badge tone="warn">Deleted</Badge> : <Badge tone="ok">Visible</Badge>}
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-zinc-200">{c.content}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-zinc-400">
          On{" "}
          <Link to={`${paths.video(c.videoId)}#comment-${c.id}`} className="break-words text-brand-300 hover:underline">
            {c.videoTitle}
          </Link>
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="commentId" value={c.id} />
          <input type="hidden" name="intent" value={deleted ? "restore" : "delete"} />
          <button type="submit" className={secondaryButton} disabled={fetcher.state !== "idle"}>
            {deleted ? "Restore" : "Delete"}
            <span className="sr-only"> comment by {c.authorEmail ?? "deleted user"}</span>
          </button>
        </fetcher.Form>
      </div>
      <ActionError message={error} />
    </li>
  );
}
