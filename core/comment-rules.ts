import { isReadableMultiline } from "./readable-text";

/**
 * docs/product.md "Comments": comments and replies are plain text, trimmed, required, at most 2,000 characters. The
 * rule as the comment form checks it before sending (without zod, which the video page would otherwise load for
 * this alone); the server's schema (comment-schema.ts) is built from the same limits, and a test holds the two to
 * the same answers.
 */
export const COMMENT_MAX_CHARS = 2000;
/** A raw field longer than this is refused before trimming (the schema's bound on what it reads at all). */
export const COMMENT_MAX_RAW_CHARS = COMMENT_MAX_CHARS * 4;

/** Characters as the counter shows them: UTF-16 units, never fewer than PostgreSQL counts, so what passes here passes the database. */
export function commentLength(raw: string): number {
  return raw.trim().length;
}

/** Characters as the server's schema counts them for its maximum: code points (an emoji is one, not two units). */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Whether the server will take `raw` as a comment (the submit button stays disabled until it does). */
export function isCommentSendable(raw: string): boolean {
  const trimmed = raw.trim();
  return (
    codePoints(raw) <= COMMENT_MAX_RAW_CHARS && isReadableMultiline(raw) && trimmed.length >= 1 && codePoints(trimmed) <= COMMENT_MAX_CHARS
  );
}
