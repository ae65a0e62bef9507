import { useEffect, useRef, useState } from "react";
import { formatLongDate, formatRelativeTime } from "~/lib/format";
import { useLocale, useMessages, usePaths } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import type { CommentView } from "~core/community-answer";
import { LocaleField, ScriptField } from "./ScriptField";
import { useCommunityFetcher } from "./use-community-fetcher";

interface Props {
  comment: CommentView;
  videoId: string;
  /** The viewer is a creator: they may delete any comment and read deleted ones as moderated (docs/product.md "Roles"). */
  isCreator: boolean;
  signedIn: boolean;
  /** The viewer wrote it (they may delete it). */
  mine: boolean;
  /**
   * A shared page's shell: someone is signed in, whose comments these are is not known yet. A browser without
   * JavaScript never learns it, so it gets a plain Delete form on every comment; the endpoint refuses anyone
   * else's with the permission message.
   */
  shell?: boolean;
  /** The Reply control (top-level comments only, docs/product.md "Comments"); replies get none. */
  replyControl?: React.ReactNode;
}

/**
 * One comment: who ("User", or "Deleted user" once deleted: docs/product.md "Comments"), when, the text as plain text (React
 * escapes it; line breaks kept by CSS), and Delete for its author or a creator.
 */
export function CommentItem({ comment: c, videoId, isCreator, signedIn, mine, shell = false, replyControl }: Props) {
  const t = useMessages("community");
  const locale = useLocale();
  const paths = usePaths();
  const { fetcher, busy, error } = useCommunityFetcher(undefined, { followSignIn: false });
  const canDelete = signedIn && !c.isDeleted && (mine || isCreator);
  return (
    <article id={`comment-${c.id}`} aria-label={c.isDeleted ? t("deletedComment") : t("comment")} className="min-w-0">
      <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-zinc-200">{c.isDeleted ? t("deletedAuthor") : t("author")}</span>
        {mine && !c.isDeleted && <span className="text-xs text-zinc-400">{t("you")}</span>}
        <time dateTime={c.createdAt} title={formatLongDate(c.createdAt, locale)} className="text-xs text-zinc-400" suppressHydrationWarning>
          {formatRelativeTime(c.createdAt, new Date(), locale)}
        </time>
      </header>
      {c.isDeleted ? (
        <p className="mt-1 text-sm italic text-zinc-400">{isCreator ? t("deletedByModerator") : t("deletedByUser")}</p>
      ) : c.isHeld ? (
        <p className="mt-1 text-sm italic text-zinc-400">{t("heldForReview")}</p>
      ) : (
        <p dir="auto" className="mt-1 whitespace-pre-line break-words text-zinc-200">
          {c.content}
        </p>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {replyControl}
        {canDelete && <DeleteControl commentId={c.id} videoId={videoId} mine={mine} fetcher={fetcher} busy={busy} />}
        {shell && !canDelete && !c.isDeleted && (
          <noscript>
            <form method="post" action={paths.api.deleteComment(c.id)}>
              <input type="hidden" name="videoId" value={videoId} />
              <LocaleField />
              <button type="submit" aria-label={t("deleteIfYours")} className={DELETE_BUTTON}>
                {t("delete")}
              </button>
            </form>
          </noscript>
        )}
        {!c.isDeleted && !c.isHeld && (
          <a href={paths.report({ type: "comment", id: c.id })} className={DELETE_BUTTON} aria-label={t("reportComment")}>
            {t("report")}
          </a>
        )}
        <span role="alert" className="text-sm text-red-300 empty:hidden">
          {error}
        </span>
      </div>
    </article>
  );
}

const DELETE_BUTTON =
  "rounded px-1 text-sm font-semibold text-zinc-400 hover:text-red-300 focus-visible:outline-2 focus-visible:outline-brand-300 disabled:opacity-50";

/**
 * Delete asks once before it removes anything: the first press opens "Delete this comment?" with the real
 * submit and Cancel (Escape cancels too). Without JavaScript the button posts the form directly.
 */
function DeleteControl(props: {
  commentId: string;
  videoId: string;
  mine: boolean;
  fetcher: ReturnType<typeof useCommunityFetcher>["fetcher"];
  busy: boolean;
}) {
  const { commentId, videoId, mine, fetcher, busy } = props;
  const t = useMessages("community");
  const paths = usePaths();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => openRef.current?.focus());
  };
  const label = mine ? t("deleteYours") : t("deleteComment");
  if (hydrated && !confirming && !busy) {
    return (
      <button ref={openRef} type="button" aria-label={label} onClick={() => setConfirming(true)} className={DELETE_BUTTON}>
        {t("delete")}
      </button>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={paths.api.deleteComment(commentId)}
      className="flex flex-wrap items-center gap-2"
      onSubmit={() => setConfirming(false)}
      onKeyDown={(e) => {
        if (e.key === "Escape") cancel();
      }}
    >
      <input type="hidden" name="videoId" value={videoId} />
      <ScriptField />
      <LocaleField />
      {hydrated && !busy && <span className="text-sm text-zinc-200">{t("confirmDelete")}</span>}
      <button ref={confirmRef} type="submit" disabled={busy} aria-label={hydrated ? undefined : label} className={DELETE_BUTTON}>
        {busy ? t("deleting") : hydrated ? t("yesDelete") : t("delete")}
      </button>
      {hydrated && !busy && (
        <button type="button" onClick={cancel} className={DELETE_BUTTON}>
          {t("cancel")}
        </button>
      )}
    </fetcher.Form>
  );
}
