import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import {
  PLAYLIST_ITEMS_PER_PAGE,
  PLAYLIST_LIMITS,
  type PlaylistChoice,
  type PlaylistQueue,
  type PlaylistRef,
  WATCH_LATER,
  WATCH_LATER_TITLE,
} from "../../core/playlists";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";
import { CARD_COLUMNS, type VideoCard } from "./videos";

/**
 * Playlists and Watch Later (docs/decisions/0034-playlists.md). Every write takes the owner's id from the
 * session and matches it in the same statement as the playlist, so nobody edits another person's list; a
 * private playlist reads as missing to everyone but its owner. Watch Later is the user's playlist of kind
 * `watch_later`, made on the first save. Only public videos can be added and only public ones play or
 * count; one hidden later stays stored and shows to its owner as unavailable.
 */

type Db = Kysely<Database> | Transaction<Database>;

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
const EMPTY_WATCH_LATER: PlaylistSummary = {
  id: WATCH_LATER,
  kind: "watch_later",
  title: WATCH_LATER_TITLE,
  description: "",
  isPublic: false,
  count: 0,
  updatedAt: "",
};

export interface PlaylistItem extends VideoCard {
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

export type CreateResult = { status: "created"; id: string } | { status: "too-many" } | { status: "video-not-found" };
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

async function isPublicVideo(db: Db, videoId: string): Promise<boolean> {
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
async function visiblePlaylist(viewerId: string | null, ref: PlaylistRef) {
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

/** Videos shown before the current one in the queue panel, and the panel's size. */
const QUEUE_BEFORE = 10;
const QUEUE_WINDOW = 50;

/**
 * The play-through queue of `ref` around `videoId`, for the viewer (theirs, or a public list): the public
 * videos in order, a window of them around the current one, and the next and previous. Null: not visible.
 */
export async function playlistQueue(viewerId: string | null, ref: PlaylistRef, videoId: string): Promise<PlaylistQueue | null> {
  const found = await visiblePlaylist(viewerId, ref);
  if (!found) return null;
  interface Row {
    id: string;
    title: string;
    duration: number;
    idx: number;
    total: number;
    current: number | null;
  }
  // Numbered among the playable ones; the window is cut around the current video's number in the same pass.
  const { rows } = await sql<Row>`
    WITH playable AS (
      SELECT v.id::text, v.title, v.duration, row_number() OVER (ORDER BY i.position)::int AS idx
      FROM playlist_items i JOIN videos v ON v.id = i.video_id
      WHERE i.playlist_id = ${found.id}::uuid AND v.is_public
    ), placed AS (
      SELECT (SELECT idx FROM playable WHERE id = ${videoId}) AS current, (SELECT count(*)::int FROM playable) AS total
    )
    SELECT p.*, placed.total, placed.current FROM playable p, placed
    WHERE p.idx >= greatest(1, coalesce(placed.current, 1) - ${QUEUE_BEFORE}::int)
      AND p.idx < greatest(1, coalesce(placed.current, 1) - ${QUEUE_BEFORE}::int) + ${QUEUE_WINDOW}::int
    ORDER BY p.idx`.execute(getDb());
  const total = rows[0]?.total ?? 0;
  const current = rows[0]?.current ?? null;
  const items = rows.map((r) => ({ id: r.id, title: r.title, duration: r.duration, index: r.idx }));
  const at = (idx: number) => {
    const r = rows.find((row) => row.idx === idx);
    return r ? { id: r.id, title: r.title } : null;
  };
  return {
    ref: found.kind === "watch_later" ? WATCH_LATER : found.id,
    title: found.title,
    total,
    position: current,
    items,
    next: at(current === null ? 1 : current + 1),
    previous: current === null ? null : at(current - 1),
  };
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
