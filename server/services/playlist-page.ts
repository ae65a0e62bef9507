import { sql } from "kysely";
import { PLAYLIST_ITEMS_PER_PAGE, type PlaylistRef, WATCH_LATER } from "../../core/playlists";
import { getDb } from "../db/connection";
import type { CardLangs } from "./content-translations";
import { EMPTY_WATCH_LATER, type PlaylistSummary } from "./owned-playlists";
import { visiblePlaylist } from "./playlist-visibility";
import { CARD_COLUMNS, type VideoCard } from "./videos";

/**
 * A playlist's page, one page of its items at a time (docs/decisions/0034-playlists.md): the owner sees every
 * item, one hidden or removed since it was saved shown as unavailable; anyone else sees the public ones only.
 */

/** `title_lang`, `category_lang`: the page's language's texts are laid on by the page (services/content-translations.ts). */
export interface PlaylistItem extends VideoCard, CardLangs {
  /** False: hidden or removed since it was saved (shown greyed to the owner, skipped for everyone else). */
  available: boolean;
}

export interface PlaylistPage {
  /** `watch-later` or the playlist's id (what the addresses use). */
  ref: PlaylistRef;
  playlist: PlaylistSummary;
  /** The viewer owns it: the page offers editing. */
  mine: boolean;
  items: PlaylistItem[];
  /** Items the viewer may see (all for the owner, the available ones for others), for paging. */
  total: number;
  /** 0-based place of this page's first item in the whole list (the reorder controls name places). */
  offset: number;
}

/** One page (1-based) of a playlist's page: its items in order (the owner sees unavailable ones too). */
export async function getPlaylistPage(viewerId: string | null, ref: PlaylistRef, page: number): Promise<PlaylistPage | null> {
  const found = await visiblePlaylist(viewerId, ref);
  const mine = ref === WATCH_LATER || found?.user_id === viewerId;
  if (!found) {
    if (ref !== WATCH_LATER || !viewerId) return null;
    // Their Watch Later before the first save: an empty list.
    return {
      ref,
      playlist: EMPTY_WATCH_LATER,
      mine: true,
      items: [],
      total: 0,
      offset: 0,
    };
  }
  const db = getDb();
  let base = db.selectFrom("playlist_items as i").innerJoin("videos as v", "v.id", "i.video_id").where("i.playlist_id", "=", found.id);
  if (!mine) base = base.where("v.is_public", "=", true);
  const offset = (Math.max(1, page) - 1) * PLAYLIST_ITEMS_PER_PAGE;
  const [items, counts] = await Promise.all([
    base
      .leftJoin("categories as c", "c.id", "v.category_id")
      .select([...CARD_COLUMNS, "v.is_public"])
      .orderBy("i.position")
      .limit(PLAYLIST_ITEMS_PER_PAGE)
      .offset(offset)
      .execute(),
    base
      .select([sql<number>`count(*)::int`.as("n"), sql<number>`count(*) FILTER (WHERE v.is_public)::int`.as("playable")])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ref: found.kind === "watch_later" ? WATCH_LATER : found.id,
    playlist: {
      id: found.id,
      kind: found.kind,
      title: found.title,
      description: found.description,
      isPublic: found.is_public,
      held: found.held_at !== null,
      count: counts.playable,
      updatedAt: new Date(found.updated_at).toISOString(),
    },
    mine,
    items: items.map(({ is_public, ...card }) => ({ ...card, available: is_public })),
    total: counts.n,
    offset,
  };
}
