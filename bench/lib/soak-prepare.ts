import type pg from "pg";
import { THREADS_PER_PAGE } from "../../core/comment-limits";

/**
 * A soak measures a steady state. The mix comments at 2 % of requests on the same videos, so over an hour each
 * video page would gain some 60 comments, and its page renders the first THREADS_PER_PAGE threads (oldest first,
 * server/services/comments.ts): the pages would get dearer all through the run (about a sixth more app CPU per
 * request with 50 more comments on every video, docs/benchmarks.md "Issue 31: soak"), which reads as p99 growth
 * that no process causes. So before the run every video the mix visits is topped up to a page of top-level
 * comments, older than any the mix posts: each page then renders the same threads from the first window to the
 * last. Written by one INSERT … SELECT before the ledger's first count, so the ledger is unaffected.
 */
export const SEED_COMMENTS = THREADS_PER_PAGE;

/** Tops each of `videoIds` up to `perVideo` top-level comments by `authorEmail`; returns how many it wrote. */
export async function seedComments(pool: pg.Pool, videoIds: readonly string[], perVideo: number, authorEmail: string): Promise<number> {
  if (perVideo <= 0 || !videoIds.length) return 0;
  const { rowCount } = await pool.query(
    `INSERT INTO comments (video_id, user_id, content, created_at)
     SELECT v.id, u.id, 'Soak seed ' || g || ': lovely colours.', now() - interval '1 day' + g * interval '1 second'
     FROM videos v
     CROSS JOIN (SELECT id FROM users WHERE email = $3) u
     CROSS JOIN LATERAL generate_series(1, $2::int - (SELECT count(*)::int FROM comments c WHERE c.video_id = v.id AND c.parent_id IS NULL)) g
     WHERE v.id = ANY($1)`,
    [videoIds, perVideo, authorEmail],
  );
  return rowCount ?? 0;
}
