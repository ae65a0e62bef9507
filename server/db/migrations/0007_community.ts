import { type Kysely, sql } from "kysely";

/**
 * Likes and comments (issue 10 items 6-7, docs/product.md "Likes", "Comments"). 0001 already has the tables, `video_likes`'
 * UNIQUE (video_id, user_id) and `videos.likes >= 0`; this adds the comment rules the database can hold
 * itself, so no code path (app, CLI, a future admin console) can break them:
 * - at most 2,000 characters, stored trimmed (NOT VALID: rows imported under the old 5,000 limit stay);
 * - replies only to top-level comments of the same video (docs/product.md "Comments": one level of replies);
 * - `soft_delete_comment(comment_id, user_id)`: the one server-side check of docs/product.md "Roles" (the author or a
 *   creator), the RPC name of docs/product.md "Data", deciding and deleting in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE comments ADD CONSTRAINT comments_content_rules
      CHECK (length(content) <= 2000 AND content = btrim(content, E' \\t\\r\\n')) NOT VALID`.execute(db);

  await sql`
    CREATE FUNCTION comments_reply_to_top_level() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.parent_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM comments p WHERE p.id = NEW.parent_id AND p.parent_id IS NULL AND p.video_id = NEW.video_id
      ) THEN
        RAISE EXCEPTION 'replies go to top-level comments of the same video' USING ERRCODE = '23514';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER comments_reply_to_top_level BEFORE INSERT OR UPDATE OF parent_id, video_id ON comments
      FOR EACH ROW EXECUTE FUNCTION comments_reply_to_top_level()`.execute(db);

  // Threads (top-level comments) of a video, oldest first, paged by (created_at, id).
  await sql`CREATE INDEX comments_video_threads_idx ON comments (video_id, created_at, id) WHERE parent_id IS NULL`.execute(db);

  // True when the comment is (now) deleted by someone allowed to; false when it does not exist or the user
  // may not delete it. Deleting twice keeps the first deleted_at.
  await sql`
    CREATE FUNCTION soft_delete_comment(comment_id uuid, user_id text) RETURNS boolean LANGUAGE sql AS $$
      WITH allowed AS (
        SELECT c.id FROM comments c
        WHERE c.id = soft_delete_comment.comment_id
          AND (c.user_id = soft_delete_comment.user_id
               OR EXISTS (SELECT 1 FROM users u WHERE u.id = soft_delete_comment.user_id AND u.is_creator))
        FOR UPDATE OF c
      ), deleted AS (
        UPDATE comments c SET is_deleted = true, deleted_at = coalesce(c.deleted_at, now())
        FROM allowed WHERE c.id = allowed.id
        RETURNING c.id
      )
      SELECT EXISTS (SELECT 1 FROM deleted)
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS soft_delete_comment(uuid, text)`.execute(db);
  await sql`DROP INDEX IF EXISTS comments_video_threads_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS comments_reply_to_top_level ON comments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS comments_reply_to_top_level()`.execute(db);
  await sql`ALTER TABLE comments DROP CONSTRAINT IF EXISTS comments_content_rules`.execute(db);
}
