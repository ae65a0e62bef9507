import type { ExpressionBuilder } from "kysely";
import { type PlaylistRef, WATCH_LATER } from "../../core/playlists";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";

/**
 * Who may see a playlist (docs/decisions/0034-playlists.md): its owner always; anyone else only a public one,
 * not held after a report, whose owner is not banned (docs/trust-and-safety.md). A private playlist reads as
 * missing to everyone but its owner, and Watch Later only ever names the viewer's own.
 */

/**
 * A playlist others may see (its page, its queue, a report of it): public, not held after a report, and its owner
 * not banned (docs/trust-and-safety.md).
 */
export function shownToOthers(eb: ExpressionBuilder<Database, "playlists">) {
  const ownerBanned = eb
    .selectFrom("users")
    .select("users.id")
    .whereRef("users.id", "=", "playlists.user_id")
    .where("users.banned_at", "is not", null);
  return eb.and([eb("playlists.is_public", "=", true), eb("playlists.held_at", "is", null), eb.not(eb.exists(ownerBanned))]);
}

/**
 * The playlist `ref` as `viewerId` may see it: theirs, or anyone's public one; null otherwise (a private
 * playlist is missing to everyone else). Watch Later is only ever the viewer's own.
 */
export async function visiblePlaylist(viewerId: string | null, ref: PlaylistRef) {
  const db = getDb();
  let query = db.selectFrom("playlists").select(["id", "user_id", "kind", "title", "description", "is_public", "held_at", "updated_at"]);
  if (ref === WATCH_LATER) {
    if (!viewerId) return null;
    query = query.where("user_id", "=", viewerId).where("kind", "=", "watch_later");
  } else {
    query = query.where("id", "=", ref).where((eb) => eb.or([shownToOthers(eb), eb("user_id", "=", viewerId ?? "")]));
  }
  return (await query.executeTakeFirst()) ?? null;
}
