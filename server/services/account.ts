import { sql } from "kysely";
import { type CaptionStyle, storedCaptionStyle } from "../../core/caption-style";
import { isLocale, type Locale } from "../../core/locales";
import { getDb } from "../db/connection";
import { invalidatePages } from "../realtime/shared-caches";
import { exportPlaylists, type PlaylistExport } from "./playlist-export";
import { assertNotLastAdmin } from "./users";

/**
 * The account itself (docs/product.md "Accounts"): display name, the data export, signing out everywhere and deletion.
 * The user id always comes from the session.
 */

/** The comment text left in place of a deleted account's comments (the content goes with the account). */
export const DELETED_ACCOUNT_COMMENT = "[deleted]";

export async function setDisplayName(userId: string, name: string): Promise<void> {
  await getDb().updateTable("users").set({ full_name: name, updated_at: sql<Date>`now()` }).where("id", "=", userId).execute();
}

/** Remembers the user's autoplay choice on the account (core/autoplay.ts): it follows them to every browser. */
export async function setAutoplay(userId: string, on: boolean): Promise<void> {
  await getDb().updateTable("users").set({ autoplay: on, updated_at: sql<Date>`now()` }).where("id", "=", userId).execute();
}

/** Remembers the user's caption style on the account (core/caption-style.ts): it follows them to every browser. */
export async function setCaptionStyle(userId: string, style: CaptionStyle): Promise<void> {
  await getDb()
    .updateTable("users")
    .set({ caption_style: sql`${JSON.stringify(style)}::jsonb`, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
}

/** The user's caption style, null until they chose one. */
export async function accountCaptionStyle(userId: string): Promise<CaptionStyle | null> {
  const row = await getDb().selectFrom("users").select("caption_style").where("id", "=", userId).executeTakeFirst();
  return storedCaptionStyle(row?.caption_style);
}

/** Remembers the language the user chose (docs/i18n.md "Choosing a language"), or forgets it (null). */
export async function setPreferredLocale(userId: string, locale: Locale | null): Promise<void> {
  await getDb().updateTable("users").set({ locale, updated_at: sql<Date>`now()` }).where("id", "=", userId).execute();
}

/** The language the user chose, null until they chose one (or one the site no longer speaks). */
export async function preferredLocale(userId: string): Promise<Locale | null> {
  const row = await getDb().selectFrom("users").select("locale").where("id", "=", userId).executeTakeFirst();
  return isLocale(row?.locale) ? row.locale : null;
}

/** The user's autoplay choice, null until they made one. */
export async function accountAutoplay(userId: string): Promise<boolean | null> {
  const row = await getDb().selectFrom("users").select("autoplay").where("id", "=", userId).executeTakeFirst();
  return row?.autoplay ?? null;
}

/** Ends every session of the user (every device); the next request of each is a visitor's. */
export async function signOutEverywhere(userId: string): Promise<number> {
  const result = await getDb().deleteFrom("auth_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface AccountExport {
  exportedAt: string;
  profile: {
    id: string;
    email: string | null;
    name: string | null;
    avatarUrl: string | null;
    role: string;
    createdAt: string;
    historyPaused: boolean;
    ageAssuredAt: string | null;
    /** Play the next video at the end (null: never chosen). */
    autoplay: boolean | null;
    /** The language chosen in their settings (null: never chosen). */
    locale: string | null;
    /** Their caption style (null: never chosen). */
    captionStyle: CaptionStyle | null;
  };
  comments: { id: string; videoId: string; parentId: string | null; content: string | null; createdAt: string; deleted: boolean }[];
  likes: { videoId: string; title: string; likedAt: string }[];
  favorites: { videoId: string; title: string; addedAt: string }[];
  history: { videoId: string; title: string; positionSeconds: number; watchedAt: string }[];
  /** Watch Later and their playlists, items in their order. */
  playlists: PlaylistExport[];
}

/** Everything stored about the user, as the JSON file of "Download my data". No session or sign-in secrets. */
export async function exportAccountData(userId: string, now = new Date()): Promise<AccountExport | null> {
  const db = getDb();
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "full_name",
      "avatar_url",
      "role",
      "created_at",
      "history_paused",
      "age_assured_at",
      "autoplay",
      "locale",
      "caption_style",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const [comments, likes, favorites, history, playlists] = await Promise.all([
    db
      .selectFrom("comments")
      .select(["id", "video_id", "parent_id", "content", "created_at", "is_deleted"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("video_likes as l")
      .innerJoin("videos as v", "v.id", "l.video_id")
      .select(["l.video_id", "v.title", "l.created_at"])
      .where("l.user_id", "=", userId)
      .orderBy("l.created_at")
      .execute(),
    db
      .selectFrom("favorites as f")
      .innerJoin("videos as v", "v.id", "f.video_id")
      .select(["f.video_id", "v.title", "f.created_at"])
      .where("f.user_id", "=", userId)
      .orderBy("f.created_at")
      .execute(),
    db
      .selectFrom("watch_history as h")
      .innerJoin("videos as v", "v.id", "h.video_id")
      .select(["h.video_id", "v.title", "h.position_seconds", "h.watched_at"])
      .where("h.user_id", "=", userId)
      .orderBy("h.watched_at", "desc")
      .execute(),
    exportPlaylists(userId),
  ]);
  const iso = (d: Date) => new Date(d).toISOString();
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      name: user.full_name,
      avatarUrl: user.avatar_url,
      role: user.role,
      createdAt: iso(user.created_at),
      historyPaused: user.history_paused,
      // When the account passed an age check (docs/decisions/0028), or null.
      ageAssuredAt: user.age_assured_at ? iso(user.age_assured_at) : null,
      autoplay: user.autoplay,
      locale: user.locale,
      captionStyle: storedCaptionStyle(user.caption_style),
    },
    comments: comments.map((c) => ({
      id: c.id,
      videoId: c.video_id,
      parentId: c.parent_id,
      content: c.content,
      createdAt: iso(c.created_at),
      deleted: c.is_deleted,
    })),
    likes: likes.map((l) => ({ videoId: l.video_id, title: l.title, likedAt: iso(l.created_at) })),
    favorites: favorites.map((f) => ({ videoId: f.video_id, title: f.title, addedAt: iso(f.created_at) })),
    history: history.map((h) => ({
      videoId: h.video_id,
      title: h.title,
      positionSeconds: h.position_seconds,
      watchedAt: iso(h.watched_at),
    })),
    playlists,
  };
}

/**
 * Deletes the account in one transaction: each liked video's `likes` goes down by one (never below 0), the
 * comments stay as soft-deleted "Deleted user" placeholders (content blanked, author NULL) so replies keep
 * their thread, and the user row goes, taking likes, favorites, history, playlists, sessions and sign-in methods with
 * it (ON DELETE CASCADE). The user row is locked first, so a like arriving meanwhile waits and then fails
 * on the missing user instead of leaving a count behind. The last admin cannot delete their account
 * (LastAdminError, checked under the same lock as role changes, so a concurrent demotion cannot race it).
 */
export async function deleteAccount(userId: string): Promise<boolean> {
  const deleted = await getDb()
    .transaction()
    .execute(async (trx) => {
      const user = await trx.selectFrom("users").select(["id", "role"]).where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!user) return false;
      if (user.role === "admin") await assertNotLastAdmin(trx, userId);
      await sql`
        UPDATE videos v SET likes = greatest(v.likes - 1, 0)
        FROM video_likes l WHERE l.video_id = v.id AND l.user_id = ${userId}`.execute(trx);
      await trx.deleteFrom("video_likes").where("user_id", "=", userId).execute();
      await trx
        .updateTable("comments")
        .set({
          content: DELETED_ACCOUNT_COMMENT,
          is_deleted: true,
          deleted_at: sql<Date>`coalesce(deleted_at, now())`,
          user_id: null,
        })
        .where("user_id", "=", userId)
        .execute();
      await trx.deleteFrom("users").where("id", "=", userId).execute();
      return true;
    });
  // The comments' texts leave the cached video pages at once.
  if (deleted) await invalidatePages();
  return deleted;
}
