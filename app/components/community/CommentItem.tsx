import type { CommentView } from "~/lib/community-answer";
import { COMMUNITY_TEXTS } from "~/lib/community-texts";
import { formatLongDate, formatRelativeTime } from "~/lib/format";
import { ScriptField } from "./ScriptField";
import { useCommunityFetcher } from "./use-community-fetcher";

interface Props {
  comment: CommentView;
  videoId: string;
  /** The viewer is a creator: they may delete any comment and read deleted ones as moderated (SPEC.md §6). */
  isCreator: boolean;
  signedIn: boolean;
  /** The Reply control (top-level comments only, SPEC.md §5); replies get none. */
  replyControl?: React.ReactNode;
}

/**
 * One comment: who ("User", or "Deleted user" once deleted: SPEC.md §2), when, the text as plain text (React
 * escapes it; line breaks kept by CSS), and Delete for its author or a creator.
 */
export function CommentItem({ comment: c, videoId, isCreator, signedIn, replyControl }: Props) {
  const { fetcher, busy, error } = useCommunityFetcher(undefined, { followSignIn: false });
  const canDelete = signedIn && !c.isDeleted && (c.mine || isCreator);
  return (
    <article id={`comment-${c.id}`} aria-label={c.isDeleted ? "Deleted comment" : "Comment"} className="min-w-0">
      <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-zinc-200">{c.isDeleted ? COMMUNITY_TEXTS.deletedAuthor : COMMUNITY_TEXTS.author}</span>
        {c.mine && !c.isDeleted && <span className="text-xs text-zinc-400">(you)</span>}
        <time dateTime={c.createdAt} title={formatLongDate(c.createdAt)} className="text-xs text-zinc-400" suppressHydrationWarning>
          {formatRelativeTime(c.createdAt)}
        </time>
      </header>
      {c.isDeleted ? (
        <p className="mt-1 text-sm italic text-zinc-400">
          {isCreator ? COMMUNITY_TEXTS.deletedByModerator : COMMUNITY_TEXTS.deletedByUser}
        </p>
      ) : (
        <p className="mt-1 whitespace-pre-line break-words text-zinc-200">{c.content}</p>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {replyControl}
        {canDelete && (
          <fetcher.Form method="post" action={`/api/comments/${c.id}/delete`}>
            <input type="hidden" name="videoId" value={videoId} />
            <ScriptField />
            <button
              type="submit"
              disabled={busy}
              aria-label={c.mine ? "Delete your comment" : "Delete comment"}
              className="rounded px-1 text-sm font-semibold text-zinc-400 hover:text-red-300 focus-visible:outline-2 focus-visible:outline-brand-300 disabled:opacity-50"
            >
              {busy ? "Deleting..." : "Delete"}
            </button>
          </fetcher.Form>
        )}
        <span role="alert" className="text-sm text-red-300 empty:hidden">
          {error}
        </span>
      </div>
    </article>
  );
}
