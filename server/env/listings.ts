import { z } from "zod";
import { DEFAULT_DURATION_BOUNDS, type DurationBounds } from "../../core/listing-order";
import type { SettingsCheck } from "./values";

/**
 * The duration filter on category pages and search (core/listing-order.ts, docs/operations.md): short is under
 * DURATION_SHORT_UNDER_SECONDS, long over DURATION_LONG_OVER_SECONDS, medium between (both included). The app's
 * start applies a change to the catalogue (server/services/duration-bounds.ts); the labels say them.
 */
export const listingSettings = {
  DURATION_SHORT_UNDER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_DURATION_BOUNDS.shortUnder),
  DURATION_LONG_OVER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_DURATION_BOUNDS.longOver),
};

export const checkListings: SettingsCheck<typeof listingSettings> = (e, ctx) => {
  if (e.DURATION_LONG_OVER_SECONDS < e.DURATION_SHORT_UNDER_SECONDS) {
    ctx.addIssue({ code: "custom", path: ["DURATION_LONG_OVER_SECONDS"], message: "must not be below DURATION_SHORT_UNDER_SECONDS" });
  }
};

/** The bounds as the listings and the start use them. */
export function durationBoundsOf(e: z.output<z.ZodObject<typeof listingSettings>>): DurationBounds {
  return { shortUnder: e.DURATION_SHORT_UNDER_SECONDS, longOver: e.DURATION_LONG_OVER_SECONDS };
}
