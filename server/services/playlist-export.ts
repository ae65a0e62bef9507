import { sql } from "kysely";
import { getDb } from "../db/connection";

/**
 * A user's playlists in their data export (docs/product.md "Accounts"; server/services/account.ts): every
 * playlist with every item in order, hidden videos too, since they are the user's data.
 */

export interface PlaylistExport {
  id: string;
  kind: "playlist" | "watch_later";
  title: string;
  description: string;
  visibility: "private" | "public";
  createdAt: string;
  items: { videoId: string; title: string; addedAt: string }[];
}

/** Every playlist of the user with every item in order (hidden videos too: they are the user's data). */
export async function exportPlaylists(userId: string): Promise<PlaylistExport[]> {
  const db = getDb();
  const [lists, items] = await Promise.all([
    db
      .selectFrom("playlists")
      .select(["id", "kind", "title", "description", "is_public", "created_at"])
      .where("user_id", "=", userId)
      .orderBy(sql`kind = 'watch_later'`, "desc")
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("playlist_items as i")
      .innerJoin("playlists as p", "p.id", "i.playlist_id")
      .innerJoin("videos as v", "v.id", "i.video_id")
      .select(["i.playlist_id", "i.video_id", "v.title", "i.added_at"])
      .where("p.user_id", "=", userId)
      .orderBy("i.playlist_id")
      .orderBy("i.position")
      .execute(),
  ]);
  return lists.map((p) => ({
    id: p.id,
    kind: p.kind,
    title: p.title,
    description: p.description,
    visibility: p.is_public ? "public" : "private",
    createdAt: new Date(p.created_at).toISOString(),
    items: items
      .filter((i) => i.playlist_id === p.id)
      .map((i) => ({ videoId: i.video_id, title: i.title, addedAt: new Date(i.added_at).toISOString() })),
  }));
}
