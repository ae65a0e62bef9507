import { type Kysely, sql, type Transaction } from "kysely";
import { PLAYLIST_LIMITS, type PlaylistRef, WATCH_LATER, WATCH_LATER_TITLE } from "../../core/playlists";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";

/**
 * The videos in a user's playlist: adding, taking out and reordering (docs/decisions/0034-playlists.md). Every
 * change takes the owner's id from the session and locks their playlist in the same transaction, so nobody edits
 * another person's list. Watch Later is the user's playlist of kind `watch_later`, made on the first save. Only
 * public videos can be added; one hidden later stays stored (playlist-page.ts shows it as unavailable).
 */

type Db = Kysely<Database> | Transaction<Database>;

export type AddResult = "added" | "already" | "not-found" | "video-not-found" | "full";

/** The owner's Watch Later id, made on first use (concurrent first saves meet at the unique index). */
async function ensureWatchLater(db: Db, userId: string): Promise<string> {
  await db
    .insertInto("playlists")
    .values({ user_id: userId, kind: "watch_later", title: WATCH_LATER_TITLE })
    .onConflict((oc) => oc.column("user_id").where("kind", "=", "watch_later").doNothing())
    .execute();
  const row = await db
    .selectFrom("playlists")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", "watch_later")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Locks the owner's playlist named by `ref` for a change of its items; Watch Later is made if `create`.
 * Null: no such playlist of theirs.
 */
async function lockOwned(trx: Transaction<Database>, userId: string, ref: PlaylistRef, create: boolean): Promise<string | null> {
  if (ref === WATCH_LATER && create) await ensureWatchLater(trx, userId);
  let query = trx.selectFrom("playlists").select("id").where("user_id", "=", userId);
  query = ref === WATCH_LATER ? query.where("kind", "=", "watch_later") : query.where("id", "=", ref);
  const row = await query.forUpdate().executeTakeFirst();
  return row?.id ?? null;
}

/** Whether `videoId` is a public video, the only kind a playlist takes (playlist-edits.ts asks it for a first video). */
export async function isPublicVideo(db: Db, videoId: string): Promise<boolean> {
  const row = await db.selectFrom("videos").select("id").where("id", "=", videoId).where("is_public", "=", true).executeTakeFirst();
  return Boolean(row);
}

/** Adds a public video at the end of the owner's playlist (Watch Later made on the first save). */
export async function addToPlaylist(userId: string, ref: PlaylistRef, videoId: string): Promise<AddResult> {
  return getDb()
    .transaction()
    .execute(async (trx): Promise<AddResult> => {
      if (!(await isPublicVideo(trx, videoId))) return "video-not-found";
      const id = await lockOwned(trx, userId, ref, true);
      if (!id) return "not-found";
      const stats = await trx
        .selectFrom("playlist_items")
        .select([
          sql<number>`count(*)::int`.as("n"),
          sql<number>`coalesce(max(position), 0)::int`.as("last"),
          sql<boolean>`bool_or(video_id = ${videoId})`.as("has"),
        ])
        .where("playlist_id", "=", id)
        .executeTakeFirstOrThrow();
      if (stats.has) return "already";
      if (stats.n >= PLAYLIST_LIMITS.itemsPerPlaylist) return "full";
      await trx
        .insertInto("playlist_items")
        .values({ playlist_id: id, video_id: videoId, position: stats.last + 1 })
        .execute();
      await trx.updateTable("playlists").set({ updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
      return "added";
    });
}

/** Takes a video out of the owner's playlist, closing the gap; false when the playlist is not theirs. */
export async function removeFromPlaylist(userId: string, ref: PlaylistRef, videoId: string): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const id = await lockOwned(trx, userId, ref, false);
      // No Watch Later yet: nothing was saved, so nothing to take out.
      if (!id) return ref === WATCH_LATER;
      const gone = await trx
        .deleteFrom("playlist_items")
        .where("playlist_id", "=", id)
        .where("video_id", "=", videoId)
        .returning("position")
        .executeTakeFirst();
      if (gone) {
        await trx
          .updateTable("playlist_items")
          .set({ position: sql<number>`position - 1` })
          .where("playlist_id", "=", id)
          .where("position", ">", gone.position)
          .execute();
        await trx.updateTable("playlists").set({ updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
      }
      return true;
    });
}

/**
 * Moves a video of the owner's playlist to the 0-based place `to` (past the end: last); the ones between
 * shift by one. "not-found": not their playlist, or the video is not in it.
 */
export async function moveInPlaylist(userId: string, ref: PlaylistRef, videoId: string, to: number): Promise<"moved" | "not-found"> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const id = await lockOwned(trx, userId, ref, false);
      if (!id) return "not-found";
      const item = await trx
        .selectFrom("playlist_items")
        .select("position")
        .where("playlist_id", "=", id)
        .where("video_id", "=", videoId)
        .executeTakeFirst();
      if (!item) return "not-found";
      const { n } = await trx
        .selectFrom("playlist_items")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("playlist_id", "=", id)
        .executeTakeFirstOrThrow();
      const from = item.position;
      const target = Math.min(Math.max(to, 0), n - 1) + 1;
      if (target === from) return "moved";
      // One statement: the moved item takes `target`, the ones it passes step towards its old place.
      await sql`
        UPDATE playlist_items SET position = CASE
          WHEN video_id = ${videoId}::uuid THEN ${target}::int
          WHEN ${target}::int < ${from}::int THEN position + 1
          ELSE position - 1 END
        WHERE playlist_id = ${id}::uuid
          AND position BETWEEN least(${from}::int, ${target}::int) AND greatest(${from}::int, ${target}::int)`.execute(trx);
      await trx.updateTable("playlists").set({ updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
      return "moved";
    });
}
