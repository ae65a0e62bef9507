import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { paths } from "~core/paths";
import type { PlaylistAnswer } from "~core/playlists";

/**
 * A playlist page's write (POST /api/playlists through a fetcher): busy while it runs, its refusal once
 * answered. The page's loader runs again after it (React Router revalidates), so the list shows the result.
 * `goToCreated`: a created playlist's page opens.
 */
export function usePlaylistWrite(options: { goToCreated?: boolean } = {}) {
  const fetcher = useFetcher<PlaylistAnswer>();
  const navigate = useNavigate();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const { goToCreated } = options;
  useEffect(() => {
    if (goToCreated && answer?.ok && answer.playlistId) navigate(paths.playlist(answer.playlistId));
  }, [answer, goToCreated, navigate]);
  return { fetcher, busy: fetcher.state !== "idle", refusal: answer && !answer.ok ? answer : null, answer };
}
