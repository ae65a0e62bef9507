import { type Kysely, sql } from "kysely";

/**
 * The account's autoplay choice (core/autoplay.ts): TRUE or FALSE once the user chose, on the settings page or
 * with the player's switch while signed in; NULL until then (the browser's own cookie, or the default, applies).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN IF NOT EXISTS autoplay boolean`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS autoplay`.execute(db);
}
