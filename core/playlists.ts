import type { Locale } from "./locales";
/**
 * Playlists and Watch Later (docs/decisions/0034-playlists.md): the limits and the texts the pages and the
 * endpoint say (their addresses are in core/paths.ts). Loaded by the browser too (the Save dialog, the
 * queue): no zod here (core/playlist-schema.ts parses the forms).
 */

export const PLAYLIST_LIMITS = {
  /** Playlists of one user, Watch Later not counted. */
  playlistsPerUser: 200,
  /** Videos in one playlist (Watch Later too). */
  itemsPerPlaylist: 5000,
  titleMax: 100,
  descriptionMax: 1000,
} as const;

/** Watch Later's name in addresses and forms (`/playlists/watch-later`, `?list=watch-later`): it may not exist yet. */
export const WATCH_LATER = "watch-later";
export const WATCH_LATER_TITLE = "Watch Later";

/** A playlist named in a request: Watch Later, or a playlist's id (a uuid). */
export type PlaylistRef = typeof WATCH_LATER | string;

/** Items on one page of a playlist's page. */
export const PLAYLIST_ITEMS_PER_PAGE = 100;

/**
 * Why a write was refused, as a page words it in its language (app/lib/playlist-refusal-text.ts): the
 * error, the form field to fix and what is wrong with it, the term the content policy found, a ban's reason.
 */
export interface PlaylistRefusal {
  ok: false;
  error: PlaylistError;
  field?: "title" | "description";
  problem?: "required" | "too-long" | "policy";
  term?: string;
  reason?: string;
}

/**
 * What the endpoint answers a fetcher (a form posted without JavaScript is sent back instead). `message` is the
 * refusal in the words of the form's page (its `redirectTo`'s language; English without one), for tools and the
 * page a post without JavaScript gets; a script words the refusal itself.
 */
export type PlaylistAnswer = { ok: true; playlistId?: string; saved?: boolean } | (PlaylistRefusal & { message: string });

export type PlaylistError =
  | "sign-in"
  | "not-found"
  | "video-not-found"
  | "too-many-playlists"
  | "full"
  | "too-many"
  | "banned"
  | "invalid"
  | "unreadable"
  | "failed";

/** What `GET /api/playlists?video=` answers the Save dialog: the user's playlists and whether each holds the video. */
export type PlaylistChoicesAnswer = { ok: true; playlists: PlaylistChoice[] } | { ok: false; error: "sign-in" | "failed" };

/** A playlist as the Save dialog lists it. */
export interface PlaylistChoice {
  id: string;
  kind: "playlist" | "watch_later";
  title: string;
  isPublic: boolean;
  /** Whether the asked video is in it. */
  contains: boolean;
}

/** What `GET /api/playlists/:list/queue` answers the video page after hydration (app/lib/use-playlist-queue.ts). */
export type PlaylistQueueAnswer = { ok: true; queue: PlaylistQueue } | { ok: false; error: "not-found" | "failed" };

/** The play-through queue beside a video played with `?list=` (a window of the list around the video). */
export interface PlaylistQueue {
  /** What the addresses use: `watch-later` or the playlist's id. */
  ref: PlaylistRef;
  title: string;
  /** Playable (public) videos in the list. */
  total: number;
  /** 1-based place of the current video among them; null when it is not in the list. */
  position: number | null;
  /** The shown window, in order; `index` is 1-based among the playable ones. */
  /** `title_lang`: English for want of a translation in the page's language (docs/i18n.md "Content"). */
  items: { id: string; title: string; title_lang?: Locale; duration: number; index: number }[];
  /** The video after the current one (the first when the current one is not in the list), or null at the end. */
  next: { id: string; title: string; title_lang?: Locale } | null;
  previous: { id: string; title: string; title_lang?: Locale } | null;
}
