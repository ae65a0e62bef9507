import { type Kysely, sql } from "kysely";

/**
 * Translated content (docs/i18n.md "Content", issue 34): a video's and a category's texts in each language but
 * English, which stays in `videos` and `categories` (the source). No row is a "missing" translation; a row is a
 * draft or published, and only a published one is shown. Slugs and addresses stay English.
 * - `video_translations.title_lower`: kept by PostgreSQL like `videos.title_lower` (migration 0014), so search in the
 *   page's language matches it with the same `LIKE` and two indexes serve it: a trigram index for terms with
 *   trigrams, and a per-language walk (locale, title_lower) for the short ones, as the English search's window.
 * - `chapters`: the console's chapter-list text (core/chapters-schema.ts), checked on save with the English list's
 *   rules; the page shows the English chapters where it is NULL.
 * - `categories.description`: a one-line description of each category, English, shown on its page.
 */
const TRANSLATED = sql.raw(`('de', 'fr', 'es', 'pt-BR', 'ja', 'ar')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE categories ADD COLUMN IF NOT EXISTS description text`.execute(db);
  await sql`
    CREATE TABLE video_translations (
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ${TRANSLATED}),
      title text NOT NULL,
      title_lower text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL,
      description text,
      chapters text,
      state text NOT NULL CHECK (state IN ('draft', 'published')),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (video_id, locale)
    )`.execute(db);
  await sql`CREATE INDEX video_translations_title_lower_trgm_idx ON video_translations USING gin (title_lower gin_trgm_ops) WHERE state = 'published'`.execute(
    db,
  );
  await sql`CREATE INDEX video_translations_locale_idx ON video_translations (locale, video_id) INCLUDE (title_lower) WHERE state = 'published'`.execute(
    db,
  );
  await sql`
    CREATE TABLE category_translations (
      category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ${TRANSLATED}),
      name text NOT NULL,
      description text,
      state text NOT NULL CHECK (state IN ('draft', 'published')),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (category_id, locale)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS category_translations`.execute(db);
  await sql`DROP TABLE IF EXISTS video_translations`.execute(db);
  await sql`ALTER TABLE categories DROP COLUMN IF EXISTS description`.execute(db);
}
