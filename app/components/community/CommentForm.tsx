import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { COMMENT_MAX_CHARS, commentLength, isCommentSendable } from "~core/comment-rules";
import { paths } from "~core/paths";
import { LocaleField, ScriptField } from "./ScriptField";
import { useCommunityFetcher } from "./use-community-fetcher";

interface Props {
  videoId: string;
  /** A reply to this top-level comment; absent for a new comment. */
  parentId?: string;
  onCancel?: () => void;
  onSent?: () => void;
}

/**
 * A comment or reply form: trimmed text, required (submit disabled while blank), at most 2,000 characters
 * with a counter, checked by the same rule as the server (core/comment-rules.ts). Errors are read out
 * (role="alert"); the typed text stays until the comment is stored.
 */
export function CommentForm({ videoId, parentId, onCancel, onSent }: Props) {
  const t = useMessages("community");
  const common = useMessages("common");
  const { fetcher, busy, error, signIn, answer } = useCommunityFetcher(undefined, { followSignIn: false });
  const [text, setText] = useState("");
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const length = commentLength(text);
  const sendable = isCommentSendable(text);
  // Without JavaScript the text box never reports its text: the browser's `required` and the server decide.
  const hydrated = useHydrated();

  // Stored: clear the text (a reply form closes); the page data is revalidated by React Router.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (answer?.ok && handled.current !== answer) {
      handled.current = answer;
      setText("");
      onSent?.();
    }
  }, [answer, onSent]);

  const isReply = parentId !== undefined;
  // A reply form opens because someone asked for it (Reply): its text box takes the focus.
  useEffect(() => {
    if (isReply) textareaRef.current?.focus();
  }, [isReply]);
  return (
    <fetcher.Form method="post" action={paths.api.comments()} className="space-y-2" aria-busy={busy}>
      <input type="hidden" name="videoId" value={videoId} />
      {isReply && <input type="hidden" name="parentId" value={parentId} />}
      <ScriptField />
      <LocaleField />
      <label htmlFor={`${id}-text`} className={isReply ? "sr-only" : "block text-sm font-semibold text-zinc-200"}>
        {isReply ? t("yourReply") : t("addComment")}
      </label>
      <textarea
        ref={textareaRef}
        id={`${id}-text`}
        name="content"
        required
        rows={isReply ? 2 : 3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-count`}
        aria-invalid={length > COMMENT_MAX_CHARS || undefined}
        placeholder={isReply ? t("writeReply") : t("writeComment")}
        className="block w-full resize-y rounded-lg border border-zinc-500 bg-ink-900 px-3 py-2 text-zinc-100 placeholder:text-zinc-400 focus-visible:border-brand-400"
      />
      <div className="flex flex-wrap items-center gap-3">
        <span id={`${id}-count`} className={`text-xs tabular-nums ${length > COMMENT_MAX_CHARS ? "text-red-300" : "text-zinc-400"}`}>
          {t("characters", { length, max: COMMENT_MAX_CHARS })}
        </span>
        <span className="flex-1" />
        {onCancel && (
          <button type="button" onClick={onCancel} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-zinc-300 hover:bg-ink-800">
            {t("cancel")}
          </button>
        )}
        <button
          type="submit"
          disabled={hydrated && (!sendable || busy)}
          className="rounded-lg bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? t("posting") : isReply ? t("postReply") : t("postComment")}
        </button>
      </div>
      <p role="alert" className="text-sm text-red-300 empty:hidden">
        {error}
        {signIn && (
          <>
            {" "}
            <Link to={signIn} className="font-semibold text-brand-300 underline">
              {common("signIn")}
            </Link>
          </>
        )}
      </p>
    </fetcher.Form>
  );
}
