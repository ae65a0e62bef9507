import { type Kysely, sql } from "kysely";

/**
 * The console's moderation sections (issue 11): the contact inbox's read state, and the indexes its lists
 * need. `read_at` NULL means unread; messages received before this migration start unread.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contact_messages ADD COLUMN read_at timestamptz`.execute(db);
  // The dashboard's unread count (the inbox itself uses 0001's contact_messages_created_idx).
  await sql`CREATE INDEX contact_messages_unread_idx ON contact_messages (created_at) WHERE read_at IS NULL`.execute(db);
  // Comment moderation lists every comment newest first.
  await sql`CREATE INDEX comments_moderation_idx ON comments (created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS comments_moderation_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS contact_messages_unread_idx`.execute(db);
  await sql`ALTER TABLE contact_messages DROP COLUMN IF EXISTS read_at`.execute(db);
}
