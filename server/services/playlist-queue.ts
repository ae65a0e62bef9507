import { sql } from "kysely";
import { type PlaylistQueue, type PlaylistRef, WATCH_LATER } from "../../core/playlists";
import { getDb } from "../db/connection";
import { visiblePlaylist } from "./playlist-visibility";

/**
 * The play-through queue of a playlist beside the video page's player (docs/decisions/0034-playlists.md,
 * docs/decisions/0035-up-next-and-autoplay.md): its public videos in order, a window of them around the current
 * one, and the next and previous.
 */

/** Videos shown before the current one in the queue panel, and the panel's size. */
const QUEUE_BEFORE = 10;
const QUEUE_WINDOW = 50;

/**
 * The play-through queue of `ref` around `videoId`, for the viewer (theirs, or a public list): the public
 * videos in order, a window of them around the current one, and the next and previous. Null: not visible.
 */
export async function playlistQueue(viewerId: string | null, ref: PlaylistRef, videoId: string): Promise<PlaylistQueue | null> {
  const found = await visiblePlaylist(viewerId, ref);
  if (!found) return null;
  interface Row {
    id: string;
    title: string;
    duration: number;
    idx: number;
    total: number;
    current: number | null;
  }
  // Numbered among the playable ones; the window is cut around the current video's number in the same pass.
  const { rows } = await sql<Row>`
    WITH playable AS (
      SELECT v.id::text, v.title, v.duration, row_number() OVER (ORDER BY i.position)::int AS idx
      FROM playlist_items i JOIN videos v ON v.id = i.video_id
      WHERE i.playlist_id = ${found.id}::uuid AND v.is_public
    ), placed AS (
      SELECT (SELECT idx FROM playable WHERE id = ${videoId}) AS current, (SELECT count(*)::int FROM playable) AS total
    )
    SELECT p.*, placed.total, placed.current FROM playable p, placed
    WHERE p.idx >= greatest(1, coalesce(placed.current, 1) - ${QUEUE_BEFORE}::int)
      AND p.idx < greatest(1, coalesce(placed.current, 1) - ${QUEUE_BEFORE}::int) + ${QUEUE_WINDOW}::int
    ORDER BY p.idx`.execute(getDb());
  const total = rows[0]?.total ?? 0;
  const current = rows[0]?.current ?? null;
  const items = rows.map((r) => ({ id: r.id, title: r.title, duration: r.duration, index: r.idx }));
  const at = (idx: number) => {
    const r = rows.find((row) => row.idx === idx);
    return r ? { id: r.id, title: r.title } : null;
  };
  return {
    ref: found.kind === "watch_later" ? WATCH_LATER : found.id,
    title: found.title,
    total,
    position: current,
    items,
    next: at(current === null ? 1 : current + 1),
    previous: current === null ? null : at(current - 1),
  };
}
