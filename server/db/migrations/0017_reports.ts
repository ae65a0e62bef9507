import { type Kysely, sql } from "kysely";

/**
 * Reports and the moderation queue (issue 22 items 1-2). A report names one video or one comment; open
 * reports (resolved_at NULL) are the queue. `held_at` marks an item hidden from the public pending review
 * (a held video is also not public, so every public query already leaves it out); `reviewed_at` marks an
 * item a moderator has looked at and kept, so later reports queue it without hiding it again (a report
 * cannot be used to take down the same video over and over). A banned user cannot comment or like.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE,
      target_type text NOT NULL CHECK (target_type IN ('video', 'comment')),
      target_id uuid NOT NULL,
      -- The video the item belongs to (a comment's video); kept NULL once the video is deleted, the report stays counted.
      video_id uuid REFERENCES videos (id) ON DELETE SET NULL,
      reason text NOT NULL CHECK (reason IN ('non-consensual', 'minor', 'illegal', 'copyright', 'spam', 'other')),
      details text CHECK (length(details) <= 2000),
      reporter_user_id text REFERENCES users (id) ON DELETE SET NULL,
      reporter_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolution text CHECK (resolution IN ('dismissed', 'restored', 'removed', 'banned')),
      resolved_by text REFERENCES users (id) ON DELETE SET NULL,
      CHECK ((resolved_at IS NULL) = (resolution IS NULL))
    )`.execute(db);
  // The queue: open reports by item, oldest first.
  await sql`CREATE INDEX reports_open_idx ON reports (target_type, target_id, created_at) WHERE resolved_at IS NULL`.execute(db);
  await sql`CREATE INDEX reports_open_age_idx ON reports (created_at) WHERE resolved_at IS NULL`.execute(db);
  // One open report per client and item: a second one answers with the first one's reference.
  await sql`CREATE UNIQUE INDEX reports_once_idx ON reports (target_type, target_id, reporter_key) WHERE resolved_at IS NULL`.execute(db);
  // The transparency page's figures (last 30 days).
  await sql`CREATE INDEX reports_created_idx ON reports (created_at)`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN held_at timestamptz, ADD COLUMN reviewed_at timestamptz`.execute(db);
  await sql`ALTER TABLE comments ADD COLUMN held_at timestamptz, ADD COLUMN reviewed_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN banned_at timestamptz, ADD COLUMN ban_reason text CHECK (length(ban_reason) <= 500)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS banned_at, DROP COLUMN IF EXISTS ban_reason`.execute(db);
  await sql`ALTER TABLE comments DROP COLUMN IF EXISTS held_at, DROP COLUMN IF EXISTS reviewed_at`.execute(db);
  await sql`ALTER TABLE videos DROP COLUMN IF EXISTS held_at, DROP COLUMN IF EXISTS reviewed_at`.execute(db);
  await sql`DROP TABLE IF EXISTS reports`.execute(db);
}
