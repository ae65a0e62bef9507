import type { CaptionStyle } from "./caption-style";
import type { Viewer } from "./viewer";

/**
 * The per-user parts of the pages the page cache keeps (home, category, video, blog, static pages): those
 * pages render the same shell for every signed-in user, and the browser asks this one small JSON request
 * after hydration for who is signed in and what is theirs on the page (docs/decisions/0021-signed-in-shell.md).
 */
/** Cards of one page: a listing's 24 and a video page's related ones fit with room to spare. */
export const MAX_SCOPE_CARDS = 60;

/** What a page asks about: the video it plays and the cards it shows (their favorite controls). */
export interface ViewerScope {
  video?: string;
  cards?: readonly string[];
}

/** The video page's own state for the signed-in viewer. */
export interface ViewerVideoState {
  liked: boolean;
  favorite: boolean;
  /** In their Watch Later (the Save button's one-click state). */
  watchLater: boolean;
  /** Whole seconds to offer "Resume at m:ss" from, or null. */
  resumeAt: number | null;
  /** Their comments on this video that are not deleted (the page shows "(you)" and a Delete button on them). */
  ownCommentIds: string[];
}

export interface ViewerState {
  /** Null: nobody is signed in (no session, or one that ended). */
  viewer: Viewer | null;
  historyPaused: boolean;
  /** Their autoplay choice (core/autoplay.ts), null until they made one or for a visitor. */
  autoplay: boolean | null;
  /** Their caption style (core/caption-style.ts), null until they chose one or for a visitor. */
  captionStyle: CaptionStyle | null;
  /** The language they chose in their settings (core/locales.ts code), null until they chose one or for a visitor. */
  locale: string | null;
  /** The asked-for cards among the viewer's favorites. */
  favoriteIds: string[];
  /** Null when no video was asked about, or for a visitor. */
  video: ViewerVideoState | null;
}

export const VISITOR_STATE: ViewerState = {
  viewer: null,
  historyPaused: false,
  autoplay: null,
  captionStyle: null,
  locale: null,
  favoriteIds: [],
  video: null,
};
