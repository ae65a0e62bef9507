import { sql } from "kysely";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../core/locales";
import { getDb } from "../db/connection";

/** A sitemap file holds at most 50,000 URLs; the newest videos go first. */
export const SITEMAP_VIDEO_LIMIT = 45_000;

/**
 * What a language's sitemap lists. Its videos' titles and descriptions are the language's published ones where
 * there are some, else English (docs/i18n.md "Content"): one join by primary key, none for English.
 */
export async function sitemapEntries(locale: Locale = DEFAULT_LOCALE) {
  const db = getDb();
  const [videos, categories, posts] = await Promise.all([
    db
      .selectFrom("videos as v")
      .$if(locale !== DEFAULT_LOCALE, (qb) =>
        qb.leftJoin("video_translations as t", (join) =>
          join.onRef("t.video_id", "=", "v.id").on("t.locale", "=", locale).on("t.state", "=", "published"),
        ),
      )
      .select([
        "v.id",
        locale === DEFAULT_LOCALE ? sql<string>`v.title`.as("title") : sql<string>`coalesce(t.title, v.title)`.as("title"),
        locale === DEFAULT_LOCALE
          ? sql<string | null>`v.description`.as("description")
          : sql<string | null>`coalesce(t.description, v.description)`.as("description"),
        "v.thumbnail_url",
        "v.video_url",
        "v.duration",
        "v.upload_date",
        "v.updated_at",
      ])
      .where("v.is_public", "=", true)
      .orderBy("v.upload_date", "desc")
      .limit(SITEMAP_VIDEO_LIMIT)
      .execute(),
    db.selectFrom("categories").select(["slug"]).orderBy("name").execute(),
    db
      .selectFrom("blog_posts as p")
      .select([
        "p.slug",
        "p.updated_at",
        sql<string[]>`array(SELECT t.locale FROM blog_post_translations t WHERE t.post_id = p.id AND t.state = 'published')`.as(
          "translated",
        ),
      ])
      .where("p.published", "=", true)
      .orderBy("p.published_at", "desc")
      .execute(),
  ]);
  // A post exists in English and in the languages its translation is published in (docs/i18n.md "Search engines").
  const languagesOf = (translated: string[]): Locale[] => LOCALES.filter((l) => l === DEFAULT_LOCALE || translated.includes(l));
  return { videos, categories, posts: posts.map(({ translated, ...p }) => ({ ...p, languages: languagesOf(translated) })) };
}
