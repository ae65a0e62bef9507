import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { findCategoryByName, listCategories, topCategories } from "./categories";
import { getPublicVideo, listVideos, relatedVideos, searchVideos, trendingVideos, trigramSearchable, VIDEOS_PER_PAGE } from "./videos";

const { handle } = useTestDatabase();

describe("video and category services on PostgreSQL", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const db = handle().db;
    const ambient = await insertCategory(db, "Ambient Light", 50);
    const big = await insertCategory(db, "Big Waves", 10);
    const hd = await insertCategory(db, "HD", 99);
    await insertCategory(db, "Empty Shelf", 5);
    ids.ambient = ambient.id;
    ids.big = big.id;
    ids.hd = hd.id;
    for (let i = 0; i < 20; i++) {
      await insertVideo(db, {
        title: `Aurora ${i}`,
        category_id: ambient.id,
        views: i * 10,
        upload_date: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const hidden = await insertVideo(db, { title: "Aurora hidden", category_id: ambient.id, is_public: false, views: 1_000_000 });
    ids.hidden = hidden.id;
    await insertVideo(db, { title: "100% Pure_Tide", category_id: big.id, views: 5 });
    const lonely = await insertVideo(db, { title: "Lonely wave", category_id: hd.id, views: 3 });
    await db.updateTable("videos").set({ storyboard_url: "/media/videos/x/storyboard.vtt" }).where("id", "=", lonely.id).execute();
    ids.lonely = lonely.id;
  });

  it("pages public videos newest first with an exact total", async () => {
    const first = await listVideos({ page: 1 });
    expect(first.total).toBe(22);
    expect(first.videos).toHaveLength(VIDEOS_PER_PAGE);
    const dates = first.videos.map((v) => new Date(v.upload_date).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await listVideos({ page: 2 });
    expect(second.videos).toHaveLength(22 - VIDEOS_PER_PAGE);
    expect(second.videos.some((v) => v.title === "Aurora hidden")).toBe(false);
  });

  it("filters by category and reports the category name on cards", async () => {
    const page = await listVideos({ categoryId: ids.big, page: 1 });
    expect(page.total).toBe(1);
    expect(page.videos[0]).toMatchObject({ title: "100% Pure_Tide", category_name: "Big Waves" });
  });

  it("looks categories up exact, then case-insensitive, then by contains", async () => {
    expect((await findCategoryByName("HD"))?.name).toBe("HD");
    expect((await findCategoryByName("Hd"))?.name).toBe("HD");
    expect((await findCategoryByName("Waves"))?.name).toBe("Big Waves");
    expect(await findCategoryByName("Nothing Like It")).toBeUndefined();
    expect(await findCategoryByName("%")).toBeUndefined();
    expect(await findCategoryByName("   ")).toBeUndefined();
  });

  it("returns a public video's details with its storyboard", async () => {
    expect(await getPublicVideo(ids.lonely as string)).toMatchObject({
      title: "Lonely wave",
      category_name: "HD",
      storyboard_url: "/media/videos/x/storyboard.vtt",
    });
  });

  it("hides non-public videos from the detail lookup and rejects malformed ids", async () => {
    expect(await getPublicVideo(ids.hidden as string)).toBeUndefined();
    expect(await getPublicVideo("not-a-uuid")).toBeUndefined();
    expect(await getPublicVideo("00000000-0000-0000-0000-000000000000")).toBeUndefined();
  });

  it("returns up to 6 related videos of the same category, most viewed first, excluding the current one", async () => {
    const list = await listVideos({ categoryId: ids.ambient, page: 1 });
    const current = list.videos[0]!;
    const related = await relatedVideos({ id: current.id, category_id: ids.ambient as string });
    expect(related).toHaveLength(6);
    expect(related.map((r) => r.id)).not.toContain(current.id);
    expect(related.map((r) => r.views)).toEqual([...related.map((r) => r.views)].sort((a, b) => b - a));
    expect(related.every((r) => r.category_name === "Ambient Light")).toBe(true);
    expect(await relatedVideos({ id: current.id, category_id: null })).toEqual([]);
  });

  it("lists trending (3 most viewed public) and top categories by views", async () => {
    const trending = await trendingVideos();
    expect(trending.map((v) => v.title)).toEqual(["Aurora 19", "Aurora 18", "Aurora 17"]);
    const top = await topCategories();
    expect(top.map((c) => c.name)).toEqual(["HD", "Ambient Light", "Big Waves", "Empty Shelf"]);
    expect((await listCategories()).map((c) => c.name)).toEqual(["Ambient Light", "Big Waves", "Empty Shelf", "HD"]);
  });

  it("searches titles case-insensitively, literally, newest first, public only", async () => {
    const results = await searchVideos("  aurora 1 ");
    expect(results.map((r) => r.title)).toEqual([
      "Aurora 19",
      "Aurora 18",
      "Aurora 17",
      "Aurora 16",
      "Aurora 15",
      "Aurora 14",
      "Aurora 13",
      "Aurora 12",
      "Aurora 11",
      "Aurora 10",
      "Aurora 1",
    ]);
    expect((await searchVideos("100%")).map((r) => r.title)).toEqual(["100% Pure_Tide"]);
    expect(await searchVideos("_")).toHaveLength(1);
    expect(await searchVideos("   ")).toEqual([]);
    expect(await searchVideos("hidden")).toEqual([]);
    expect(await searchVideos("x".repeat(10_000))).toEqual([]);
    expect(await searchVideos("'; DROP TABLE videos; --")).toEqual([]);
    expect(await searchVideos("\u0000\uFFFF😀")).toEqual([]);
  });

  it("matches any case of non-ASCII letters, in both passes, and follows title edits", async () => {
    const db = handle().db;
    const video = await insertVideo(db, { title: "Émeraude Ödland", upload_date: new Date(Date.UTC(2019, 0, 1)) });
    for (const term of ["émeraude", "ÉMERAUDE", "öDLAND"]) {
      expect((await searchVideos(term)).map((v) => v.title)).toEqual(["Émeraude Ödland"]);
      expect((await searchVideos(term, 1)).map((v) => v.title)).toEqual(["Émeraude Ödland"]); // the trigram pass
    }
    await db.updateTable("videos").set({ title: "Quiet Harbour" }).where("id", "=", video.id).execute();
    expect(await searchVideos("émeraude")).toEqual([]);
    expect((await searchVideos("HARBOUR")).map((v) => v.id)).toEqual([video.id]);
  });

  it("search's newest-window pass and trigram pass give the same newest 50 matches", async () => {
    const db = handle().db;
    for (let i = 0; i < 60; i++) {
      await insertVideo(db, { title: `Prism ${i}`, upload_date: new Date(Date.UTC(2025, 0, 1, 0, i)) });
    }
    for (let i = 0; i < 10; i++) await insertVideo(db, { title: `Newest filler ${i}`, upload_date: new Date(Date.UTC(2027, 0, 1, 0, i)) });
    const viaWindow = await searchVideos("prism", 100_000); // window holds a full page of matches
    const viaTrigram = await searchVideos("prism", 5); // window holds none: second pass
    expect(viaWindow).toHaveLength(50);
    expect(viaTrigram.map((v) => v.id)).toEqual(viaWindow.map((v) => v.id));
    expect(viaWindow[0]?.title).toBe("Prism 59");
    expect(viaWindow.at(-1)?.title).toBe("Prism 10");
  });

  it("a term without trigrams never scans the whole table: it searches a bounded window of the newest rows", async () => {
    const db = handle().db;
    await insertVideo(db, { title: "Old Qz", upload_date: new Date(Date.UTC(2020, 0, 1)) });
    for (let i = 0; i < 10; i++) await insertVideo(db, { title: `Recent ${i}`, upload_date: new Date(Date.UTC(2028, 0, 1, 0, i)) });
    expect(trigramSearchable("qz")).toBe(false);
    expect(trigramSearchable("a b c")).toBe(false);
    expect(trigramSearchable("4k hd")).toBe(false);
    expect(trigramSearchable("qzx")).toBe(true);
    expect((await searchVideos("qz")).map((v) => v.title)).toEqual(["Old Qz"]); // inside the default window
    expect(await searchVideos("qz", 5)).toEqual([]); // outside the window: not found, so nothing scanned that far
  });
});
