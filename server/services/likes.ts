import { sql } from "kysely";
import { getDb } from "../db/connection";
import { standingQuery } from "./standing";

/**
 * Likes (docs/product.md "Likes"): a `video_likes` row per user and video, and `videos.likes` moved by one in the
 * same statement. Callers say which state they want (liked or not) rather than "toggle", so a double
 * click or a retried request cannot flip the state twice; the UNIQUE (video_id, user_id) constraint and
 * `ON CONFLICT DO NOTHING` make concurrent likes count once, and the counter only moves when a row was
 * really inserted or deleted (never below 0: the CHECK on videos.likes and GREATEST).
 */

export type LikeOutcome = { status: "ok"; liked: boolean; likes: number } | { status: "not-found" } | { status: "banned"; reason: string };

export async function setLike(userId: string, videoId: string, liked: boolean): Promise<LikeOutcome> {
  const row = await likeStatement(userId, videoId, liked);
  if (row.banned) return { status: "banned", reason: row.ban_reason ?? "" };
  if (!row.found) return { status: "not-found" };
  return { status: "ok", liked, likes: row.likes };
}

interface LikeRow {
  banned: boolean;
  ban_reason: string | null;
  /** The video is public (and the user may write): the like was set as asked. */
  found: boolean;
  /** The counter after the statement. */
  likes: number;
}

/**
 * One statement, one round trip (as a counted view, services/views.ts): the user's standing, the video, the row
 * and the counter. Only public videos can be liked, by users who are not banned; the counter moves only when a row
 * was really inserted or deleted, and the UPDATE's row lock orders concurrent likes of one video (PostgreSQL
 * re-reads the counter it waited for). When nothing changed the video row is not written at all.
 */
async function likeStatement(userId: string, videoId: string, liked: boolean): Promise<LikeRow> {
  const change = liked
    ? sql`INSERT INTO video_likes (video_id, user_id) SELECT id, ${userId} FROM target
        ON CONFLICT (video_id, user_id) DO NOTHING RETURNING video_id`
    : sql`DELETE FROM video_likes WHERE video_id = (SELECT id FROM target) AND user_id = ${userId} RETURNING video_id`;
  const counted = liked ? sql`likes + 1` : sql`GREATEST(likes - 1, 0)`;
  const { rows } = await sql<LikeRow>`
    WITH standing AS (${standingQuery(userId)}
    ), target AS (
      SELECT id FROM videos WHERE id = ${videoId} AND is_public
        AND NOT EXISTS (SELECT 1 FROM standing WHERE banned)
    ), changed AS (${change}
    ), counter AS (
      UPDATE videos SET likes = ${counted} WHERE id = (SELECT video_id FROM changed) RETURNING likes
    )
    SELECT coalesce((SELECT banned FROM standing), false) AS banned, (SELECT ban_reason FROM standing) AS ban_reason,
      EXISTS (SELECT 1 FROM target) AS found,
      coalesce((SELECT likes FROM counter), (SELECT likes FROM videos WHERE id = (SELECT id FROM target)), 0) AS likes`.execute(getDb());
  return rows[0] ?? { banned: false, ban_reason: null, found: false, likes: 0 };
}
