import { sql } from "kysely";
import { getDb } from "../db/connection";
import { CARD_COLUMNS, VIDEOS_PER_PAGE, type VideoCard } from "./videos";

/**
 * A user's favorite videos (docs/product.md "Accounts"). Every function takes the signed-in user's id from the session,
 * never from the request, so nobody can touch another person's list. Only public videos can be added and
 * only public ones are listed (a video made private later stays stored but hidden).
 */

export const FAVORITES_PER_PAGE = VIDEOS_PER_PAGE;

export interface FavoritesPage {
  videos: VideoCard[];
  total: number;
}

/** Adds a public video; false when there is no such public video. Adding twice is a no-op. */
export async function addFavorite(userId: string, videoId: string): Promise<boolean> {
  const inserted = await getDb()
    .insertInto("favorites")
    .columns(["user_id", "video_id"])
    .expression((eb) =>
      eb
        .selectFrom("videos")
        .select([eb.val(userId).as("user_id"), "id"])
        .where("id", "=", videoId)
        .where("is_public", "=", true),
    )
    .onConflict((oc) => oc.columns(["user_id", "video_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  // Nothing inserted: already a favorite (fine) or no public video by that id.
  return isFavorite(userId, videoId);
}

export async function removeFavorite(userId: string, videoId: string): Promise<void> {
  await getDb().deleteFrom("favorites").where("user_id", "=", userId).where("video_id", "=", videoId).execute();
}

export async function isFavorite(userId: string, videoId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom("favorites")
    .select("video_id")
    .where("user_id", "=", userId)
    .where("video_id", "=", videoId)
    .executeTakeFirst();
  return Boolean(row);
}

/** One page (1-based) of the user's public favorites, most recently added first, with the total. */
export async function listFavorites(userId: string, page: number): Promise<FavoritesPage> {
  const db = getDb();
  const offset = (Math.max(1, page) - 1) * FAVORITES_PER_PAGE;
  const base = db
    .selectFrom("favorites as f")
    .innerJoin("videos as v", "v.id", "f.video_id")
    .where("f.user_id", "=", userId)
    .where("v.is_public", "=", true);
  const [videos, count] = await Promise.all([
    base
      .leftJoin("categories as c", "c.id", "v.category_id")
      .select(CARD_COLUMNS)
      .orderBy("f.created_at", "desc")
      .orderBy("v.id", "desc")
      .limit(FAVORITES_PER_PAGE)
      .offset(offset)
      .execute(),
    base.select(sql<number>`count(*)::int8`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { videos, total: count.n };
}
