import { Link } from "react-router";
import { formatViews } from "~/lib/format";
import { useLocale, useMessages, usePaths } from "~/lib/i18n";
import { LocaleField, ScriptField } from "./ScriptField";
import { useCommunityFetcher } from "./use-community-fetcher";

const buttonClass =
  "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300 disabled:cursor-wait disabled:opacity-70";

/**
 * The Like button with its count (docs/product.md "Likes"). Signed in: a form posting the state wanted (a fetcher
 * once hydrated, a plain post without JavaScript), disabled while the request runs; the count moves at
 * once and the revalidated page data then reconciles it with the database. Visitors: a link to sign in
 * that comes back to this video.
 */
export function LikeButton({ videoId, likes, liked, signedIn }: { videoId: string; likes: number; liked: boolean; signedIn: boolean }) {
  const t = useMessages("community");
  const locale = useLocale();
  const paths = usePaths();
  const { fetcher, busy, error, answer } = useCommunityFetcher(`like-${videoId}`);
  const pending = fetcher.formData?.get("liked");
  // This page's own last answer stands until the viewer's state, asked again after it, has caught up.
  const answered = answer?.ok ? answer.liked : undefined;
  const shownLiked = pending ? pending === "true" : (answered ?? liked);
  const shownLikes = Math.max(0, likes + (pending ? (shownLiked === liked ? 0 : shownLiked ? 1 : -1) : 0));
  const label = formatViews(shownLikes, locale);
  // The accessible name starts with the visible text ("Like 1.2K") and adds the exact count; it does not
  // change with the state, which aria-pressed carries (and the filled heart shows).
  if (!signedIn) {
    return (
      <Link to={paths.login(paths.video(videoId))} className={`${buttonClass} bg-ink-800 text-zinc-100 hover:bg-ink-700`}>
        <HeartIcon filled={false} />
        {t("like")} <span className="tabular-nums">{label}</span>
        <span className="sr-only"> {t("likeCountSignIn", { count: shownLikes })}</span>
      </Link>
    );
  }
  return (
    <div className="inline-flex items-center gap-3">
      <fetcher.Form method="post" action={paths.api.like(videoId)}>
        <input type="hidden" name="liked" value={shownLiked ? "false" : "true"} />
        <ScriptField />
        <LocaleField />
        <button
          type="submit"
          disabled={busy}
          aria-pressed={shownLiked}
          className={`${buttonClass} ${shownLiked ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-ink-800 text-zinc-100 hover:bg-ink-700"}`}
        >
          <HeartIcon filled={shownLiked} />
          {t("like")} <span className="tabular-nums">{label}</span>
          <span className="sr-only"> {t("likeCount", { count: shownLikes })}</span>
        </button>
      </fetcher.Form>
      <span role="alert" className="text-sm text-red-300">
        {error}
      </span>
    </div>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.1 4.4 2.6.9-1.5 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}
