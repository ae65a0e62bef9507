import { sql } from "kysely";
import { type PlaylistChoice, WATCH_LATER, WATCH_LATER_TITLE } from "../../core/playlists";
import { getDb } from "../db/connection";

/**
 * A user's own playlists as they list them (docs/decisions/0034-playlists.md): the /playlists page, the Save
 * dialog's choices, and whether a video is in their Watch Later. Watch Later comes first, listed even before its
 * row is made on the first save.
 */

export interface PlaylistSummary {
  id: string;
  kind: "playlist" | "watch_later";
  title: string;
  description: string;
  isPublic: boolean;
  /** Hidden from the public while moderators review a report (only its owner sees it). */
  held?: boolean;
  /** Playable (public) videos in it. */
  count: number;
  updatedAt: string;
}

/** Watch Later before its first save (its row is made then): how the lists and its page show it. */
export const EMPTY_WATCH_LATER: PlaylistSummary = {
  id: WATCH_LATER,
  kind: "watch_later",
  title: WATCH_LATER_TITLE,
  description: "",
  isPublic: false,
  count: 0,
  updatedAt: "",
};

/** The owner's playlists in the order every list of them shows: Watch Later first, then theirs, oldest first. */
function ownersPlaylists(userId: string) {
  return getDb()
    .selectFrom("playlists as p")
    .where("p.user_id", "=", userId)
    .orderBy(sql`p.kind = 'watch_later'`, "desc")
    .orderBy("p.created_at")
    .orderBy("p.id");
}

/** Watch Later is listed even before its row exists (made on the first save): `notYetMade` stands in for it. */
function withWatchLater<T extends { kind: string }>(lists: T[], notYetMade: T): T[] {
  return lists[0]?.kind === "watch_later" ? lists : [notYetMade, ...lists];
}

/** The owner's playlists: Watch Later first (listed even before it exists), then theirs, oldest first. */
export async function listPlaylists(userId: string): Promise<PlaylistSummary[]> {
  const rows = await ownersPlaylists(userId)
    .select([
      "p.id",
      "p.kind",
      "p.title",
      "p.description",
      "p.is_public",
      "p.updated_at",
      (eb) =>
        eb
          .selectFrom("playlist_items as i")
          .innerJoin("videos as v", "v.id", "i.video_id")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("i.playlist_id", "=", "p.id")
          .where("v.is_public", "=", true)
          .as("count"),
    ])
    .execute();
  const lists = rows.map(
    (r): PlaylistSummary => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      description: r.description,
      isPublic: r.is_public,
      count: r.count ?? 0,
      updatedAt: new Date(r.updated_at).toISOString(),
    }),
  );
  return withWatchLater(lists, EMPTY_WATCH_LATER);
}

/** The Save dialog's list: the owner's playlists and whether `videoId` is in each. */
export async function playlistChoices(userId: string, videoId: string): Promise<PlaylistChoice[]> {
  const rows = await ownersPlaylists(userId)
    .select([
      "p.id",
      "p.kind",
      "p.title",
      "p.is_public",
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("playlist_items as i")
              .select("i.video_id")
              .whereRef("i.playlist_id", "=", "p.id")
              .where("i.video_id", "=", videoId),
          )
          .as("contains"),
    ])
    .execute();
  const choices = rows.map(
    (r): PlaylistChoice => ({
      id: r.kind === "watch_later" ? WATCH_LATER : r.id,
      kind: r.kind,
      title: r.title,
      isPublic: r.is_public,
      contains: Boolean(r.contains),
    }),
  );
  return withWatchLater(choices, { id: WATCH_LATER, kind: "watch_later", title: WATCH_LATER_TITLE, isPublic: false, contains: false });
}

/** Whether `videoId` is in the viewer's Watch Later (the video page's Save button; viewer-state asks it inline). */
export async function inWatchLater(userId: string, videoId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom("playlist_items as i")
    .innerJoin("playlists as p", "p.id", "i.playlist_id")
    .select("i.video_id")
    .where("p.user_id", "=", userId)
    .where("p.kind", "=", "watch_later")
    .where("i.video_id", "=", videoId)
    .executeTakeFirst();
  return Boolean(row);
}
