import { sql } from "kysely";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../core/locales";
import { getDb } from "../db/connection";

/** A sitemap file holds at most 50,000 URLs; the newest videos go first. */
export const SITEMAP_VIDEO_LIMIT = 45_000;

export async function sitemapEntries() {
  const db = getDb();
  const [videos, categories, posts] = await Promise.all([
    db
      .selectFrom("videos")
      .select(["id", "title", "description", "thumbnail_url", "video_url", "duration", "upload_date", "updated_at"])
      .where("is_public", "=", true)
      .orderBy("upload_date", "desc")
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
