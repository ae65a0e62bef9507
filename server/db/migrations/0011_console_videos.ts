import { type Kysely, sql } from "kysely";

/**
 * The console's video list: every video (public or not) newest first, and the latest transcode job of
 * each (looked up per listed video).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX videos_upload_idx ON videos (upload_date DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX transcode_jobs_video_idx ON transcode_jobs (video_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS transcode_jobs_video_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS videos_upload_idx`.execute(db);
}
