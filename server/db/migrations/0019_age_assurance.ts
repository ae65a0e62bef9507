import { type Kysely, sql } from "kysely";

/**
 * When the account last passed an age check stronger than self-declaration (docs/decisions/0028-age-assurance.md):
 * signing in on another browser then unlocks explicit media without a second check. NULL: never.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN IF NOT EXISTS age_assured_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS age_assured_at`.execute(db);
}
