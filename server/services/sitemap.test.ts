import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { sitemapEntries } from "./sitemap";

const { handle } = useTestDatabase();

describe("the sitemap's blog posts", () => {
  it("name the languages each published post is published in: English and its published translations", async () => {
    const db = handle().db;
    const [shown, hidden] = await db
      .insertInto("blog_posts")
      .values([
        { title: "Shown", slug: "shown", content: "x", published: true, published_at: new Date("2026-01-02T00:00:00Z") },
        { title: "Hidden", slug: "hidden", content: "x", published: false },
      ])
      .returning("id")
      .execute();
    const version = (post_id: string, locale: string, state: "draft" | "published") => ({
      post_id,
      locale,
      title: "T",
      content: "x",
      state,
    });
    await db
      .insertInto("blog_post_translations")
      .values([
        version(shown!.id, "ar", "published"),
        version(shown!.id, "de", "published"),
        version(shown!.id, "fr", "draft"),
        version(hidden!.id, "de", "published"),
      ])
      .execute();
    const { posts } = await sitemapEntries();
    expect(posts.map((p) => [p.slug, p.languages])).toEqual([["shown", ["en", "de", "ar"]]]);
  });
});
