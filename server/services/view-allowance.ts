import { type RawBuilder, sql } from "kysely";
import { getDb } from "../db/connection";
import { logger } from "../logger";

/**
 * How many play tokens and counted views one client address gets per video per hour (issue 19, item 4;
 * docs/architecture.md "View counting"). Without it a script on one address opens N sessions in parallel
 * and gets N views counted after the threshold.
 *
 * The client is `ipRateLimitKey` of the request's address: IPv4 exactly, IPv6 by /64, IPv4-mapped IPv6 as
 * IPv4. User-Agent and cookies play no part, so changing them changes nothing.
 *
 * The counters live in the shared database (`view_allowances`, UNLOGGED: migration 0016; rate-limiter-
 * flexible's row format: `points` used, `expire` in epoch ms, a fixed window from the first use), so every
 * instance sharing the database shares them. They are taken inside the statement that issues the token or
 * counts the view (`allowanceTaken`), not by a separate `consume()`: the hot view path keeps one round trip,
 * and a view takes from its allowance only when its session has not counted the video yet.
 */
export const VIEW_ALLOWANCE = {
  /**
   * Play tokens per address, video and hour. Twice the views: a viewer may start the same video more than
   * once before one view counts (reload, back and forth), and a household shares the address.
   */
  tokens: 10,
  /**
   * Counted views per address, video and hour: five people behind one NAT (a household, a small office)
   * each count the same video within the hour; a script counts no more than they do.
   */
  views: 5,
  windowMs: 60 * 60 * 1000,
} as const;

export type ViewCap = "tokens" | "views";

export const ALLOWANCE_TABLE = "view_allowances";

const PREFIX: Record<ViewCap, string> = { tokens: "view-tokens", views: "view-counts" };

/** The key prefix of one client's allowance of `cap`; the video id (as PostgreSQL writes it) ends the key. */
export function allowancePrefix(cap: ViewCap, clientKey: string): string {
  return `${PREFIX[cap]}:${clientKey}:`;
}

/**
 * A data-modifying CTE body: takes one unit of `cap` for each row of `source` (a CTE with the video's `id`,
 * at most one row) and returns the key when it was allowed, nothing when the client has used up the window.
 * `ON CONFLICT ... DO UPDATE ... WHERE` locks the counter row and checks the newest version, so concurrent
 * requests of one client never take more than the cap between them.
 */
export function allowanceTaken(cap: ViewCap, clientKey: string, source: RawBuilder<unknown>, now: number): RawBuilder<unknown> {
  const limit = VIEW_ALLOWANCE[cap];
  const windowEnds = now + VIEW_ALLOWANCE.windowMs;
  return sql`
    INSERT INTO ${sql.table(ALLOWANCE_TABLE)} AS r (key, points, expire)
    SELECT ${allowancePrefix(cap, clientKey)} || id::text, 1, ${windowEnds}::int8 FROM ${source}
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN r.expire <= ${now}::int8 THEN 1 ELSE r.points + 1 END,
      expire = CASE WHEN r.expire <= ${now}::int8 THEN ${windowEnds}::int8 ELSE r.expire END
    WHERE r.expire <= ${now}::int8 OR r.points < ${limit}
    RETURNING r.key`;
}

/** When (epoch ms) the window of `cap` for this client and the video of `source` ends: null if none is open. */
export function allowanceWindowEnds(cap: ViewCap, clientKey: string, videoId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT expire FROM ${sql.table(ALLOWANCE_TABLE)} WHERE key = ${allowancePrefix(cap, clientKey)} || ${videoId}::text)`;
}

/**
 * How long a refused client waits for a new window: what is left of it, never more than a whole window (the request
 * that opened it may have read the clock a millisecond after this one did: an e2e run once saw 3,600,001 ms), and
 * the whole window when its row was not visible yet.
 */
export function retryAfterMs(windowEnds: number | string | null, now: number): number {
  const ends = windowEnds === null ? Number.NaN : Number(windowEnds);
  return Number.isFinite(ends) && ends > now ? Math.min(ends - now, VIEW_ALLOWANCE.windowMs) : VIEW_ALLOWANCE.windowMs;
}

/**
 * One line per refusal, for operators: the video, the client's bucket (an IPv4 address or an IPv6 /64, never
 * a whole IPv6 address) and which cap refused.
 */
export function logRefusal(cap: ViewCap, clientKey: string, videoId: string): void {
  logger.warn({ videoId, client: clientKey, cap, limit: VIEW_ALLOWANCE[cap] }, "view cap reached: not counted");
}

/** Deletes allowances whose window has ended (an ended window counts as unused anyway). Returns how many. */
export async function deleteEndedViewAllowances(now = Date.now()): Promise<number> {
  const result = await sql`
    DELETE FROM ${sql.table(ALLOWANCE_TABLE)}
    WHERE expire <= ${now}::int8`.execute(getDb());
  return Number(result.numAffectedRows ?? 0);
}
