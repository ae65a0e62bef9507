import { type Kysely, sql } from "kysely";

/**
 * Title search on a lower-cased copy of the title (issue 8, search at 1M videos). `ILIKE` case-folds every
 * title it tests, which made it the largest cost of the search's index walk (2.2 ms per 5,000 titles at 1M,
 * against 0.78 ms for `LIKE` on the stored lower-cased copy; docs/benchmarks.md). PostgreSQL keeps the copy
 * itself (a generated column), so no write path can forget it. The walk's covering index and the trigram
 * index move to the copy; nothing else used them on `title`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE videos ADD COLUMN title_lower text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS videos_public_upload_idx`.execute(db);
  await sql`CREATE INDEX videos_public_upload_idx ON videos (upload_date DESC, id DESC) INCLUDE (title_lower) WHERE is_public`.execute(db);
  await sql`DROP INDEX IF EXISTS videos_title_trgm_idx`.execute(db);
  await sql`CREATE INDEX videos_title_lower_trgm_idx ON videos USING gin (title_lower gin_trgm_ops) WHERE is_public`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS videos_title_lower_trgm_idx`.execute(db);
  await sql`CREATE INDEX videos_title_trgm_idx ON videos USING gin (title gin_trgm_ops) WHERE is_public`.execute(db);
  await sql`DROP INDEX IF EXISTS videos_public_upload_idx`.execute(db);
  await sql`CREATE INDEX videos_public_upload_idx ON videos (upload_date DESC, id DESC) INCLUDE (title) WHERE is_public`.execute(db);
  await sql`ALTER TABLE videos DROP COLUMN IF EXISTS title_lower`.execute(db);
}
