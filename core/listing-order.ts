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
 * Bucket bounds in whole seconds (videos.duration is rounded to seconds): short is under `shortUnder`,
 * medium from `shortUnder` to `longOver` inclusive, long over `longOver`. An operator sets them
 * (DURATION_SHORT_UNDER_SECONDS, DURATION_LONG_OVER_SECONDS; docs/operations.md); the app's start writes them
 * to the database, whose trigger keeps videos.duration_bucket (migration 0027), and the pages' labels say
 * them. The default fits AI-generated clips: the demo catalogue's six looks (40 to 62 s) fall into all three.
 */
export interface DurationBounds {
  shortUnder: number;
  longOver: number;
}

export const DEFAULT_DURATION_BOUNDS: DurationBounds = { shortUnder: 45, longOver: 60 };

/** The stored bucket number of each duration (videos.duration_bucket). */
export const DURATION_BUCKET: Record<Duration, number> = { short: 0, medium: 1, long: 2 };

export function durationOf(seconds: number, bounds: DurationBounds): Duration {
  if (seconds < bounds.shortUnder) return "short";
  return seconds <= bounds.longOver ? "medium" : "long";
}

/**
 * The texts the sort and filter labels are made of: ids of the `listing` messages (server/i18n/messages/
 * listing.json) and a formatter of them in the page's language (app/lib/i18n.ts `useMessages("listing")`, or
 * server/i18n/catalog.ts `translate` bound to a language). Passed in: this module stays free of the catalog.
 */
export type ListingTextId =
  | "boundSeconds"
  | "boundMinutes"
  | "boundMinutesSeconds"
  | "durationShort"
  | "durationMedium"
  | "durationLong"
  | "sortNewest"
  | "sortViews"
  | "sortLikes";
export type ListingTexts = (id: ListingTextId, values: Record<string, string | number>) => string;

/** "45 s", "1 min", "1 min 30 s" in English ("45 Sek.", "1分30秒"): a bound as a filter label says it. */
export function formatBound(seconds: number, t: ListingTexts): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return t("boundSeconds", { seconds: rest });
  return rest === 0 ? t("boundMinutes", { minutes }) : t("boundMinutesSeconds", { minutes, seconds: rest });
}

/** The filter's choices, each stating its bounds ("Short (under 45 s)"). */
export function durationLabels(bounds: DurationBounds, t: ListingTexts): Record<Duration, string> {
  const [short, long] = [formatBound(bounds.shortUnder, t), formatBound(bounds.longOver, t)];
  return {
    short: t("durationShort", { bound: short }),
    medium: t("durationMedium", { from: short, to: long }),
    long: t("durationLong", { bound: long }),
  };
}

/** The message of each sort's label ("Newest", "Most viewed", "Most liked" in English). */
export const SORT_LABELS: Record<Sort, ListingTextId> = { newest: "sortNewest", views: "sortViews", likes: "sortLikes" };

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
