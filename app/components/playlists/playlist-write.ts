import { paths } from "~core/paths";
import type { PlaylistAnswer } from "~core/playlists";

/**
 * Posts one playlist write from a script (the Save dialog's checkboxes and form, a card's menu) and reads
 * the JSON answer. Not a fetcher: that would revalidate the cached page's loaders for a change it does not show.
 */
export async function postPlaylistWrite(fields: Record<string, string>): Promise<PlaylistAnswer> {
  try {
    const res = await fetch(paths.api.playlists(), {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    return (await res.json()) as PlaylistAnswer;
  } catch {
    // No answer to word: the page words the code in its language (app/lib/playlist-refusal-text.ts).
    return { ok: false, error: "failed", message: "" };
  }
}
