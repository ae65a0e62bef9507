import { type Kysely, sql } from "kysely";

/**
 * Chapters of a video (issue 23 item 4, core/chapters.ts): a start in whole seconds and a title each. The
 * primary key keeps one chapter per start and is the index the video page reads them in order with; the
 * rules that need the video's length (first at 0, inside the video) are the service's, checked under the
 * video's row lock. Deleting a video deletes its chapters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_chapters (
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      start_seconds integer NOT NULL CHECK (start_seconds >= 0),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
      PRIMARY KEY (video_id, start_seconds)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS video_chapters`.execute(db);
}
