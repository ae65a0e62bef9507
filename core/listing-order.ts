/**
 * How category pages and search results are sorted and filtered (`?sort=`, `?duration=`), shared by the
 * route contracts, the services and the links the pages draw. The defaults (newest, any duration) never
 * appear in a URL: one listing has one address. No zod here: the listings' scripts import this module, and
 * zod (23 KB) stays out of the browser's pages; the query schemas are in core/params.ts.
 */

export const SORTS = ["newest", "views", "likes"] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = "newest";

export const DURATIONS = ["short", "medium", "long"] as const;
export type Duration = (typeof DURATIONS)[number];

/**
 * Bucket bounds in whole seconds (videos.duration is rounded to seconds). Short: under 45 s; medium: 45 s to
 * 1 min inclusive; long: over 1 min. AI-generated clips are short, and the demo catalogue's six looks (40 to
 * 62 s) fall into all three. Migration 0020 stores the same bucket in videos.duration_bucket (a generated
 * column the indexes lead with): changing these bounds needs a migration too (a test compares the two).
 */
export const SHORT_BELOW_SECONDS = 45;
export const LONG_ABOVE_SECONDS = 60;

/** The stored bucket number of each duration (videos.duration_bucket). */
export const DURATION_BUCKET: Record<Duration, number> = { short: 0, medium: 1, long: 2 };

export function durationOf(seconds: number): Duration {
  if (seconds < SHORT_BELOW_SECONDS) return "short";
  return seconds <= LONG_ABOVE_SECONDS ? "medium" : "long";
}

export const SORT_LABELS: Record<Sort, string> = { newest: "Newest", views: "Most viewed", likes: "Most liked" };
export const DURATION_LABELS: Record<Duration, string> = {
  short: "Short (under 45 s)",
  medium: "Medium (45–60 s)",
  long: "Long (over 1 min)",
};

export interface ListingOrder {
  sort: Sort;
  duration: Duration | null;
}

/** Whether the listing is the plain one (the page search engines index). */
export function isDefaultOrder(order: ListingOrder): boolean {
  return order.sort === DEFAULT_SORT && order.duration === null;
}

/**
 * The query string of a listing, defaults left out and parameters in one fixed order (sort, duration, page,
 * then `extra` first, e.g. search's `q`), so that each listing has exactly one address: "" or "?…".
 */
export function listingSearch(order: ListingOrder, page = 1, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (order.sort !== DEFAULT_SORT) params.set("sort", order.sort);
  if (order.duration) params.set("duration", order.duration);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
