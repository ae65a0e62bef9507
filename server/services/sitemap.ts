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
    db.selectFrom("blog_posts").select(["slug", "updated_at"]).where("published", "=", true).orderBy("published_at", "desc").execute(),
  ]);
  return { videos, categories, posts };
}
