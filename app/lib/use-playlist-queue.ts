import { useEffect, useState } from "react";
import { DEFAULT_LOCALE, type Locale } from "~core/locales";
import { paths } from "~core/paths";
import type { PlaylistQueue, PlaylistQueueAnswer, PlaylistRef } from "~core/playlists";

export type QueueState = { state: "none" } | { state: "loading" } | { state: "missing" } | { state: "ready"; queue: PlaylistQueue };

/** What follows the current video in the list: its id, title and address (list kept), or null at the end. */
export interface NextInList {
  id: string;
  title: string;
  /** English on another language's page, for want of a translation. */
  title_lang?: Locale;
  href: string;
}

/**
 * The play-through queue of the video page played with `?list=` (docs/decisions/0034-playlists.md). The page
 * is the same cached HTML for everyone, so the queue is asked after hydration from
 * GET /api/playlists/:list/queue (the viewer's own list or a public one). `nextInList` is what an "up next"
 * or autoplay feature plays at the end of the video.
 */
export function usePlaylistQueue(
  list: PlaylistRef | null,
  videoId: string,
  locale: Locale,
): { queue: QueueState; nextInList: NextInList | null } {
  const [fetched, setFetched] = useState<{ key: string; state: QueueState } | null>(null);
  const key = list ? paths.api.playlistQueue(list, videoId, locale === DEFAULT_LOCALE ? undefined : locale) : "";
  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    fetch(key, { headers: { Accept: "application/json" }, signal: abort.signal })
      .then(async (res) =>
        res.status === 404 ? { ok: false as const, error: "not-found" as const } : ((await res.json()) as PlaylistQueueAnswer),
      )
      .then((answer) => setFetched({ key, state: answer.ok ? { state: "ready", queue: answer.queue } : { state: "missing" } }))
      .catch(() => !abort.signal.aborted && setFetched({ key, state: { state: "missing" } }));
    return () => abort.abort();
  }, [key]);
  const queue: QueueState = !list ? { state: "none" } : fetched?.key === key ? fetched.state : { state: "loading" };
  return { queue, nextInList: queue.state === "ready" ? nextInList(queue.queue) : null };
}

/** The queue's next video as an address that keeps the list. */
export function nextInList(queue: PlaylistQueue): NextInList | null {
  return queue.next ? { ...queue.next, href: paths.video(queue.next.id, { list: queue.ref }) } : null;
}
