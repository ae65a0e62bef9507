import { type QueryCreator, sql } from "kysely";
import { DEFAULT_SORT, DURATION_BUCKET, isDefaultOrder, type ListingOrder, type Sort } from "../../core/listing-order";
import { blankControlCharacters } from "../../core/readable-text";
import { TtlCache } from "../cache";
import { getDb } from "../db/connection";
import { prepared } from "../db/prepared";
import type { Database } from "../db/schema";
import { invalidate, sharedCache } from "../realtime/shared-caches";
import { escapeLike } from "./categories";

export const VIDEOS_PER_PAGE = 16;
export const RELATED_VIDEOS = 6;
export const TRENDING_VIDEOS = 3;
export const SEARCH_LIMIT = 50;
export const SEARCH_MAX_LENGTH = 100;

export interface VideoCard {
  id: string;
  title: string;
  views: number;
  duration: number;
  thumbnail_url: string | null;
  /** Scrub-preview storyboard (WebVTT); cards animate it on hover. */
  storyboard_url: string | null;
  upload_date: Date;
  category_name: string | null;
}

export interface VideoDetail extends VideoCard {
  description: string | null;
  likes: number;
  video_url: string | null;
  poster_url: string | null;
  /** Scrub-preview WebVTT (cues point into its sprite), or null. */
  storyboard_url: string | null;
  category_id: string | null;
  category_slug: string | null;
}

export interface VideoPage {
  videos: VideoCard[];
  total: number;
}

// Counts and trending are shown on every list page; exact to within half a minute is honest enough and
// saves a count over every public row per page view. Shared: a console change (an edit, a deletion, a finished
// upload, videos moved between categories) shows everywhere at once (invalidateVideoListCaches).
const VIDEO_COUNTS = "video-counts";
const TRENDING = "video-trending";
const counts = sharedCache(VIDEO_COUNTS, new TtlCache<number>({ ttlMs: 30_000, maxEntries: 200 }));
const trending = sharedCache(TRENDING, new TtlCache<VideoCard[]>({ ttlMs: 30_000, maxEntries: 1 }));

