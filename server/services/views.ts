import { sql } from "kysely";
import { viewThresholdMs } from "../../core/view-rules";
import { viewsCounted } from "../cluster/metrics";
import { isDatabaseUnavailableError } from "../db/availability";
import { getDb } from "../db/connection";
import { ipRateLimitKey } from "../db/rate-limit";
import { logger } from "../logger";
import { checkPlayToken, issuePlayToken } from "../play-token";
import { isVideoId } from "./videos";
import { allowanceTaken, allowanceWindowEnds, deleteEndedViewAllowances, logRefusal, retryAfterMs } from "./view-allowance";

/**
 * View counting (docs/product.md "Views", docs/architecture.md "View counting"). A view counts once per browser session and video, only
 * with a valid play token whose threshold has elapsed (server/play-token.ts), and within the client
 * address's hourly allowance for the video (./view-allowance.ts: tokens and counted views). A counted view
 * adds 1 to `videos.views`, to its category's `views` and to the video's count for today (UTC), in one
 * statement (so one transaction) with atomic increments, so concurrent views are never lost.
 */

/**
 * How long a session's "already counted" mark is kept. It must outlive every token that could still count
 * for that session and video (PLAY_TOKEN_MAX_AGE_MS); after it, a browser session still open a day later
 * counts the video again, which we accept as a new viewing.
 */
export const VIEW_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired session marks are deleted at most this often per process, by the request that finds them due. */
const CLEANUP_EVERY_MS = 10 * 60 * 1000;

export type ViewOutcome =
  | { status: "counted" }
  /** This browser session already counted this video. */
  | { status: "duplicate" }
  /** This client address has counted its allowance of views of this video for the hour (logged). */
  | { status: "rate-limited"; retryAfterMs: number }
  | { status: "too-early"; retryAfterMs: number }
  | { status: "expired" }
  | { status: "invalid" }
  /** The token named a video that no longer exists (logged, not counted; docs/product.md "Views"). */
  | { status: "not-found" };

export interface ViewRequest {
  videoId: string;
  /** The browser session (the view-session cookie); null when the request carries none. */
  sessionId: string | null;
  token: string;
  /** The client's address (validated); null when unknown, which is one shared bucket. */
  ip: string | null;
}

export interface TokenRequest {
  videoId: string;
  sessionId: string;
  /** As in ViewRequest. */
  ip: string | null;
}

export type PlayTokenOutcome =
  | { status: "issued"; token: string; thresholdMs: number }
  /** No public video has this id. */
  | { status: "not-found" }
  /** The video has no duration, hence no threshold: none of its views can count. */
  | { status: "uncountable" }
  /** This client address has had its allowance of tokens for this video for the hour (logged). */
  | { status: "rate-limited"; retryAfterMs: number };

/**
 * A play token for a public video and a browser session, issued when its playback starts (POST
 * /api/play-token): its threshold runs from `now` on this server's clock. Takes one of the client's tokens
 * for the video in the same statement that reads the video (one round trip, as before the allowance); an
 * unknown or uncountable video takes none.
 */
export async function issueViewToken(req: TokenRequest, now = Date.now()): Promise<PlayTokenOutcome> {
  if (!isVideoId(req.videoId)) return { status: "not-found" };
  const client = ipRateLimitKey(req.ip);
  const { rows } = await sql<{ id: string; duration: number; allowed: boolean; window_ends: string | null }>`
    WITH video AS (
      SELECT id, duration FROM videos WHERE id = ${req.videoId} AND is_public
    ), countable AS (
      SELECT id FROM video WHERE duration > 0
    ), allowance AS (${allowanceTaken("tokens", client, sql.table("countable"), now)})
    SELECT id, duration, EXISTS (SELECT 1 FROM allowance) AS allowed,
      ${allowanceWindowEnds("tokens", client, sql.ref("video.id"))} AS window_ends
    FROM video`.execute(getDb());
  const video = rows[0];
  if (!video) return { status: "not-found" };
  const thresholdMs = viewThresholdMs(video.duration);
  if (thresholdMs === null) return { status: "uncountable" };
  if (!video.allowed) {
    logRefusal("tokens", client, video.id);
    return { status: "rate-limited", retryAfterMs: retryAfterMs(video.window_ends, now) };
  }
  // The stored id (lower case) is the one a token names.
  const token = issuePlayToken({ videoId: video.id, sessionId: req.sessionId, durationSeconds: video.duration, now });
  if (token === null) return { status: "uncountable" };
  return { status: "issued", token, thresholdMs };
}

export async function countView(req: ViewRequest, now = Date.now()): Promise<ViewOutcome> {
  if (!req.sessionId) return { status: "invalid" };
  const check = checkPlayToken(req.token, { videoId: req.videoId, sessionId: req.sessionId }, now);
  if (check.status !== "ok") return check;
  scheduleCleanup(now);
  return recordView(
    { videoId: check.claim.videoId, sessionId: check.claim.sessionId, client: ipRateLimitKey(req.ip) },
    new Date(now + VIEW_SESSION_TTL_MS),
    now,
  );
}

interface ViewToRecord {
  videoId: string;
  sessionId: string;
  /** The client's allowance bucket (ipRateLimitKey). */
  client: string;
}

/**
 * One statement, so one transaction and one round trip: the client's allowance (taken only when this session
 * has no mark for the video yet, so a repeat costs none), the session mark (its primary key refuses a second
 * count for the same session and video, even from concurrent requests; no mark for a missing video, none
 * beyond the allowance), the video's views, today's count and the category's views. Row locks are held only
 * while the statement runs, never across round trips, which is what lets many concurrent views of one video
 * through; they are taken in one order (allowance, mark, video, day, category), so concurrent views wait for
 * each other but never deadlock.
 *
 * When the statement fails and the same count without the category succeeds, the category update was the
 * failure: the view counts and the failure is a warning (docs/product.md "Errors"). The failed statement took nothing.
 */
