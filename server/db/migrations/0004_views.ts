import { type Kysely, sql } from "kysely";

/**
 * Honest view counting (docs/architecture.md "View counting", server/services/views.ts):
 * - `video_view_sessions`: which browser session has counted which video. The primary key makes "once per
 *   session and video" a database rule that concurrent requests cannot race past. Rows carry their own
 *   expiry and are deleted after it (a play token cannot outlive its row), so the table stays bounded.
 * - `video_views_daily`: counted views per video and UTC day, for the admin console's views-per-day chart.
 * No foreign key from the sessions table: its rows only need to outlive the tokens that could match them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_view_sessions (
      session_id uuid NOT NULL,
      video_id uuid NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (session_id, video_id)
    )`.execute(db);
  await sql`CREATE INDEX video_view_sessions_expires_idx ON video_view_sessions (expires_at)`.execute(db);

  await sql`
    CREATE TABLE video_views_daily (
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      day date NOT NULL,
      views bigint NOT NULL DEFAULT 0 CHECK (views >= 0),
      PRIMARY KEY (video_id, day)
    )`.execute(db);
  // The dashboard's site-wide chart sums a range of days over every video.
  await sql`CREATE INDEX video_views_daily_day_idx ON video_views_daily (day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS video_views_daily`.execute(db);
  await sql`DROP TABLE IF EXISTS video_view_sessions`.execute(db);
}
