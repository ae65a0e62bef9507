import { type Kysely, sql } from "kysely";

/**
 * Playlists and Watch Later (issue 23 item 1, docs/decisions/0034-playlists.md). One model: Watch Later is
 * a playlist of kind `watch_later`, at most one per user (created on the first save), always private, never
 * renamed or deleted. Items keep an explicit 1-based `position` (the order the owner chose); a playlist's row
 * is locked while its items are added or moved, so positions stay dense without a unique constraint that a
 * renumbering would trip over midway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE playlists (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL DEFAULT 'playlist' CHECK (kind IN ('playlist', 'watch_later')),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 1000),
      is_public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind = 'playlist' OR NOT is_public)
    )`.execute(db);
  await sql`CREATE INDEX playlists_user_created_idx ON playlists (user_id, created_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX playlists_user_watch_later_idx ON playlists (user_id) WHERE kind = 'watch_later'`.execute(db);
  await sql`
    CREATE TABLE playlist_items (
      playlist_id uuid NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 1),
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (playlist_id, video_id)
    )`.execute(db);
  await sql`CREATE INDEX playlist_items_order_idx ON playlist_items (playlist_id, position)`.execute(db);
  // A deleted video leaves every playlist through the cascade: without this it would scan them all.
  await sql`CREATE INDEX playlist_items_video_idx ON playlist_items (video_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS playlist_items`.execute(db);
  await sql`DROP TABLE IF EXISTS playlists`.execute(db);
}
