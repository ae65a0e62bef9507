import { type Kysely, sql } from "kysely";

/**
 * Caption files (issue 23 item 5, docs/decisions/0033-captions.md): one canonical WebVTT file per video and
 * language, stored with the media under `captions/<video id>/` (`file_key`, a media storage key whose name
 * carries the file's hash, so a replaced file gets a new immutable URL). Deleting a video deletes its rows;
 * the demo seed truncates this table with the videos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_captions (
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      language text NOT NULL CHECK (language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$'),
      file_key text NOT NULL CHECK (length(file_key) <= 300),
      cues integer NOT NULL CHECK (cues > 0),
      bytes integer NOT NULL CHECK (bytes > 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (video_id, language)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS video_captions`.execute(db);
}
