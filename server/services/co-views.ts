import { sql } from "kysely";
import { getDb } from "../db/connection";
import { VIEW_SESSION_TTL_MS } from "./views";

/**
 * "People who watched this also watched" (docs/decisions/0031-co-view-recommendations.md). The input is the
 * view counter's own session marks (`video_view_sessions`, server/services/views.ts): one row per browser
 * session and counted video, kept for a day. So counting a view writes nothing more for recommendations.
 *
 * The fold (a periodic job, server/jobs/co-views.ts) walks the marks in one total order, (expires_at,
 * session_id, video_id), from a stored position onwards. Each mark is paired with the marks of the same
 * session that come before it in that order (at most PAIRS_PER_VIEW, the latest), so every pair of views of
 * one session is counted exactly once: when the later one is folded. The pairs' counts are added, in both
 * directions, to each video's list of its strongest neighbours, which keeps its CO_VIEW_NEIGHBOURS strongest
 * (ties: the pair seen in this batch first, then by id). A neighbour that falls out of a list loses its
 * count: the lists are bounded (one row per video), and the strong pairs, the ones shown, stay. The video page
 * reads a list with relatedVideos (./videos.ts), which shows only neighbours public now and watched together
 * in MIN_CO_VIEWS sessions.
 *
 * A batch is one transaction that first locks the position row, so runners that overlap (several instances;
 * graphile-worker's cron already runs each minute once) fold one after the other, never a mark twice.
 * Marks are folded once they are SETTLE_MS old: a count commits within milliseconds, so a mark never
 * appears behind the position (it would then be skipped; its later pairs would still count).
 * A mark deleted before its fold (the job stopped for a day) is lost to co-views; nothing else is.
 */

/** Neighbours kept per video: the 6 shown, with room for those not public now and for newcomers. */
export const CO_VIEW_NEIGHBOURS = 24;
/** Pairs per folded view (its session's latest earlier views): bounds the work a long session costs. */
export const PAIRS_PER_VIEW = 20;
/** How old a mark must be before it is folded (see above). */
export const SETTLE_MS = 60_000;
/**
 * Marks per batch and batches per run of the job: bounded work per run (at 100k videos and 10M views a batch
 * this size takes 9 s on average and 11 s at most on the 2-core bench machine, docs/benchmarks.md); a backlog
 * continues next minute. 250,000 a minute is 360M views a day; the day of 10M views an operator might find on
 * first deploy is folded in about 40 runs.
 */
export const FOLD_BATCH = 250_000;
export const FOLD_BATCHES_PER_RUN = 1;

export interface FoldOptions {
  batchSize?: number;
  maxBatches?: number;
  settleMs?: number;
  now?: number;
}

export interface FoldResult {
  /** View session marks folded. */
  views: number;
  /** Neighbour lists written (a video counted once per batch). */
  lists: number;
  batches: number;
  /** False when the run stopped at maxBatches with marks still to fold. */
  caughtUp: boolean;
}

/** Folds counted views into the co-view lists, batch by batch, until caught up or maxBatches. */
export async function foldCoViews(opts: FoldOptions = {}): Promise<FoldResult> {
  const batchSize = opts.batchSize ?? FOLD_BATCH;
  const maxBatches = opts.maxBatches ?? FOLD_BATCHES_PER_RUN;
  // Marks carry their expiry (count time + VIEW_SESSION_TTL_MS), so "counted before now - settle" is this bound.
  const settledUntil = new Date((opts.now ?? Date.now()) + VIEW_SESSION_TTL_MS - (opts.settleMs ?? SETTLE_MS));
  const result: FoldResult = { views: 0, lists: 0, batches: 0, caughtUp: false };
  while (result.batches < maxBatches) {
    const batch = await foldBatch(batchSize, settledUntil);
    result.batches++;
    result.views += batch.views;
    result.lists += batch.lists;
    if (batch.views < batchSize) {
      result.caughtUp = true;
      break;
    }
  }
  return result;
}

