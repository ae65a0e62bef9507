import { type Kysely, sql } from "kysely";

/**
 * The pre-roll is an ad unit like the banner slots (one ad configuration, read by the player and edited by
 * the admin console): the `player` unit says where its ad comes from. `preroll_source` is only meaningful
 * for that unit, so it stays NULL for banners; a VAST source needs its tag URL (the database refuses one
 * without). `duration` (existing column, default 15 s, docs/product.md "Pre-roll") caps how long the pre-roll runs.
 *
 * The row is inserted inactive so existing installs get something to switch on; the demo seed decides
 * whether a fresh site shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE ad_units
      ADD COLUMN preroll_source text CHECK (preroll_source IN ('house', 'vast')),
      ADD COLUMN vast_tag_url text CHECK (vast_tag_url ~ '^https?://' AND length(vast_tag_url) <= 2048),
      ADD CONSTRAINT ad_units_vast_needs_url CHECK (preroll_source IS DISTINCT FROM 'vast' OR vast_tag_url IS NOT NULL)`.execute(db);
  await sql`
    INSERT INTO ad_units (name, zone_id, location, is_active, duration, preroll_source)
    VALUES ('Pre_Roll', '', 'player', false, 15, 'house')
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM ad_units WHERE name = 'Pre_Roll'`.execute(db);
  await sql`
    ALTER TABLE ad_units
      DROP CONSTRAINT IF EXISTS ad_units_vast_needs_url,
      DROP COLUMN IF EXISTS vast_tag_url,
      DROP COLUMN IF EXISTS preroll_source`.execute(db);
}
