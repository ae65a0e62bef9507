import { sql } from "kysely";
import { PLAYLIST_LIMITS } from "../../core/playlists";
import { getDb } from "../db/connection";
import { isPublicVideo } from "./playlist-items";

/**
 * Making, editing and deleting a user's own playlists (docs/decisions/0034-playlists.md): every write matches the
 * owner's id from the session in the same statement as the playlist, so nobody edits another person's list.
 * Watch Later is never renamed, made public or deleted here (it is emptied item by item, playlist-items.ts).
 */

export type CreateResult = { status: "created"; id: string } | { status: "too-many" } | { status: "video-not-found" };

export async function createPlaylist(
  userId: string,
  fields: { title: string; description: string; isPublic: boolean },
  firstVideoId?: string,
): Promise<CreateResult> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // The user's row is the lock that keeps two concurrent creations from both passing the count.
      const user = await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!user) return { status: "too-many" } as const;
      const { n } = await trx
        .selectFrom("playlists")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("user_id", "=", userId)
        .where("kind", "=", "playlist")
        .executeTakeFirstOrThrow();
      if (n >= PLAYLIST_LIMITS.playlistsPerUser) return { status: "too-many" } as const;
      if (firstVideoId && !(await isPublicVideo(trx, firstVideoId))) return { status: "video-not-found" } as const;
      const { id } = await trx
        .insertInto("playlists")
        .values({ user_id: userId, kind: "playlist", title: fields.title, description: fields.description, is_public: fields.isPublic })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (firstVideoId) await trx.insertInto("playlist_items").values({ playlist_id: id, video_id: firstVideoId, position: 1 }).execute();
      return { status: "created", id } as const;
    });
}

/** Title, description and visibility of the owner's playlist (not Watch Later); false when there is none. */
export async function updatePlaylist(
  userId: string,
  playlistId: string,
  fields: { title: string; description: string; isPublic: boolean },
): Promise<boolean> {
  const result = await getDb()
    .updateTable("playlists")
    .set({ title: fields.title, description: fields.description, is_public: fields.isPublic, updated_at: sql<Date>`now()` })
    .where("id", "=", playlistId)
    .where("user_id", "=", userId)
    .where("kind", "=", "playlist")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the owner's playlist and its items (Watch Later stays: it is emptied item by item). */
export async function deletePlaylist(userId: string, playlistId: string): Promise<boolean> {
  const result = await getDb()
    .deleteFrom("playlists")
    .where("id", "=", playlistId)
    .where("user_id", "=", userId)
    .where("kind", "=", "playlist")
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
