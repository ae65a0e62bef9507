import { describe, expect, it } from "vitest";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { dashboardTotals, periodDays, topCategories, topVideos, viewsChart } from "./dashboard";

const { handle } = useTestDatabase();

const NOW = new Date("2026-03-31T12:00:00Z");
/** "YYYY-MM-DD" `n` days before NOW's day. */
const daysAgo = (n: number) => new Date(Date.UTC(2026, 2, 31 - n)).toISOString().slice(0, 10);

async function dailyViews(videoId: string, n: number, views: number) {
  await handle()
    .db.insertInto("video_views_daily")
    .values({ video_id: videoId, day: daysAgo(n), views })
    .execute();
}

describe("dashboard", () => {
  it("is empty on an empty site: zero totals, a chart of zeros, no top entries", async () => {
    expect(await dashboardTotals()).toEqual({
      videos: 0,
      publicVideos: 0,
      views: 0,
      likes: 0,
      comments: 0,
      messages: 0,
    });
    const chart = await viewsChart(7, NOW);
    expect(chart.map((d) => d.views)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await topVideos(7, NOW)).toEqual([]);
    expect(await topCategories(7, NOW)).toEqual([]);
  });

  it("a period is its number of UTC days ending today", () => {
    expect(periodDays(7, NOW)).toEqual([daysAgo(6), daysAgo(5), daysAgo(4), daysAgo(3), daysAgo(2), daysAgo(1), daysAgo(0)]);
    expect(periodDays(90, NOW)).toHaveLength(90);
    expect(periodDays(30, NOW)[0]).toBe(daysAgo(29));
  });

  it("totals count videos, views and likes counters, live comments and unread messages", async () => {
    const db = handle().db;
    const a = await insertVideo(db, { views: 40 });
    const b = await insertVideo(db, { views: 2, is_public: false });
    await db.updateTable("videos").set({ likes: 3 }).where("id", "=", a.id).execute();
    await db.insertInto("users").values({ id: "dash-u", email: "dash-u@example.com" }).execute();
    await db.insertInto("comments").values({ video_id: a.id, user_id: "dash-u", content: "Nice" }).execute();
    await db.insertInto("comments").values({ video_id: b.id, user_id: "dash-u", content: "Gone", is_deleted: true }).execute();
    await db
      .insertInto("contact_messages")
      .values({ name: "Ann", email: "ann@example.com", subject: "Hello", message: "A message for the dashboard." })
      .execute();
    await db
      .insertInto("contact_messages")
      .values({ name: "Bo", email: "bo@example.com", subject: "Read", message: "Already read.", read_at: new Date() })
      .execute();
    expect(await dashboardTotals()).toMatchObject({ videos: 2, publicVideos: 1, views: 42, likes: 3, comments: 1, messages: 1 });
  });

  it("the chart and the top lists count only the chosen period, grouped by video and by category", async () => {
    const db = handle().db;
    const music = await insertCategory(db, "Dash Music");
    const dance = await insertCategory(db, "Dash Dance");
    const song = await insertVideo(db, { title: "Dash Song", category_id: music.id });
    const ballad = await insertVideo(db, { title: "Dash Ballad", category_id: music.id });
    const waltz = await insertVideo(db, { title: "Dash Waltz", category_id: dance.id });
    const loose = await insertVideo(db, { title: "Dash Loose" }); // no category: in top videos only
    await dailyViews(song.id, 0, 5);
    await dailyViews(song.id, 2, 1);
    await dailyViews(ballad.id, 1, 3);
    await dailyViews(waltz.id, 10, 50); // outside 7 days, inside 30
    await dailyViews(loose.id, 6, 2);
    await dailyViews(loose.id, 7, 100); // the day before the 7-day period
    await dailyViews(waltz.id, 200, 999); // outside every period

    const week = await viewsChart(7, NOW);
    expect(week).toHaveLength(7);
    expect(week.at(-1)).toEqual({ day: daysAgo(0), views: 5 });
    expect(week.map((d) => d.views)).toEqual([2, 0, 0, 0, 1, 3, 5]);

    expect(await topVideos(7, NOW)).toEqual([
      { id: song.id, name: "Dash Song", views: 6 },
      { id: ballad.id, name: "Dash Ballad", views: 3 },
      { id: loose.id, name: "Dash Loose", views: 2 },
    ]);
    expect(await topCategories(7, NOW)).toEqual([{ id: music.id, name: "Dash Music", views: 9 }]);

    expect((await topVideos(30, NOW)).map((v) => [v.name, v.views])).toEqual([
      ["Dash Loose", 102],
      ["Dash Waltz", 50],
      ["Dash Song", 6],
      ["Dash Ballad", 3],
    ]);
    expect((await topCategories(30, NOW)).map((c) => [c.name, c.views])).toEqual([
      ["Dash Dance", 50],
      ["Dash Music", 9],
    ]);
    expect((await viewsChart(90, NOW)).reduce((sum, d) => sum + d.views, 0)).toBe(161);
  });
});
