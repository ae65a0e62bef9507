import { type Kysely, sql } from "kysely";

/**
 * Languages (docs/i18n.md):
 * - `users.locale`: the language the user chose in their settings (core/locales.ts), NULL until they chose one: the
 *   language offer follows it on every browser they sign in on, and mails to them that no page started use it.
 * - `takedown_requests.locale`: the language of the page the request was sent from, so the mail with its outcome,
 *   sent days later from the console, is in the language the confirmation was; NULL for requests from before.
 * Nullable columns, checked by the code that writes them (zod): an expand step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text`.execute(db);
  await sql`ALTER TABLE takedown_requests ADD COLUMN IF NOT EXISTS locale text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS locale`.execute(db);
  await sql`ALTER TABLE takedown_requests DROP COLUMN IF EXISTS locale`.execute(db);
}
