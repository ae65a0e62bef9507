import { input, plainText } from "./params";
import { z } from "./zod";

/** The comment and inbox sections' query parameters and forms (validated by their routes). */

const FILTER_MAX = 200;

export const commentListQuery = z.object({
  page: input.page,
  video: plainText(FILTER_MAX).optional().default(""),
  user: plainText(FILTER_MAX).optional().default(""),
});

export const commentActionForm = z.object({
  intent: z.enum(["delete", "restore"]),
  commentId: z.uuid(),
});

export const messageListQuery = z.object({
  page: input.page,
  q: plainText(FILTER_MAX).optional().default(""),
});

export const messageParams = z.object({ messageId: z.uuid() });

export const messageActionForm = z.object({
  intent: z.enum(["read", "unread", "delete"]),
  messageId: z.uuid(),
});
