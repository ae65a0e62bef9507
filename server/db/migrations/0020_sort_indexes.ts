import { type Kysely, sql } from "kysely";

/**
 * Sorting and duration filters on category pages and search (issue 23 item 7, core/listing-order.ts).
 * Every sort × duration combination walks an index in its own order and stops after a page, so no listing
 * sorts the table:
 * - the duration bucket is a stored generated column (0 short < 45 s, 1 medium 45–60 s, 2 long > 60 s; the
 *   same bounds as core/listing-order.ts, a test compares them), so a filter is one equality the indexes
 *   lead with rather than a range that would need an index per bucket;
 * - "most liked" gets the indexes "most viewed" has had since 0001 (all public videos, and per category);
 * - each sort gets a bucket index, and one per category and bucket.
 * The indexes search walks (all public videos, by sort and by bucket) carry the lower-cased title, as the
 * date index does since 0014, so search's first pass reads no heap: measured at 1M, walking 20,000 entries
 * took 75 ms through the heap (docs/benchmarks.md). The views index is rebuilt with it for that reason.
 * Ties break by id (descending for newest as before, ascending for views and likes as the 0001 indexes do).
 * The cost is on writes: views and likes are indexed columns, so their counter updates were never HOT and
 * already wrote an entry in every index of videos; they now write in 8 more (docs/benchmarks.md).
 */
export const INDEXES: [name: string, columns: string][] = [
  ["videos_public_likes_idx", "likes DESC, id) INCLUDE (title_lower"],
  ["videos_public_category_likes_idx", "category_id, likes DESC, id"],
  ["videos_public_bucket_upload_idx", "duration_bucket, upload_date DESC, id DESC) INCLUDE (title_lower"],
  ["videos_public_bucket_views_idx", "duration_bucket, views DESC, id) INCLUDE (title_lower"],
  ["videos_public_bucket_likes_idx", "duration_bucket, likes DESC, id) INCLUDE (title_lower"],
  ["videos_public_category_bucket_upload_idx", "category_id, duration_bucket, upload_date DESC, id DESC"],
  ["videos_public_category_bucket_views_idx", "category_id, duration_bucket, views DESC, id"],
  ["videos_public_category_bucket_likes_idx", "category_id, duration_bucket, likes DESC, id"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE videos ADD COLUMN duration_bucket smallint
    GENERATED ALWAYS AS (CASE WHEN duration < 45 THEN 0 WHEN duration <= 60 THEN 1 ELSE 2 END) STORED NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS videos_public_views_idx`.execute(db);
  await sql`CREATE INDEX videos_public_views_idx ON videos (views DESC, id) INCLUDE (title_lower) WHERE is_public`.execute(db);
  for (const [name, columns] of INDEXES) {
    await sql`CREATE INDEX ${sql.id(name)} ON videos (${sql.raw(columns)}) WHERE is_public`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  await sql`ALTER TABLE videos DROP COLUMN IF EXISTS duration_bucket`.execute(db);
  await sql`DROP INDEX IF EXISTS videos_public_views_idx`.execute(db);
  await sql`CREATE INDEX videos_public_views_idx ON videos (views DESC, id) WHERE is_public`.execute(db);
}
