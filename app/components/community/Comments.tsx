import { useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorState } from "~/components/ui/ErrorState";
import { type Translate, useMessages, usePaths } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { useViewer, useViewerPage } from "~/lib/viewer-state";
import { MAX_REPLIES_PER_THREAD, MAX_THREADS, SHOWN_THREADS_PARAM, THREADS_PER_PAGE } from "~core/comment-limits";
import { type CommunityData, NO_SCRIPT_ERROR_PARAM, NO_SCRIPT_ERRORS, type NoScriptError } from "~core/community-answer";
import { CommentForm } from "./CommentForm";
import { CommentItem } from "./CommentItem";

/** Without JavaScript, `?replyTo=<id>` opens that comment's reply form. */
const REPLY_PARAM = "replyTo";

/** What a post without JavaScript that failed says, back on the page (`?communityError=`). */
const NO_SCRIPT_TEXT: Record<NoScriptError, (t: Translate<"community">) => string> = {
  like: (t) => t("likeFailed"),
  comment: (t) => t("submitFailed"),
  reply: (t) => t("replyFailed"),
  delete: (t) => t("deleteFailed"),
  forbidden: (t) => t("noPermission"),
  rate: (t) => t("rateLimitedMinute"),
  full: (t) => t("threadFull", { max: MAX_REPLIES_PER_THREAD }),
  banned: (t) => t("banned"),
  policy: (t) => t("policy"),
};

/**
 * The Comments section (docs/product.md "Comments"): a form for signed-in users, top-level comments oldest first with their
 * replies, one reply form open at a time, "Load more" past the first 50 threads. New, replied and deleted
 * comments come back through React Router's revalidation, without a page reload.
 */
export function Comments({ videoId, community }: { videoId: string; community: CommunityData }) {
  const { comments, shownThreads } = community;
  const t = useMessages("community");
  const common = useMessages("common");
  const paths = usePaths();
  // A shell (a session cookie, who it is not known yet) shows the form: without JavaScript it is what a
  // signed-in user needs, and the endpoint sends anyone whose session ended to sign in.
  const { viewer, mode } = useViewer();
  const signedIn = mode !== "visitor";
  const isCreator = viewer?.isCreator ?? false;
  const own = new Set(useViewerPage()?.video?.ownCommentIds);
  const viewerProps = { isCreator, signedIn, shell: mode === "shell" };
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const [replyTo, setReplyTo] = useState<string | null>(() => searchParams.get(REPLY_PARAM));
  const closeReply = useCallback(() => {
    const open = replyTo;
    setReplyTo(null);
    // Focus goes back to the Reply button that opened the form.
    if (open) requestAnimationFrame(() => document.getElementById(`reply-${open}`)?.focus());
  }, [replyTo]);
  const noScriptCode = searchParams.get(NO_SCRIPT_ERROR_PARAM) as NoScriptError | null;
  const noScriptError = noScriptCode && NO_SCRIPT_ERRORS.includes(noScriptCode) ? NO_SCRIPT_TEXT[noScriptCode](t) : null;
  const count = comments ? comments.threads.reduce((n, thread) => n + 1 + thread.replies.length, 0) : 0;

  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-10">
      <h2 id="comments-heading" className="mb-4 text-xl font-bold">
        {t("heading")}{" "}
        {comments && count > 0 ? (
          <span className="text-base font-normal text-zinc-400">{t(comments.more ? "countMore" : "count", { count })}</span>
        ) : null}
      </h2>
      {noScriptError && (
        <p role="alert" className="mb-4 rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-2 text-sm text-red-200">
          {noScriptError}
        </p>
      )}
      {signedIn ? (
        <CommentForm videoId={videoId} />
      ) : (
        <p className="rounded-lg bg-ink-900 px-4 py-3 text-zinc-300">
          {t("pleaseLogIn")}{" "}
          <Link to={paths.login(`${paths.video(videoId)}#comments`)} className="font-semibold text-brand-300 underline">
            {common("signIn")}
          </Link>
        </p>
      )}
      {comments === null ? (
        <div className="mt-6">
          <ErrorState message={t("loadFailed")} />
        </div>
      ) : comments.threads.length === 0 ? (
        <p className="mt-6 text-zinc-400">{t("noComments")}</p>
      ) : (
        <>
          <ol className="mt-6 space-y-6">
            {comments.threads.map((thread) => (
              <li key={thread.id} className="border-b border-ink-800 pb-4">
                <CommentItem
                  comment={thread}
                  videoId={videoId}
                  {...viewerProps}
                  mine={own.has(thread.id)}
                  replyControl={
                    signedIn && !thread.isDeleted && thread.replies.length >= MAX_REPLIES_PER_THREAD ? (
                      <span className="px-1 text-sm text-zinc-400">{t("threadFullLabel")}</span>
                    ) : signedIn && !thread.isDeleted ? (
                      hydrated ? (
                        <button
                          id={`reply-${thread.id}`}
                          type="button"
                          aria-expanded={replyTo === thread.id}
                          onClick={() => setReplyTo(replyTo === thread.id ? null : thread.id)}
                          className="rounded px-1 text-sm font-semibold text-zinc-400 hover:text-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-300"
                        >
                          {t("reply")}
                        </button>
                      ) : (
                        <a href={`?${REPLY_PARAM}=${thread.id}#comment-${thread.id}`} className="px-1 text-sm font-semibold text-zinc-400">
                          {t("reply")}
                        </a>
                      )
                    ) : null
                  }
                />
                {replyTo === thread.id && (
                  <div className="mt-3 ms-4 border-s-2 border-ink-700 ps-4 sm:ms-8">
                    <CommentForm videoId={videoId} parentId={thread.id} onCancel={closeReply} onSent={closeReply} />
                  </div>
                )}
                {thread.replies.length > 0 && (
                  <ol aria-label={t("replies")} className="mt-3 ms-4 space-y-4 border-s-2 border-ink-700 ps-4 sm:ms-8">
                    {thread.replies.map((reply) => (
                      <li key={reply.id}>
                        <CommentItem comment={reply} videoId={videoId} {...viewerProps} mine={own.has(reply.id)} />
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ol>
          {comments.more && shownThreads < MAX_THREADS && (
            <Link
              to={`?${SHOWN_THREADS_PARAM}=${shownThreads + THREADS_PER_PAGE}`}
              preventScrollReset
              replace
              className="mt-6 inline-block rounded-lg bg-ink-800 px-4 py-2 font-semibold hover:bg-ink-700"
            >
              {t("loadMore")}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