/** After a write that changes which videos a list counts or a card's category: drop both caches everywhere. */
export async function invalidateVideoListCaches(): Promise<void> {
  await Promise.all([invalidate(VIDEO_COUNTS), invalidate(TRENDING)]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isVideoId(id: string | undefined): id is string {
  return typeof id === "string" && UUID.test(id);
}

/** A video card's columns, for any query over `videos as v` joined to `categories as c` (lists, favorites, history). */
export const CARD_COLUMNS = [
  "v.id",
  "v.title",
  "v.views",
  "v.duration",
  "v.thumbnail_url",
  "v.storyboard_url",
  "v.upload_date",
  "c.name as category_name",
] as const;

function publicCards() {
  return getDb()
    .selectFrom("videos as v")
    .leftJoin("categories as c", "c.id", "v.category_id")
    .select(CARD_COLUMNS)
    .where("v.is_public", "=", true);
}

/** One page of public videos in `order` (newest first by default), optionally in one category, with the exact total. */
export async function listVideos(opts: { categoryId?: string; page: number; order?: ListingOrder }): Promise<VideoPage> {
  const offset = (Math.max(1, opts.page) - 1) * VIDEOS_PER_PAGE;
  const { categoryId } = opts;
  const order = opts.order ?? { sort: DEFAULT_SORT, duration: null };
  const bucket = order.duration ? DURATION_BUCKET[order.duration] : null;
  const [videos, total] = await Promise.all([
    isDefaultOrder(order)
      ? categoryId
        ? newestCardsIn(categoryId, offset)
        : newestCards(offset)
      : orderedCards(order, categoryId, offset),
    counts.get(`${categoryId ?? "all"}:${bucket ?? "any"}`, async () => {
      let count = getDb().selectFrom("videos").select(sql<number>`count(*)`.as("n")).where("is_public", "=", true);
      if (categoryId) count = count.where("category_id", "=", categoryId);
      if (bucket !== null) count = count.where("duration_bucket", "=", bucket);
      return (await count.executeTakeFirstOrThrow()).n;
    }),
  ]);
  return { videos, total };
}

// Every listing page runs one of these (server/db/prepared.ts: built and compiled once).
const newestCards = prepared((offset: number) =>
  publicCards().orderBy("v.upload_date", "desc").orderBy("v.id", "desc").limit(VIDEOS_PER_PAGE).offset(offset),
);
const newestCardsIn = prepared((categoryId: string, offset: number) =>
  publicCards()
    .where("v.category_id", "=", categoryId)
    .orderBy("v.upload_date", "desc")
    .orderBy("v.id", "desc")
    .limit(VIDEOS_PER_PAGE)
    .offset(offset),
);

/**
 * The ORDER BY of a sort over `videos as v`, ties broken by id in the direction of the index that serves it
 * (migrations 0001 and 0020): the order is total, so pages neither repeat nor skip a video.
 */
export function orderBySql(sort: Sort) {
  return ORDER_BY[sort];
}
const ORDER_BY = {
  newest: sql`v.upload_date desc, v.id desc`,
  views: sql`v.views desc, v.id`,
  likes: sql`v.likes desc, v.id`,
} as const satisfies Record<Sort, unknown>;

/**
 * A page of a sorted or filtered listing. Its WHERE matches the leading columns of one index (migration
 * 0020), so PostgreSQL walks it in order and stops after the page. Built per request (tens of µs): these
 * listings are rarer than the plain ones, which use the prepared statements above.
 */
function orderedCards(order: ListingOrder, categoryId: string | undefined, offset: number): Promise<VideoCard[]> {
  let qb = publicCards();
  if (categoryId) qb = qb.where("v.category_id", "=", categoryId);
  if (order.duration) qb = qb.where("v.duration_bucket", "=", DURATION_BUCKET[order.duration]);
  return qb.orderBy(orderBySql(order.sort)).limit(VIDEOS_PER_PAGE).offset(offset).execute();
}

export async function getPublicVideo(id: string): Promise<VideoDetail | undefined> {
  if (!isVideoId(id)) return undefined;
  return (await publicVideoById(id))[0];
}

/** A neighbour is shown only when this many browser sessions counted views of both: never one session's viewing. */
export const MIN_CO_VIEWS = 2;

/**
 * "People who watched this also watched": the video's co-viewed neighbours (./co-views.ts) that are public
 * now, strongest first, filled up to RELATED_VIDEOS with the most viewed public videos of its category (what
 * a new video, or one watched alone, shows), never the video itself. The video page's one statement for it.
 * Its first item is the top recommendation (the player's "up next").
 */
export async function relatedVideos(video: { id: string; category_id: string | null }): Promise<VideoCard[]> {
  return coViewedThenMostViewedIn(video.id, video.category_id);
}

// The video page's two statements, built and compiled once (server/db/prepared.ts).
const publicVideoById = prepared((id: string) =>
  getDb()
    .selectFrom("videos as v")
    .leftJoin("categories as c", "c.id", "v.category_id")
    .select([
      "v.id",
      "v.title",
      "v.description",
      "v.views",
      "v.likes",
      "v.duration",
      "v.thumbnail_url",
      "v.poster_url",
      "v.video_url",
      "v.storyboard_url",
      "v.upload_date",
      "v.category_id",
      "c.name as category_name",
      "c.slug as category_slug",
    ])
    .where("v.id", "=", id)
    .where("v.is_public", "=", true),
);
/**
 * Candidates: the neighbour list (one row by primary key, unnested in its order) and the category's most
 * viewed 6 (the category views index, which skips non-public rows), ranked after every neighbour. Six
 * suffice: the fill only needs as many as neighbours are missing, and each neighbour it repeats is one
 * shown already. Each candidate keeps its best rank and is joined to its row (by primary key), where
 * `is_public` decides, as in every public list: held, taken-down, unpublished and private videos are never
 * public (ADR 0030, server/services/video-removal.ts).
 */
const coViewedThenMostViewedIn = prepared((videoId: string, categoryId: string | null) =>
  getDb()
    .with("picks", (qb) =>
      qb
        .selectFrom(
          sql<{ id: string; ord: number }>`(
            SELECT e.id, e.ord FROM video_co_views cv, unnest(cv.neighbour_ids, cv.co_views) WITH ORDINALITY AS e (id, n, ord)
            WHERE cv.video_id = ${videoId} AND e.n >= ${MIN_CO_VIEWS}
            UNION ALL
            SELECT f.id, 1000 + row_number() OVER (ORDER BY f.views DESC, f.id) FROM (
              SELECT id, views FROM videos WHERE category_id = ${categoryId} AND is_public AND id <> ${videoId}
              ORDER BY views DESC, id LIMIT ${RELATED_VIDEOS}
            ) f
          )`.as("p"),
        )
        .select(["p.id", sql<number>`min(p.ord)`.as("ord")])
        .groupBy("p.id"),
    )
    .selectFrom("picks")
    .innerJoin("videos as v", "v.id", "picks.id")
    .leftJoin("categories as c", "c.id", "v.category_id")
    .select(CARD_COLUMNS)
    .where("v.is_public", "=", true)
    .where("v.id", "<>", videoId)
    .orderBy("picks.ord")
    .limit(RELATED_VIDEOS),
);

export async function trendingVideos(): Promise<VideoCard[]> {
  return trending.get("all", () => publicCards().orderBy("v.views", "desc").orderBy("v.id").limit(TRENDING_VIDEOS).execute());
}

/** Normalises a search term: control characters dropped (PostgreSQL rejects NUL), trimmed, length-limited. */
export function normaliseQuery(q: string | null | undefined): string {
  return blankControlCharacters(q ?? "")
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
}

/**
 * How many of the newest public videos the first search pass walks (index-only, on the stored lower-cased
 * title). If they hold a full page of matches, those are exactly the newest matches overall (anything
 * outside the window is older). Otherwise the term is rarer than 50 in this many, and the trigram index
 * finds all its matches cheaply. The size balances the two passes' costs at 1M videos: walking costs about
 * 0.16 µs per title and the trigram pass about 1.1 µs per match (docs/benchmarks.md), so the worst case, a
 * term just too rare for the window, stays near 6 ms of SQL. A term without trigrams (e.g. "4k", "_") is
 * searched only in this window: rare short terms may miss older matches, by design, instead of a scan of
 * every row.
 */
export const SEARCH_WINDOW = 20_000;

/**
 * A term the trigram index can serve has a run of at least 3 letters or digits (pg_trgm extracts no
 * trigram from shorter words of a LIKE pattern, so it would scan the whole table instead).
 */
export function trigramSearchable(term: string): boolean {
  return /[\p{L}\p{N}]{3,}/u.test(term);
}

/** A stored lower-cased title: a video's, or a translation's (`t`, migration 0030). */
type TitleColumn = "title_lower" | "v.title_lower" | "t.title_lower";

/**
 * Case-insensitive "title contains `term`" on the stored lower-cased title (migration 0014): `LIKE` on
 * `lower(title)` is what `ILIKE` does, without folding every title again. `column` names `title_lower`.
 */
export function titleContains(column: TitleColumn, term: string) {
  return titleLike(column, titlePattern(term));
}

/** The LIKE pattern of `titleContains`, for a prepared query that takes it as an argument. */
export function titlePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `column LIKE lower(pattern)`: `pattern` may be a prepared query's placeholder (server/db/prepared.ts). */
export function titleLike(column: TitleColumn, pattern: string) {
  return sql<boolean>`${sql.ref(column)} like lower(${pattern})`;
}

/** Case-insensitive title-contains search over public videos, newest first. Blank → [] without a query. */
export async function searchVideos(q: string, window = SEARCH_WINDOW): Promise<VideoCard[]> {
  const term = normaliseQuery(q);
  if (!term) return [];
  const pattern = titlePattern(term);
  const recent = await newestMatches(pattern, window);
  const hits = recent.length === SEARCH_LIMIT || !trigramSearchable(term) ? recent : await trigramMatches(pattern);
  if (hits.length === 0) return [];
  return publicCardsById(hits.map((h) => h.id));
}

// The search page's three statements are built and compiled once (server/db/prepared.ts): one SQL text each,
// whatever the term; the cards by `= any($1)` of the matches' ids rather than an `in` list of 1 to 50 parameters.
export const publicCardsById = prepared((ids: string[]) =>
  publicCards().where(sql<boolean>`v.id = any(${ids}::uuid[])`).orderBy("v.upload_date", "desc").orderBy("v.id", "desc"),
);

/** The `window` newest public videos' ids, dates and lower-cased titles (one covering-index walk): search's and the suggestions' first pass. */
export function newestPublicTitles(qb: QueryCreator<Database>, window: number) {
  return qb
    .selectFrom("videos")
    .select(["id", "upload_date", "title_lower"])
    .where("is_public", "=", true)
    .orderBy("upload_date", "desc")
    .orderBy("id", "desc")
    .limit(window);
}

/** Matches among the `window` newest public videos: an index-only walk (id, date and lower-cased title are in it). */
const newestMatches = prepared((pattern: string, window: number) =>
  getDb()
    .with("recent", (qb) => newestPublicTitles(qb, window))
    .selectFrom("recent")
    .select(["id"])
    .where(titleLike("title_lower", pattern))
    .orderBy("upload_date", "desc")
    .orderBy("id", "desc")
    .limit(SEARCH_LIMIT),
);

/**
 * The newest page of every match, collected through the trigram index (MATERIALIZED and unordered, so the
 * planner cannot walk the date index instead).
 */
const trigramMatches = prepared((pattern: string) =>
  getDb()
    .with(
      (cte) => cte("m").materialized(),
      (qb) => qb.selectFrom("videos").select(["id", "upload_date"]).where("is_public", "=", true).where(titleLike("title_lower", pattern)),
    )
    .selectFrom("m")
    .select(["id"])
    .orderBy("upload_date", "desc")
    .orderBy("id", "desc")
    .limit(SEARCH_LIMIT),
);
