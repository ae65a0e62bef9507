import { multilineText } from "./params";
import { z } from "./zod";

/** docs/product.md "Comments" and issue 10: comments and replies are plain text, trimmed, required, at most 2,000 characters. */
export const COMMENT_MAX_CHARS = 2000;

/** The comment text as the form and the server both check it (the submit button stays disabled until it passes). */
export const commentContent = multilineText(COMMENT_MAX_CHARS * 4)
  .transform((v) => v.trim())
  .pipe(z.string().min(1).max(COMMENT_MAX_CHARS));

/** Characters as the counter shows them: UTF-16 units, never fewer than PostgreSQL counts, so what passes here passes the database. */
export function commentLength(raw: string): number {
  return raw.trim().length;
}

export function isCommentSendable(raw: string): boolean {
  return commentContent.safeParse(raw).success;
}
