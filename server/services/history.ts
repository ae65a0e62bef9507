import { sql } from "kysely";
import { getDb } from "../db/connection";
import { CARD_COLUMNS, VIDEOS_PER_PAGE, type VideoCard } from "./videos";

/**
 * Watch history with a resume position (docs/product.md "Accounts"). The player reports the position every few seconds;
 * one row per user and video keeps the latest. The user id always comes from the session.
 */

export const HISTORY_PER_PAGE = VIDEOS_PER_PAGE;
/** Positions this close to the start or the end offer no resume: the video is new or finished. */
export const RESUME_MIN_SECONDS = 5;
export const RESUME_END_MARGIN_SECONDS = 10;

export interface HistoryEntry extends VideoCard {
  position_seconds: number;
  watched_at: Date;
}

export type RecordOutcome = "recorded" | "paused" | "not-found";

/**
 * Stores where the user is in a public video. Nothing is stored while history is paused, and a position past
 * the video's length is capped to it (the client reports it, so it is not trusted).
 */
export async function recordPosition(userId: string, videoId: string, positionSeconds: number): Promise<RecordOutcome> {
  const db = getDb();
  const result = await db
    .insertInto("watch_history")
    .columns(["user_id", "video_id", "position_seconds"])
    .expression((eb) =>
      eb
        .selectFrom("videos as v")
        .innerJoin("users as u", (join) => join.on("u.id", "=", userId))
        .select([
          "u.id as user_id",
          "v.id as video_id",
          sql<number>`least(${positionSeconds}::real, greatest(v.duration, 0)::real)`.as("position_seconds"),
        ])
        .where("v.id", "=", videoId)
        .where("v.is_public", "=", true)
        .where("u.history_paused", "=", false),
    )
    .onConflict((oc) =>
      oc.columns(["user_id", "video_id"]).doUpdateSet((eb) => ({
        position_seconds: eb.ref("excluded.position_seconds"),
        watched_at: sql<Date>`now()`,
      })),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return "recorded";
  return (await isHistoryPaused(userId)) ? "paused" : "not-found";
}

/** One page (1-based) of the user's history, most recently watched first, with the total. */
export async function listHistory(userId: string, page: number): Promise<{ entries: HistoryEntry[]; total: number }> {
  const db = getDb();
  const offset = (Math.max(1, page) - 1) * HISTORY_PER_PAGE;
  const base = db
    .selectFrom("watch_history as h")
    .innerJoin("videos as v", "v.id", "h.video_id")
    .where("h.user_id", "=", userId)
    .where("v.is_public", "=", true);
  const [entries, count] = await Promise.all([
    base
      .leftJoin("categories as c", "c.id", "v.category_id")
      .select([...CARD_COLUMNS, "h.position_seconds", "h.watched_at"])
      .orderBy("h.watched_at", "desc")
      .orderBy("v.id", "desc")
      .limit(HISTORY_PER_PAGE)
      .offset(offset)
      .execute(),
    base.select(sql<number>`count(*)::int8`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { entries, total: count.n };
}

/** The resume rule on its own: a position past the first seconds and short of the end. */
export function resumeOffer(positionSeconds: number, durationSeconds: number): number | null {
  const at = Math.floor(positionSeconds);
  if (at < RESUME_MIN_SECONDS) return null;
  if (durationSeconds > 0 && at > durationSeconds - RESUME_END_MARGIN_SECONDS) return null;
  return at;
}

export async function removeFromHistory(userId: string, videoId: string): Promise<void> {
  await getDb().deleteFrom("watch_history").where("user_id", "=", userId).where("video_id", "=", videoId).execute();
}

export async function clearHistory(userId: string): Promise<number> {
  const result = await getDb().deleteFrom("watch_history").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function isHistoryPaused(userId: string): Promise<boolean> {
  const row = await getDb().selectFrom("users").select("history_paused").where("id", "=", userId).executeTakeFirst();
  return row?.history_paused ?? false;
}

export async function setHistoryPaused(userId: string, paused: boolean): Promise<void> {
  await getDb().updateTable("users").set({ history_paused: paused }).where("id", "=", userId).execute();
}
