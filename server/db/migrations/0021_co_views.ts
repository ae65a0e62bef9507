import { type Kysely, sql } from "kysely";

/**
 * "People who watched this also watched" (server/services/co-views.ts, docs/decisions/0031-co-view-recommendations.md):
 * - `video_co_views`: per video, its strongest co-viewed neighbours (at most 24), strongest first, with how
 *   many browser sessions counted a view of both. One row per video, so a fold rewrites one row per video it
 *   touches and the video page reads one row by its primary key. Aggregates only: no session, no user.
 * - `video_co_view_progress`: one row, the last folded view session mark in the fold's order
 *   (expires_at, session_id, video_id), so each counted view is folded exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_co_views (
      video_id uuid PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
      neighbour_ids uuid[] NOT NULL,
      co_views int[] NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (cardinality(neighbour_ids) = cardinality(co_views) AND cardinality(neighbour_ids) <= 24)
    )`.execute(db);
  await sql`
    CREATE TABLE video_co_view_progress (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      expires_at timestamptz NOT NULL DEFAULT '-infinity',
      session_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
      video_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
    )`.execute(db);
  await sql`INSERT INTO video_co_view_progress DEFAULT VALUES`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS video_co_view_progress`.execute(db);
  await sql`DROP TABLE IF EXISTS video_co_views`.execute(db);
}
