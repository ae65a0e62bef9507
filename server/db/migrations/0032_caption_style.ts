import { type Kysely, sql } from "kysely";

/**
 * The account's caption style (core/caption-style.ts): the six settings as one JSON object once the user chose
 * them, in their settings or in the player while signed in; NULL until then (this browser's own, or the default,
 * applies). Read back through parseCaptionStyle, so a value a later release no longer offers falls back by field.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN IF NOT EXISTS caption_style jsonb
      CONSTRAINT users_caption_style_object CHECK (caption_style IS NULL OR jsonb_typeof(caption_style) = 'object')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS caption_style`.execute(db);
}
