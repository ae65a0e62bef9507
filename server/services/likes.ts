import { getDb } from "../db/connection";
import { banReason } from "./standing";

/**
 * Likes (docs/product.md "Likes"): a `video_likes` row per user and video, and `videos.likes` moved by one in the
 * same transaction. Callers say which state they want (liked or not) rather than "toggle", so a double
 * click or a retried request cannot flip the state twice; the UNIQUE (video_id, user_id) constraint and
 * `ON CONFLICT DO NOTHING` make concurrent likes count once, and the counter only moves when a row was
 * really inserted or deleted (never below 0: the CHECK on videos.likes and GREATEST).
 */

export type LikeOutcome = { status: "ok"; liked: boolean; likes: number } | { status: "not-found" } | { status: "banned"; reason: string };

export async function setLike(userId: string, videoId: string, liked: boolean): Promise<LikeOutcome> {
  const banned = await banReason(userId);
  if (banned !== null) return { status: "banned", reason: banned };
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // Only public videos can be liked; the row lock orders concurrent likes of one video.
      const video = await trx.selectFrom("videos").select("id").where("id", "=", videoId).where("is_public", "=", true).executeTakeFirst();
      if (!video) return { status: "not-found" } as const;
      const changed = liked
        ? await trx
            .insertInto("video_likes")
            .values({ video_id: videoId, user_id: userId })
            .onConflict((oc) => oc.columns(["video_id", "user_id"]).doNothing())
            .returning("id")
            .executeTakeFirst()
        : await trx
            .deleteFrom("video_likes")
            .where("video_id", "=", videoId)
            .where("user_id", "=", userId)
            .returning("id")
            .executeTakeFirst();
      const row = await trx
        .updateTable("videos")
        .set((eb) => ({
          likes: changed ? (liked ? eb("likes", "+", 1) : eb.fn("greatest", [eb("likes", "-", 1), eb.lit(0)])) : eb.ref("likes"),
        }))
        .where("id", "=", videoId)
        .returning("likes")
        .executeTakeFirstOrThrow();
      return { status: "ok", liked, likes: row.likes } as const;
    });
}
