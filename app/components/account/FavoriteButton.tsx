import { Link, useFetcher, useLocation } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";
import { useViewer } from "~/lib/viewer-state";
import type { FavoriteAnswer } from "~core/favorites";

/**
 * Adds or removes a video from the signed-in user's favorites (`POST /api/favorites`). The change shows at
 * once (optimistic) and is undone if the server refuses it. Visitors get a link to sign in that comes back
 * to this page. Without JavaScript the form posts and the server sends the browser back here. On a shell
 * (signed in, state not arrived) it is the form in its neutral state: adding is harmless when it was there.
 * `compact`: the icon-only control laid over a video card. Its texts are `playlists` (a page that lists cards
 * sends that namespace).
 */
export function FavoriteButton({
  videoId,
  favorite,
  title,
  compact = false,
}: {
  videoId: string;
  favorite: boolean;
  title: string;
  compact?: boolean;
}) {
  const t = useMessages("playlists");
  const paths = usePaths();
  const { mode } = useViewer();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const fetcher = useFetcher<FavoriteAnswer>();
  const pending = fetcher.formData?.get("favorite");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown = pending !== undefined && pending !== null ? pending === "true" : answer?.ok ? answer.favorite : favorite;
  const failed = answer && !answer.ok;
  const label = compact ? t("favoriteFor", { title }) : undefined;
  const look = compact
    ? "grid h-9 w-9 place-items-center rounded-full bg-black/70 text-white hover:bg-black/90"
    : "inline-flex items-center gap-2 rounded-full bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700";

  if (mode === "visitor") {
    return (
      <Link to={paths.login(here)} className={look} aria-label={label} title={t("signInToFavorite")}>
        <Heart filled={false} />
        {!compact && <span>{t("favorite")}</span>}
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" action={paths.api.favorites()} className="inline-flex items-center gap-3">
      <input type="hidden" name="videoId" value={videoId} />
      <input type="hidden" name="favorite" value={shown ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        className={`${look} disabled:cursor-wait`}
        aria-pressed={shown}
        aria-label={label}
        disabled={fetcher.state !== "idle"}
        title={shown ? t("removeFromFavorites") : t("addToFavorites")}
      >
        <Heart filled={shown} />
        {!compact && <span>{t("favorite")}</span>}
      </button>
      {failed && !compact && (
        <span role="alert" className="text-sm text-red-300">
          {answer.error === "too-many" ? t("tooManyRequests") : t("favoriteFailed")}
        </span>
      )}
    </fetcher.Form>
  );
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={filled ? "text-brand-400" : ""}>
      <path
        d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5h2C14 6.1 15.4 5 17.4 5c3.4 0 5.5 3.4 4.1 6.8C19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
