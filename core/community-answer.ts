/**
 * Why the like or comment endpoint refused: the id of the text in `community` (server/i18n/messages/community.json)
 * the page shows in its own language, with `values` for its arguments.
 */
export type CommunityErrorCode =
  | "loginToComment"
  | "loginToReply"
  | "loginToDelete"
  | "likeFailed"
  | "submitFailed"
  | "replyFailed"
  | "deleteFailed"
  | "noPermission"
  | "banned"
  | "bannedWithReason"
  | "policy"
  | "policyTerm"
  | "threadFull"
  | "rateLimited";

/** What the like and comment endpoints answer a script (the hydrated page's fetchers). */
export type CommunityAnswer =
  | { ok: true; liked?: boolean; likes?: number }
  | {
      ok: false;
      /** The page words it (docs/product.md "Comments" or "Likes", in the page's language). */
      code: CommunityErrorCode;
      values?: Record<string, string | number>;
      /** The same text in the form's language (English by default), for tools and logs. */
      error: string;
      /** Visitors: where to sign in and come back. */
      signIn?: string;
    };

/** Field a community form carries with its page's language, so a post without JavaScript comes back to that page. */
export const LOCALE_FIELD = "locale";

/** Field a hydrated form adds so the endpoint answers data instead of redirecting back (forms without JS). */
export const SCRIPT_FIELD = "js";

/** Error codes carried back to the video page after a form post without JavaScript (`?communityError=`). */
export const NO_SCRIPT_ERRORS = ["like", "comment", "reply", "delete", "forbidden", "rate", "full", "banned", "policy"] as const;
export type NoScriptError = (typeof NO_SCRIPT_ERRORS)[number];
export const NO_SCRIPT_ERROR_PARAM = "communityError";

/**
 * A comment as readers get it: never the text of a deleted comment, never who wrote it. The same for
 * everyone (cached pages carry it); which ones are the viewer's comes from /api/viewer-state.
 */
export interface CommentView {
  id: string;
  parentId: string | null;
  content: string | null;
  createdAt: string;
  isDeleted: boolean;
  /** Hidden pending a moderator's review of a report (issue 22): shown as a placeholder, like a deleted one. */
  isHeld: boolean;
}

export interface CommentThread extends CommentView {
  replies: CommentView[];
}

export interface CommentPage {
  threads: CommentThread[];
  /** Top-level comments beyond `threads`. */
  more: boolean;
}

/** The video page's likes and comments, as its loader (app/lib/community.server.ts) hands them to the page. */
export interface CommunityData {
  likes: number;
  /** Null when the comments could not be read (docs/product.md "Comments"): the rest of the page still renders. */
  comments: CommentPage | null;
  /** How many threads are shown: `?comments=N` ("Load more" asks for 50 more), so it works without JavaScript. */
  shownThreads: number;
}
