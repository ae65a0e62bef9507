import { beforeAll, describe, expect, it } from "vitest";
import {
  durationOf as bucketOf,
  DEFAULT_DURATION_BOUNDS,
  DURATIONS,
  type DurationBounds,
  type ListingOrder,
} from "../../core/listing-order";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { applyDurationBounds, storedDurationBounds } from "./duration-bounds";
import { searchVideosInOrder } from "./sorted-search";
import { invalidateVideoListCaches, listVideos, VIDEOS_PER_PAGE } from "./videos";

const { handle } = useTestDatabase();
const durationOf = (seconds: number, bounds: DurationBounds = DEFAULT_DURATION_BOUNDS) => bucketOf(seconds, bounds);
const { shortUnder, longOver } = DEFAULT_DURATION_BOUNDS;

describe("sorted and filtered listings on PostgreSQL", () => {
  let categoryId = "";
  let otherCategoryId = "";
  // Durations at and around every bound, so each bucket's edges are exercised.
  const edges = [0, shortUnder - 1, shortUnder, longOver, longOver + 1, 3600];

  beforeAll(async () => {
    const db = handle().db;
    categoryId = (await insertCategory(db, "Prisms", 1)).id;
    otherCategoryId = (await insertCategory(db, "Other", 1)).id;
    // 36 public videos in the category: views and likes repeat (ties), dates unique.
    for (let i = 0; i < 36; i++) {
      const v = await insertVideo(db, {
        title: `Prism ${i}`,
        category_id: categoryId,
        views: (i % 4) * 100,
        duration: edges[i % edges.length],
        upload_date: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
      await db
        .updateTable("videos")
        .set({ likes: (i % 3) * 10 })
        .where("id", "=", v.id)
        .execute();
    }
    // Private and other-category videos that would top every order if they leaked in.
    const hidden = await insertVideo(db, { title: "Prism hidden", category_id: categoryId, is_public: false, views: 1e6 });
    await db.updateTable("videos").set({ likes: 1e6 }).where("id", "=", hidden.id).execute();
    await insertVideo(db, { title: "Prism elsewhere", category_id: otherCategoryId, views: 1e6 });
  });

  /** All pages of a category listing, in order. */
  async function allPages(order: ListingOrder) {
    const first = await listVideos({ categoryId, page: 1, order });
    const pages = Math.ceil(first.total / VIDEOS_PER_PAGE);
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => listVideos({ categoryId, page: i + 2, order })));
    return { total: first.total, videos: [first, ...rest].flatMap((p) => p.videos) };
  }

  it("sorts by views, ties by id, over stable pages without repeats or gaps", async () => {
    const db = handle().db;
    const { total, videos } = await allPages({ sort: "views", duration: null });
    expect(total).toBe(36);
    expect(new Set(videos.map((v) => v.id)).size).toBe(36);
    const expected = await db
      .selectFrom("videos")
      .select(["id"])
      .where("is_public", "=", true)
      .where("category_id", "=", categoryId)
      .orderBy("views", "desc")
      .orderBy("id")
      .execute();
    expect(videos.map((v) => v.id)).toEqual(expected.map((r) => r.id));
  });

  it("sorts by likes, ties by id", async () => {
    const db = handle().db;
    const { videos } = await allPages({ sort: "likes", duration: null });
    const likes = await db.selectFrom("videos").select(["id", "likes"]).where("category_id", "=", categoryId).execute();
    const likesOf = new Map(likes.map((r) => [r.id, r.likes]));
    const pairs = videos.map((v) => [likesOf.get(v.id) ?? -1, v.id] as const);
    const sorted = [...pairs].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : 1));
    expect(pairs).toEqual(sorted);
    expect(videos.some((v) => v.title === "Prism hidden")).toBe(false);
  });

  it("filters by duration bucket at the bounds, public videos of the category only", async () => {
    for (const duration of DURATIONS) {
      const { total, videos } = await allPages({ sort: "newest", duration });
      expect(videos.length).toBe(total);
      expect(total).toBe(12); // two of the six edges per bucket, six times each
      for (const v of videos) expect(durationOf(v.duration)).toBe(duration);
      const dates = videos.map((v) => new Date(v.upload_date).getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(videos.every((v) => v.category_name === "Prisms")).toBe(true);
    }
  });

  it("stores the same bucket as core/listing-order.ts computes (the trigger of migration 0027)", async () => {
    const rows = await handle()
      .db.selectFrom("videos")
      .select(["duration", "duration_bucket"])
      .where("category_id", "=", categoryId)
      .execute();
    for (const r of rows) expect(DURATIONS[r.duration_bucket]).toBe(durationOf(r.duration));
  });

  it("searches in the chosen order and filter, through both passes", async () => {
    const order: ListingOrder = { sort: "views", duration: "long" };
    const viaWindow = await searchVideosInOrder("prism", order, 100_000);
    const viaTrigram = await searchVideosInOrder("prism", order, 1);
    expect(viaWindow.map((v) => v.id)).toEqual(viaTrigram.map((v) => v.id));
    expect(viaWindow).toHaveLength(12);
    expect(viaWindow.every((v) => durationOf(v.duration) === "long" && v.title !== "Prism hidden")).toBe(true);
    const views = viaWindow.map((v) => v.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    // The other category's most viewed video matches too: search spans categories.
    expect((await searchVideosInOrder("prism", { sort: "views", duration: null }))[0]?.title).toBe("Prism elsewhere");
    expect(await searchVideosInOrder("  ", order)).toEqual([]);
  });

  it("takes an operator's new bounds without a migration: the catalogue re-bucketed, new and changed videos too", async () => {
    const db = handle().db;
    expect(await storedDurationBounds(db)).toEqual(DEFAULT_DURATION_BOUNDS);
    expect(await applyDurationBounds(db, DEFAULT_DURATION_BOUNDS)).toEqual({ changed: false, rebucketed: 0 });
    const minutes = { shortUnder: 60, longOver: 3600 };
    try {
      const applied = await applyDurationBounds(db, minutes);
      expect(applied.changed).toBe(true);
      expect(applied.rebucketed).toBeGreaterThan(0);
      expect(await storedDurationBounds(db)).toEqual(minutes);
      await invalidateVideoListCaches(); // the app applies bounds at its start, before any count is cached
      const rows = await db.selectFrom("videos").select(["duration", "duration_bucket"]).execute();
      for (const r of rows) expect(DURATIONS[r.duration_bucket]).toBe(durationOf(r.duration, minutes));
      expect((await allPages({ sort: "newest", duration: "long" })).total).toBe(0);
      expect((await allPages({ sort: "newest", duration: "short" })).total).toBe(18); // 0, 44 and 45 s, six each
      // A video written after the change is bucketed by the new bounds, on insert and on a duration change.
      const added = await insertVideo(db, { title: "Prism added", category_id: categoryId, duration: 3601 });
      const bucket = async () =>
        (await db.selectFrom("videos").select("duration_bucket").where("id", "=", added.id).executeTakeFirstOrThrow()).duration_bucket;
      expect(await bucket()).toBe(2);
      await db.updateTable("videos").set({ duration: 30 }).where("id", "=", added.id).execute();
      expect(await bucket()).toBe(0);
      await db.deleteFrom("videos").where("id", "=", added.id).execute();
    } finally {
      await applyDurationBounds(db, DEFAULT_DURATION_BOUNDS);
      await invalidateVideoListCaches();
    }
    const rows = await db.selectFrom("videos").select(["duration", "duration_bucket"]).execute();
    for (const r of rows) expect(DURATIONS[r.duration_bucket]).toBe(durationOf(r.duration));
  });
});