async function foldBatch(batchSize: number, settledUntil: Date): Promise<{ views: number; lists: number }> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // The lock that serialises overlapping runners; read after it, the position is the latest committed.
      // expires_at as text: a JavaScript Date would drop its microseconds and fold the marks of that millisecond twice.
      const at = await trx
        .selectFrom("video_co_view_progress")
        .select([sql<string>`expires_at::text`.as("expires_at"), "session_id", "video_id"])
        .forUpdate()
        .executeTakeFirstOrThrow();
      // The merge groups and ranks every touched list's entries: in memory rather than in temporary files.
      await sql`SET LOCAL work_mem = '128MB'`.execute(trx);
      const { rows } = await sql<{ views: number; lists: number }>`
        WITH batch AS MATERIALIZED (
          SELECT session_id, video_id, expires_at FROM video_view_sessions
          WHERE expires_at >= ${at.expires_at}::timestamptz AND expires_at <= ${settledUntil}
            AND (expires_at, session_id, video_id) > (${at.expires_at}::timestamptz, ${at.session_id}::uuid, ${at.video_id}::uuid)
          ORDER BY expires_at, session_id, video_id
          LIMIT ${batchSize}
        ), earlier AS (
          SELECT b.video_id AS a, p.video_id AS b,
            row_number() OVER (PARTITION BY b.session_id, b.video_id ORDER BY p.expires_at DESC, p.video_id DESC) AS nearness
          FROM batch b
          JOIN video_view_sessions p ON p.session_id = b.session_id AND (p.expires_at, p.video_id) < (b.expires_at, b.video_id)
        ), pairs AS (
          SELECT a, b FROM earlier WHERE nearness <= ${PAIRS_PER_VIEW}
        ), delta AS (
          SELECT d.video_id, d.neighbour_id, count(*)::int AS n
          FROM pairs, LATERAL (VALUES (pairs.a, pairs.b), (pairs.b, pairs.a)) AS d (video_id, neighbour_id)
          GROUP BY d.video_id, d.neighbour_id
        ), merged AS (
          SELECT m.video_id, m.neighbour_id, sum(m.n)::int AS n, bool_or(m.fresh) AS fresh
          FROM (
            SELECT cv.video_id, e.neighbour_id, e.n, false AS fresh
            FROM video_co_views cv, unnest(cv.neighbour_ids, cv.co_views) AS e (neighbour_id, n)
            WHERE cv.video_id IN (SELECT video_id FROM delta)
            UNION ALL
            SELECT video_id, neighbour_id, n, true FROM delta
          ) m
          -- A taken-down video is never public again (held and private ones may be): its slot is freed. (One
          -- hashed set of the few removed ids; a deleted video is left to the read, which finds no row, and
          -- drops out as other neighbours gain counts.)
          WHERE m.neighbour_id NOT IN (SELECT id FROM videos WHERE removed_at IS NOT NULL)
          GROUP BY m.video_id, m.neighbour_id
        ), ranked AS (
          SELECT video_id, neighbour_id, n,
            row_number() OVER (PARTITION BY video_id ORDER BY n DESC, fresh DESC, neighbour_id) AS rank
          FROM merged
        ), lists AS (
          SELECT video_id, array_agg(neighbour_id ORDER BY rank) AS ids, array_agg(n ORDER BY rank) AS ns
          FROM ranked WHERE rank <= ${CO_VIEW_NEIGHBOURS}
          GROUP BY video_id
        ), saved AS (
          INSERT INTO video_co_views AS cv (video_id, neighbour_ids, co_views, updated_at)
          SELECT l.video_id, l.ids, l.ns, now() FROM lists l JOIN videos v ON v.id = l.video_id
          ON CONFLICT (video_id) DO UPDATE
            SET neighbour_ids = excluded.neighbour_ids, co_views = excluded.co_views, updated_at = excluded.updated_at
          RETURNING 1
        ), last AS (
          SELECT session_id, video_id, expires_at FROM batch ORDER BY expires_at DESC, session_id DESC, video_id DESC LIMIT 1
        ), moved AS (
          UPDATE video_co_view_progress p SET expires_at = last.expires_at, session_id = last.session_id, video_id = last.video_id
          FROM last
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM batch)::int AS views, (SELECT count(*) FROM saved)::int AS lists,
          (SELECT count(*) FROM moved)::int AS moved`.execute(trx);
      return rows[0] ?? { views: 0, lists: 0 };
    });
}
