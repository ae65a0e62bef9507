import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";
import { refusalText } from "~/lib/playlist-refusal-text";
import type { PlaylistAnswer } from "~core/playlists";

/**
 * A playlist page's write (POST /api/playlists through a fetcher): busy while it runs, its refusal once
 * answered, its `message` in the page's language. The page's loader runs again after it (React Router
 * revalidates), so the list shows the result. `goToCreated`: a created playlist's page opens.
 */
export function usePlaylistWrite(options: { goToCreated?: boolean } = {}) {
  const t = useMessages("playlists");
  const paths = usePaths();
  const fetcher = useFetcher<PlaylistAnswer>();
  const navigate = useNavigate();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const { goToCreated } = options;
  useEffect(() => {
    if (goToCreated && answer?.ok && answer.playlistId) navigate(paths.playlist(answer.playlistId));
  }, [answer, goToCreated, navigate, paths]);
  const refusal = answer && !answer.ok ? { ...answer, message: refusalText(t, answer) } : null;
  return { fetcher, busy: fetcher.state !== "idle", refusal, answer };
}