async function recordView(view: ViewToRecord, expiresAt: Date, now: number): Promise<ViewOutcome> {
  const { videoId } = view;
  let row: CountRow;
  try {
    row = await countStatement(view, expiresAt, now, true);
  } catch (err) {
    if (isDatabaseUnavailableError(err)) throw err;
    row = await countStatement(view, expiresAt, now, false);
    logger.warn({ err, videoId }, "category view count failed; the video's view still counts");
  }
  if (!row.found) {
    logger.warn({ videoId }, "view not counted: video not found");
    return { status: "not-found" };
  }
  if (row.fresh) {
    viewsCounted.inc();
    return { status: "counted" };
  }
  // A session that raced itself took an allowance and lost the mark: still a duplicate, not a refusal.
  if (row.unseen && !row.allowed) {
    logRefusal("views", view.client, videoId);
    return { status: "rate-limited", retryAfterMs: retryAfterMs(row.window_ends, now) };
  }
  return { status: "duplicate" };
}

interface CountRow {
  found: boolean;
  /** This session had no mark for the video when the statement started. */
  unseen: boolean;
  /** The client's allowance had room (only asked when unseen). */
  allowed: boolean;
  /** The mark was written: the view counted. */
  fresh: boolean;
  /** The end of the client's allowance window (epoch ms, int8 as text). */
  window_ends: string | null;
}

async function countStatement(view: ViewToRecord, expiresAt: Date, now: number, withCategory: boolean): Promise<CountRow> {
  const { videoId, sessionId, client } = view;
  const category = withCategory
    ? sql`, category AS (UPDATE categories SET views = views + 1 WHERE id = (SELECT category_id FROM video))`
    : sql``;
  const { rows } = await sql<CountRow>`
    WITH target AS (
      SELECT id FROM videos WHERE id = ${videoId}
    ), unseen AS (
      SELECT id FROM target
      WHERE NOT EXISTS (SELECT 1 FROM video_view_sessions WHERE session_id = ${sessionId} AND video_id = target.id)
    ), allowance AS (${allowanceTaken("views", client, sql.table("unseen"), now)}
    ), mark AS (
      INSERT INTO video_view_sessions (session_id, video_id, expires_at)
      SELECT ${sessionId}, id, ${expiresAt} FROM target WHERE EXISTS (SELECT 1 FROM allowance)
      ON CONFLICT DO NOTHING
      RETURNING video_id
    ), video AS (
      UPDATE videos SET views = views + 1 WHERE id = (SELECT video_id FROM mark) RETURNING id, category_id
    ), daily AS (
      INSERT INTO video_views_daily AS d (video_id, day, views)
      SELECT id, (now() AT TIME ZONE 'UTC')::date, 1 FROM video
      ON CONFLICT (video_id, day) DO UPDATE SET views = d.views + 1
    )${category}
    SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM unseen) AS unseen,
      EXISTS (SELECT 1 FROM allowance) AS allowed, EXISTS (SELECT 1 FROM mark) AS fresh,
      ${allowanceWindowEnds("views", client, sql`${videoId}::uuid`)} AS window_ends`.execute(getDb());
  return rows[0] ?? { found: false, unseen: false, allowed: false, fresh: false, window_ends: null };
}

let lastCleanup = 0;

function scheduleCleanup(now: number): void {
  if (now - lastCleanup < CLEANUP_EVERY_MS) return;
  lastCleanup = now;
  deleteExpiredViewSessions().catch((err: unknown) => logger.warn({ err }, "deleting expired view sessions failed"));
  deleteEndedViewAllowances().catch((err: unknown) => logger.warn({ err }, "deleting ended view allowances failed"));
}

/** Deletes session marks past their expiry (no token can match them any more). Returns how many. */
export async function deleteExpiredViewSessions(now = new Date()): Promise<number> {
  const result = await getDb().deleteFrom("video_view_sessions").where("expires_at", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface DailyViews {
  day: string;
  views: number;
}

/** Counted views per UTC day ("YYYY-MM-DD"), oldest first: for the admin console's chart. */
export async function viewsPerDay(opts: { videoId?: string; from: string; to: string }): Promise<DailyViews[]> {
  let query = getDb()
    .selectFrom("video_views_daily")
    .select([sql<string>`day::text`.as("day"), sql<number>`sum(views)::int8`.as("views")])
    .where("day", ">=", opts.from)
    .where("day", "<=", opts.to)
    .groupBy("day")
    .orderBy("day");
  if (opts.videoId) query = query.where("video_id", "=", opts.videoId);
  return query.execute();
}

/**
 * Admin/operator only (docs/product.md "Views"): never reachable from the browser. Sets every video's and every
 * category's view count to 0 and clears the per-day counts, in one transaction, so the chart never shows
 * views the counters no longer hold. Session marks stay: a session that counted a video before the reset
 * does not count it again. Returns the number of videos reset.
 */
export async function resetAllViews(): Promise<number> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.updateTable("videos").set({ views: 0 }).where(sql<boolean>`views <> 0`).executeTakeFirst();
      await trx.updateTable("categories").set({ views: 0 }).where(sql<boolean>`views <> 0`).execute();
      await trx.deleteFrom("video_views_daily").execute();
      return Number(result.numUpdatedRows);
    });
}
