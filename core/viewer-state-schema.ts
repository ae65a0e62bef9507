import { input } from "./params";
import { MAX_SCOPE_CARDS } from "./viewer-state";
import { z } from "./zod";

// Apart from core/viewer-state.ts, which the browser loads on every page: zod stays out of that bundle.

/** The endpoint's query: `video=<uuid>` and `cards=<uuid>,<uuid>,…` (at most MAX_SCOPE_CARDS, no repeats). */
export const viewerStateQuery = z.object({
  video: input.videoId.optional(),
  cards: z
    .string()
    .max(MAX_SCOPE_CARDS * 37)
    .transform((list) => (list === "" ? [] : list.split(",")))
    .pipe(z.array(input.videoId).max(MAX_SCOPE_CARDS))
    .refine((ids) => new Set(ids).size === ids.length, "Repeated card")
    .optional(),
});
