import { type Kysely, sql } from "kysely";
import { INDEXES } from "./0020_sort_indexes";

/**
 * The duration filter's bounds become a setting (core/listing-order.ts, docs/operations.md): 0020 wrote them
 * into a generated column's expression, so changing them took a migration. Now the one row of
 * listing_duration_bounds holds them, a trigger buckets each video from it when its duration is written, and
 * the app's start writes the operator's setting there and re-buckets the catalogue if it changed
 * (server/services/duration-bounds.ts). The column keeps its values and its indexes; the row starts with
 * the bounds 0020's expression used, so the buckets already stored stay right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE listing_duration_bounds (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    short_under integer NOT NULL CHECK (short_under > 0),
    long_over integer NOT NULL,
    CHECK (long_over >= short_under)
  )`.execute(db);
  await sql`INSERT INTO listing_duration_bounds (short_under, long_over) VALUES (45, 60)`.execute(db);
  await sql`ALTER TABLE videos ALTER COLUMN duration_bucket DROP EXPRESSION`.execute(db);
  await sql`CREATE FUNCTION video_duration_bucket(seconds integer) RETURNS smallint
    LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN seconds < b.short_under THEN 0 WHEN seconds <= b.long_over THEN 1 ELSE 2 END::smallint
      FROM listing_duration_bounds b
    $$`.execute(db);
  await sql`CREATE FUNCTION videos_set_duration_bucket() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      NEW.duration_bucket := video_duration_bucket(NEW.duration);
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER videos_duration_bucket BEFORE INSERT OR UPDATE OF duration ON videos
    FOR EACH ROW EXECUTE FUNCTION videos_set_duration_bucket()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS videos_duration_bucket ON videos`.execute(db);
  await sql`DROP FUNCTION IF EXISTS videos_set_duration_bucket()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS video_duration_bucket(integer)`.execute(db);
  // Back to 0020's generated column (and its bounds); its indexes are rebuilt with it.
  await sql`ALTER TABLE videos DROP COLUMN duration_bucket`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN duration_bucket smallint
    GENERATED ALWAYS AS (CASE WHEN duration < 45 THEN 0 WHEN duration <= 60 THEN 1 ELSE 2 END) STORED NOT NULL`.execute(db);
  for (const [name, columns] of INDEXES) {
    await sql`CREATE INDEX ${sql.id(name)} ON videos (${sql.raw(columns)}) WHERE is_public`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS listing_duration_bounds`.execute(db);
}
