import { MAX_REPLIES_PER_THREAD } from "~core/comment-limits";

/** The texts of docs/product.md "Likes" and "Comments" (verbatim), shared by the routes and the UI. */
export const COMMUNITY_TEXTS = {
  pleaseLogIn: "Please log in to comment.",
  loadFailed: "Failed to load comments. Please try again.",
  submitFailed: "Failed to submit comment. Please try again.",
  replyFailed: "Failed to submit reply. Please try again.",
  deleteFailed: "Failed to delete comment. Please try again.",
  loginToComment: "You must be logged in to comment.",
  loginToReply: "You must be logged in to reply.",
  loginToDelete: "You must be logged in to delete comments.",
  noPermission: "You do not have permission to delete this comment.",
  likeFailed: "Failed to update like. Please try again.",
  deletedByModerator: "Comment deleted by content moderation team",
  deletedByUser: "Comment deleted by user",
  deletedAuthor: "Deleted user",
  heldForReview: "Hidden while moderators review a report",
  author: "User",
} as const;

/** A banned user's comment, like or playlist edit (issue 22, issue 32): what happened and, when the route knows it, why. */
export function bannedMessage(reason?: string | null): string {
  const why = reason?.trim() ? ` The moderators' reason: ${reason.trim()}` : "";
  return `A moderator has banned your account from commenting, liking and publishing playlists.${why}`;
}

/** A comment refused by the content policy, without JavaScript (the script gets the term named too). */
export const POLICY_REFUSED_COMMENT = "Comment contains a term that suggests minors, which is not allowed.";

/** A reply to a thread at its cap (app/lib/comment-limits.ts). */
export const THREAD_FULL_MESSAGE = `This thread has reached its limit of ${MAX_REPLIES_PER_THREAD} replies. Please start a new comment instead.`;

/** Over the per-user comment limit (server/services/comments.ts COMMENT_RATE_LIMIT). */
export function commentRateLimitMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `You are commenting too fast: at most 10 comments a minute. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
