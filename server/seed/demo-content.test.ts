import os from "node:os";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { chaptersToText, checkChapters } from "../../core/chapters-schema";
import { findMinorSuggestingTerm } from "../../core/content-safety";
import { useTestDatabase } from "../../tests/support/test-db";
import { ensureDemoContent, seedDemoContent } from "./demo-content";

const { handle } = useTestDatabase();
const opts = { dataDir: os.tmpdir(), media: "none" as const, log: () => {} };

describe("demo content", () => {
  it("creates the catalogue the issue asks for, once", async () => {
    const db = handle().db;
    await Promise.all([ensureDemoContent(db, opts), ensureDemoContent(db, opts)]); // concurrent first starts
    const categories = await db.selectFrom("categories").select(["id", "name"]).execute();
    expect(categories).toHaveLength(24);
    expect(categories.map((c) => c.name)).not.toContain("Teen");

    const perCategory = await sql<{ name: string; n: number }>`
      SELECT c.name, count(v.id)::int AS n FROM categories c
      LEFT JOIN videos v ON v.category_id = c.id AND v.is_public GROUP BY c.name`.execute(db);
    const counts = perCategory.rows.map((r) => r.n);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(120);
    expect(counts.filter((n) => n > 32).length).toBeGreaterThanOrEqual(1); // several pages of 16
    expect(counts.filter((n) => n > 0 && n <= 16).length).toBeGreaterThanOrEqual(5); // one page
    expect(counts.filter((n) => n === 0)).toHaveLength(1); // one empty category

    const hidden = await db
      .selectFrom("videos")
      .select(sql<number>`count(*)`.as("n"))
      .where("is_public", "=", false)
      .executeTakeFirstOrThrow();
    expect(hidden.n).toBeGreaterThan(0);
    const titles = await db.selectFrom("videos").select(["title", "description"]).execute();
    for (const t of titles) expect(findMinorSuggestingTerm(`${t.title} ${t.description}`)).toBeNull();

    // Every fourth demo video has chapters that pass the console's own check.
    const withChapters = await sql<{ duration: number; chapters: { start: number; title: string }[] }>`
      SELECT v.duration, json_agg(json_build_object('start', ch.start_seconds, 'title', ch.title) ORDER BY ch.start_seconds) AS chapters
      FROM video_chapters ch JOIN videos v ON v.id = ch.video_id GROUP BY v.id, v.duration`.execute(db);
    expect(withChapters.rows.length).toBe(Math.ceil(titles.length / 4));
    for (const v of withChapters.rows)
      expect(checkChapters(chaptersToText(v.chapters), v.duration)).toEqual({ ok: true, chapters: v.chapters });

    // Every video and category in all six other languages, published; translated chapters pass the same check.
    const translated = await sql<{ locale: string; videos: number; chapters: number; categories: number }>`
      SELECT t.locale, count(*)::int AS videos, count(t.chapters)::int AS chapters,
        (SELECT count(*)::int FROM category_translations c WHERE c.locale = t.locale AND c.state = 'published') AS categories
      FROM video_translations t WHERE t.state = 'published' GROUP BY t.locale ORDER BY t.locale`.execute(db);
    expect(translated.rows).toEqual(
      ["ar", "de", "es", "fr", "ja", "pt-BR"].map((locale) => ({
        locale,
        videos: titles.length,
        chapters: withChapters.rows.length,
        categories: 24,
      })),
    );
    const translatedChapters = await sql<{ chapters: string; duration: number }>`
      SELECT t.chapters, v.duration FROM video_translations t JOIN videos v ON v.id = t.video_id WHERE t.chapters IS NOT NULL`.execute(db);
    for (const t of translatedChapters.rows) expect(checkChapters(t.chapters, t.duration).ok).toBe(true);
    const described = await db.selectFrom("categories").select("description").where("description", "is not", null).execute();
    expect(described).toHaveLength(24);

    const posts = await db.selectFrom("blog_posts").select(["published", "tags", "author", "excerpt", "published_at"]).execute();
    expect(posts.filter((p) => p.published)).toHaveLength(12);
    expect(posts.filter((p) => !p.published)).toHaveLength(2);
    for (const p of posts.filter((p) => p.published)) {
      expect(p.tags.length).toBeGreaterThan(0);
      expect(p.author).toBeTruthy();
      expect(p.excerpt).toBeTruthy();
      expect(p.published_at).toBeInstanceOf(Date);
    }
    const ads = await db.selectFrom("ad_units").select(["name", "is_active", "preroll_source"]).orderBy("name").execute();
    expect(ads.map((a) => a.name)).toEqual(["Billboard_1", "Billboard_2", "Med_Rect_1", "Med_Rect_2", "Med_Rect_3", "Pre_Roll"]);
    // A fresh site shows the house pre-roll (docs/product.md "Pre-roll").
    expect(ads.find((a) => a.name === "Pre_Roll")).toMatchObject({ is_active: true, preroll_source: "house" });
  });

  it("reseeding replaces content instead of duplicating it", async () => {
    const db = handle().db;
    await seedDemoContent(db, opts);
    const n = await db.selectFrom("categories").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(n.n).toBe(24);
  });
});
