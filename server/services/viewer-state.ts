import { sql } from "kysely";
import { storedCaptionStyle } from "../../core/caption-style";
import { isLocale } from "../../core/locales";
import type { Viewer } from "../../core/viewer";
import type { ViewerScope, ViewerState } from "../../core/viewer-state";
import { getDb } from "../db/connection";
import { resumeOffer } from "./history";

/**
 * The most of their own comment ids answered for one video: 100 minutes of commenting at the rate limit.
 * Past it a person's oldest comments there show without their Delete button (the console still removes them).
 */
export const MAX_OWN_COMMENT_IDS = 1000;

interface StateRow {
  history_paused: boolean | null;
  autoplay: boolean | null;
  caption_style: unknown;
  locale: string | null;
  favorite_ids: string[];
  liked: boolean;
  watch_later: boolean;
  position_seconds: number | null;
  duration: number | null;
  own_comment_ids: string[];
}

/**
 * What is the signed-in viewer's on a page that is the same for everyone (core/viewer-state.ts): their
 * favorites among its cards and, on a video page, their like, favorite, Watch Later, resume point and own comments (not
 * deleted, newest first). Every signed-in page view on a shared page asks it, so it is one statement: one
 * round trip and one pooled connection, each part an index lookup.
 */
export async function viewerState(viewer: Viewer, scope: ViewerScope): Promise<ViewerState> {
  const video = scope.video ?? null;
  const asked = [...new Set([...(video ? [video] : []), ...(scope.cards ?? [])])];
  const { rows } = await sql<StateRow>`
    SELECT
      u.history_paused,
      u.autoplay,
      u.caption_style,
      u.locale,
      ARRAY(SELECT video_id::text FROM favorites WHERE user_id = ${viewer.id} AND video_id = ANY(${asked}::uuid[])) AS favorite_ids,
      EXISTS(SELECT 1 FROM video_likes WHERE user_id = ${viewer.id} AND video_id = ${video}::uuid) AS liked,
      EXISTS(
        SELECT 1 FROM playlists p JOIN playlist_items i ON i.playlist_id = p.id AND i.video_id = ${video}::uuid
        WHERE p.user_id = ${viewer.id} AND p.kind = 'watch_later'
      ) AS watch_later,
      (SELECT position_seconds FROM watch_history WHERE user_id = ${viewer.id} AND video_id = ${video}::uuid) AS position_seconds,
      (SELECT duration FROM videos WHERE id = ${video}::uuid) AS duration,
      ARRAY(
        SELECT id::text FROM comments
        WHERE user_id = ${viewer.id} AND video_id = ${video}::uuid AND NOT is_deleted
        ORDER BY created_at DESC LIMIT ${MAX_OWN_COMMENT_IDS}
      ) AS own_comment_ids
    -- The user's row once for its settings; one row (of NULLs) even when it is gone.
    FROM (VALUES (1)) AS one LEFT JOIN users u ON u.id = ${viewer.id}`.execute(getDb());
  const row = rows[0] as StateRow;
  const favorites = new Set(row.favorite_ids);
  return {
    viewer,
    historyPaused: row.history_paused ?? false,
    autoplay: row.autoplay,
    captionStyle: storedCaptionStyle(row.caption_style),
    locale: isLocale(row.locale) ? row.locale : null,
    favoriteIds: (scope.cards ?? []).filter((id) => favorites.has(id)),
    video: video
      ? {
          liked: row.liked,
          favorite: favorites.has(video),
          watchLater: row.watch_later,
          resumeAt: row.position_seconds === null ? null : resumeOffer(row.position_seconds, row.duration ?? 0),
          ownCommentIds: row.own_comment_ids,
        }
      : null,
  };
}
