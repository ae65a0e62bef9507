import { type Kysely, sql } from "kysely";

/**
 * A blog post's versions in the six languages other than English (docs/i18n.md "Content"): one row per post and
 * language, its texts and SEO fields, a draft or published. No row: the language is missing, and the site shows
 * the English post, marked as English. The slug, author, tags, images and canonical URL stay the English post's
 * (a translation's address is the English slug under the language's prefix). Deleting a post deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE IF NOT EXISTS blog_post_translations (
      post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ('de', 'fr', 'es', 'pt-BR', 'ja', 'ar')),
      title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 300),
      excerpt text,
      content text NOT NULL,
      meta_title text,
      meta_description text,
      og_title text,
      og_description text,
      twitter_card_title text,
      twitter_card_description text,
      state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published')),
      published_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (post_id, locale)
    )`.execute(db);
  // The site reads a language's published versions (the list, the sitemap); the key covers one post's.
  await sql`CREATE INDEX IF NOT EXISTS blog_post_translations_published_idx ON blog_post_translations (locale, post_id) WHERE state = 'published'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS blog_post_translations`.execute(db);
}
