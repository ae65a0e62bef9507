import { type Kysely, sql } from "kysely";

/**
 * The media pipeline (issue 9): the scrub-preview storyboard of each video, and the transcode jobs the
 * admin console and `video:ingest` show. graphile-worker keeps its own queue tables (schema
 * `graphile_worker`, created by the library); `transcode_jobs` is what we show and decide on.
 *
 * A job carries everything needed to create its video: the `videos` row is inserted only when the media
 * are complete, in the same transaction that marks the job done, so a video being transcoded (or a failed
 * one) is never listed, and public queries need no status filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE videos ADD COLUMN storyboard_url text`.execute(db);

  await sql`
    CREATE TABLE transcode_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      video_id uuid NOT NULL UNIQUE,
      source_path text NOT NULL,
      source_name text NOT NULL,
      delete_source boolean NOT NULL DEFAULT false,
      title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
      description text CHECK (length(description) <= 5000),
      -- No foreign key: reseeding truncates categories, and a job's history outlives its category (the
      -- video gets no category when it is gone by then).
      category_id uuid,
      publish boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      error text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The console's list, newest first.
  await sql`CREATE INDEX transcode_jobs_created_idx ON transcode_jobs (created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS transcode_jobs`.execute(db);
  await sql`ALTER TABLE videos DROP COLUMN IF EXISTS storyboard_url`.execute(db);
}
