import { COMMENT_MAX_CHARS, COMMENT_MAX_RAW_CHARS } from "./comment-rules";
import { multilineText } from "./params";
import { z } from "./zod";

/** The comment text as the server takes it (core/comment-rules.ts: the limits, and the form's check of them). */
export const commentContent = multilineText(COMMENT_MAX_RAW_CHARS)
  .transform((v) => v.trim())
  .pipe(z.string().min(1).max(COMMENT_MAX_CHARS));
