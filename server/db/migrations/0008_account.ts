import { type Kysely, sql } from "kysely";

/**
 * Account features (issue 10 item 5, docs/product.md "Accounts"): favorites, watch history with a resume position, the
 * history pause switch, and account deletion that keeps comment threads whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE favorites (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, video_id)
    )`.execute(db);
  await sql`CREATE INDEX favorites_user_created_idx ON favorites (user_id, created_at DESC)`.execute(db);

  // One row per user and video: watching again moves it to the top and updates the position.
  await sql`
    CREATE TABLE watch_history (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      position_seconds real NOT NULL CHECK (position_seconds >= 0 AND position_seconds <= 86400),
      watched_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, video_id)
    )`.execute(db);
  await sql`CREATE INDEX watch_history_user_watched_idx ON watch_history (user_id, watched_at DESC)`.execute(db);

  // While true, nothing is recorded (the switch on /history).
  await sql`ALTER TABLE users ADD COLUMN history_paused boolean NOT NULL DEFAULT false`.execute(db);

  // A deleted account's comments stay as "Deleted user" placeholders so replies keep their thread: the
  // author becomes NULL instead of taking the comment (and its replies) with it.
  await sql`ALTER TABLE comments ALTER COLUMN user_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE comments DROP CONSTRAINT comments_user_id_fkey`.execute(db);
  await sql`ALTER TABLE comments ADD CONSTRAINT comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS comments_user_idx ON comments (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS comments_user_idx`.execute(db);
  await sql`DELETE FROM comments WHERE user_id IS NULL`.execute(db);
  await sql`ALTER TABLE comments DROP CONSTRAINT comments_user_id_fkey`.execute(db);
  await sql`ALTER TABLE comments ADD CONSTRAINT comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(
    db,
  );
  await sql`ALTER TABLE comments ALTER COLUMN user_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS history_paused`.execute(db);
  await sql`DROP TABLE IF EXISTS watch_history`.execute(db);
  await sql`DROP TABLE IF EXISTS favorites`.execute(db);
}
