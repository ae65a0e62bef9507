import { charCount, isReadableMultiline } from "./readable-text";

/**
 * docs/product.md "Comments": comments and replies are plain text, trimmed, required, at most 2,000 characters. The
 * rule as the comment form checks it before sending (without zod, which the video page would otherwise load for
 * this alone); the server's schema (comment-schema.ts) is built from the same limits, and a test holds the two to
 * the same answers.
 */
export const COMMENT_MAX_CHARS = 2000;
/** A raw field longer than this is refused before trimming (the schema's bound on what it reads at all). */
export const COMMENT_MAX_RAW_CHARS = COMMENT_MAX_CHARS * 4;

/**
 * Characters as the counter shows them and the limit counts them: code points of the trimmed text, as the server's
 * schema (zod counts a maximum in code points) and the database's CHECK (PostgreSQL's `length`) count them; an emoji
 * is one character.
 */
export function commentLength(raw: string): number {
  return charCount(raw.trim());
}

/** Whether the server will take `raw` as a comment (the submit button stays disabled until it does). */
export function isCommentSendable(raw: string): boolean {
  const length = commentLength(raw);
  return charCount(raw) <= COMMENT_MAX_RAW_CHARS && isReadableMultiline(raw) && length >= 1 && length <= COMMENT_MAX_CHARS;
}
