import crypto from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { issuePlayToken, newViewSessionId } from "../play-token";
import { foldCoViews, PAIRS_PER_VIEW, SETTLE_MS } from "./co-views";
import { RELATED_VIDEOS, relatedVideos } from "./videos";
import { countView, VIEW_SESSION_TTL_MS } from "./views";

const { handle } = useTestDatabase();

beforeAll(() => {
  process.env.APP_SECRET = "co-views-service-test-secret-0123456789";
});

// Marks are written as the view counter writes them (expiry = count time + TTL), counted some minutes ago and
// one second apart in the order written: the fold walks them in that order from where it stopped.
const COUNTED_FROM = Date.now() - 30 * 60_000;
let written = 0;
async function watch(sessionId: string, ...videoIds: string[]) {
  for (const videoId of videoIds) {
    written += 1;
    const expiresAt = new Date(COUNTED_FROM + written * 1000 + VIEW_SESSION_TTL_MS);
    await handle()
      .db.insertInto("video_view_sessions")
      .values({ session_id: sessionId, video_id: videoId, expires_at: expiresAt })
      .execute();
  }
}
/** `n` browser sessions that each watched all of `videoIds`. */
async function sessionsWatch(n: number, ...videoIds: string[]) {
  for (let i = 0; i < n; i++) await watch(crypto.randomUUID(), ...videoIds);
}

async function neighbours(videoId: string) {
  const row = await handle()
    .db.selectFrom("video_co_views")
    .select(["neighbour_ids", "co_views"])
    .where("video_id", "=", videoId)
    .executeTakeFirst();
  return Object.fromEntries((row?.neighbour_ids ?? []).map((id, i) => [id, row?.co_views[i]]));
}

const ids = (cards: { id: string }[]) => cards.map((c) => c.id);

/** A category with `n` public videos of falling views (the category fallback's order), and the video watched. */
async function shelf(n = 8) {
  const db = handle().db;
  const category = await insertCategory(db, `Shelf ${crypto.randomUUID().slice(0, 8)}`);
  const current = await insertVideo(db, { category_id: category.id, views: 5 });
  const popular: string[] = [];
  for (let i = 0; i < n; i++) popular.push((await insertVideo(db, { category_id: category.id, views: 1000 - i })).id);
  return { category: category.id, current: { id: current.id, category_id: category.id }, popular };
}

async function otherVideo(values: { is_public?: boolean } = {}) {
  const db = handle().db;
  const elsewhere = await insertCategory(db, `Elsewhere ${crypto.randomUUID().slice(0, 8)}`);
  return (await insertVideo(db, { category_id: elsewhere.id, views: 0, ...values })).id;
}

describe("co-view recommendations on PostgreSQL", () => {
  it("ranks videos watched in the same sessions first, strongest first, then fills from the category", async () => {
    const { current, popular } = await shelf();
    const strong = await otherVideo();
    const weaker = await otherVideo();
    await sessionsWatch(3, current.id, strong);
    await sessionsWatch(2, weaker, current.id);
    // Before the fold: the category's most viewed, as before recommendations.
    expect(ids(await relatedVideos(current))).toEqual(popular.slice(0, RELATED_VIDEOS));
    const folded = await foldCoViews();
    expect(folded).toMatchObject({ views: 10, caughtUp: true });
    expect(await neighbours(current.id)).toEqual({ [strong]: 3, [weaker]: 2 });
    expect(await neighbours(strong)).toEqual({ [current.id]: 3 });
    expect(ids(await relatedVideos(current))).toEqual([strong, weaker, ...popular.slice(0, RELATED_VIDEOS - 2)]);
  });

  it("never shows what only one session watched together", async () => {
    const { current, popular } = await shelf();
    const once = await otherVideo();
    await sessionsWatch(1, current.id, once);
    await foldCoViews();
    expect(await neighbours(current.id)).toEqual({ [once]: 1 });
    expect(ids(await relatedVideos(current))).toEqual(popular.slice(0, RELATED_VIDEOS));
  });

  it("shows a co-viewed video of the same category once, at its co-view rank", async () => {
    const { current, popular } = await shelf();
    const sameShelf = popular[3] as string;
    await sessionsWatch(2, current.id, sameShelf);
    await foldCoViews();
    const related = ids(await relatedVideos(current));
    expect(related).toEqual([sameShelf, ...popular.filter((id) => id !== sameShelf).slice(0, RELATED_VIDEOS - 1)]);
    expect(new Set(related).size).toBe(RELATED_VIDEOS);
  });

  it("never recommends a held, taken-down, unpublished or private video, and fills their places", async () => {
    const db = handle().db;
    const { current, popular } = await shelf();
    const held = await otherVideo();
    const removed = await otherVideo();
    const unpublished = await otherVideo();
    const privateOne = await otherVideo({ is_public: false });
    const shown = await otherVideo();
    // A private video never got a play token; its marks could only be stale ones, and still must not show.
    await sessionsWatch(4, current.id, held, removed, unpublished, privateOne, shown);
    await foldCoViews();
    // Hidden after the fold, as a hiding report (ADR 0030), a takedown and the console's publish switch do it.
    await db.updateTable("videos").set({ is_public: false, held_at: sql`now()` }).where("id", "=", held).execute();
    await db.updateTable("videos").set({ is_public: false, removed_at: sql`now()` }).where("id", "=", removed).execute();
    await db.updateTable("videos").set({ is_public: false }).where("id", "=", unpublished).execute();
    expect(ids(await relatedVideos(current))).toEqual([shown, ...popular.slice(0, RELATED_VIDEOS - 1)]);
    // A category video hidden is skipped by the fill too.
    await db
      .updateTable("videos")
      .set({ is_public: false })
      .where("id", "=", popular[0] as string)
      .execute();
    expect(ids(await relatedVideos(current))).toEqual([shown, ...popular.slice(1, RELATED_VIDEOS)]);
    // The next fold that touches the list drops the taken-down video (it is never public again); the held one
    // keeps its place and shows again once restored.
    await sessionsWatch(1, current.id, shown);
    await foldCoViews();
    expect(Object.keys(await neighbours(current.id)).sort()).toEqual([held, unpublished, privateOne, shown].sort());
    await db.updateTable("videos").set({ is_public: true, held_at: null }).where("id", "=", held).execute();
    expect(ids(await relatedVideos(current)).slice(0, 2)).toEqual([shown, held]);
  });

  it("fills a new video's list from its category, never the video itself, and has none without a category", async () => {
    const { current, popular } = await shelf(3);
    expect(ids(await relatedVideos(current))).toEqual(popular);
    const loner = await otherVideo();
    expect(await relatedVideos({ id: loner, category_id: null })).toEqual([]);
  });

  it("folds each view once: a second run finds nothing, a later run adds only the new views", async () => {
    const { current } = await shelf(0);
    const a = await otherVideo();
    const b = await otherVideo();
    await sessionsWatch(2, current.id, a);
    await foldCoViews();
    const again = await foldCoViews();
    expect(again).toMatchObject({ views: 0, lists: 0, caughtUp: true });
    expect(await neighbours(current.id)).toEqual({ [a]: 2 });
    // A session that watched `current` (folded above) goes on to `b`: only the new view is folded, and pairs
    // with the earlier one.
    const session = crypto.randomUUID();
    await watch(session, current.id);
    await foldCoViews();
    await watch(session, b);
    expect(await foldCoViews()).toMatchObject({ views: 1, lists: 2 });
    expect(await neighbours(current.id)).toEqual({ [a]: 2, [b]: 1 });
  });

  it("folds every view exactly once when runs overlap and batches are small", async () => {
    const { current } = await shelf(0);
    const others = [await otherVideo(), await otherVideo(), await otherVideo()];
    for (const [i, other] of others.entries()) await sessionsWatch(i + 2, current.id, other);
    const runs = await Promise.all([
      foldCoViews({ batchSize: 3, maxBatches: 100 }),
      foldCoViews({ batchSize: 3, maxBatches: 100 }),
      foldCoViews({ batchSize: 3, maxBatches: 100 }),
    ]);
    expect(runs.reduce((sum, r) => sum + r.views, 0)).toBe(2 * (2 + 3 + 4));
    expect(await neighbours(current.id)).toEqual({ [others[0] as string]: 2, [others[1] as string]: 3, [others[2] as string]: 4 });
  });

  it("keeps its place to the microsecond: marks of one millisecond are folded once each", async () => {
    const { current } = await shelf(0);
    const other = await otherVideo();
    written += 1;
    const millisecond = `${new Date(COUNTED_FROM + written * 1000 + VIEW_SESSION_TTL_MS).toISOString().slice(0, 23)}`;
    for (let i = 0; i < 3; i++) {
      const session = crypto.randomUUID();
      for (const [j, videoId] of [current.id, other].entries())
        await sql`INSERT INTO video_view_sessions (session_id, video_id, expires_at)
          VALUES (${session}, ${videoId}, ${`${millisecond}${i}${j}1Z`}::timestamptz)`.execute(handle().db);
    }
    const folded = await foldCoViews({ batchSize: 1, maxBatches: 100 });
    expect(folded.views).toBe(6);
    expect(await neighbours(current.id)).toEqual({ [other]: 3 });
  });

  it("stops after maxBatches with the rest left for the next run", async () => {
    const { current } = await shelf(0);
    const other = await otherVideo();
    await sessionsWatch(3, current.id, other);
    expect(await foldCoViews({ batchSize: 2, maxBatches: 2 })).toMatchObject({ views: 4, batches: 2, caughtUp: false });
    expect(await foldCoViews({ batchSize: 2, maxBatches: 10 })).toMatchObject({ views: 2, caughtUp: true });
    expect(await neighbours(current.id)).toEqual({ [other]: 3 });
  });

  it("pairs a view with at most its session's latest PAIRS_PER_VIEW earlier views", async () => {
    const { current } = await shelf(0);
    const session = crypto.randomUUID();
    const earlier: string[] = [];
    for (let i = 0; i < PAIRS_PER_VIEW + 2; i++) earlier.push(await otherVideo());
    await watch(session, ...earlier, current.id);
    await foldCoViews();
    expect(Object.keys(await neighbours(current.id)).sort()).toEqual(earlier.slice(2).sort());
  });

  it("waits until a view is SETTLE_MS old, then folds it", async () => {
    const { current } = await shelf(0);
    const other = await otherVideo();
    const justNow = Date.now();
    for (let i = 0; i < 2; i++) {
      const session = crypto.randomUUID();
      for (const videoId of [current.id, other])
        await handle()
          .db.insertInto("video_view_sessions")
          .values({ session_id: session, video_id: videoId, expires_at: new Date(justNow + VIEW_SESSION_TTL_MS) })
          .execute();
    }
    expect(await foldCoViews({ now: justNow })).toMatchObject({ views: 0 });
    expect(await foldCoViews({ now: justNow + SETTLE_MS })).toMatchObject({ views: 4 });
    expect(await neighbours(current.id)).toEqual({ [other]: 2 });
  });

  it("takes its input from counted views: two videos counted in one browser session become neighbours", async () => {
    const { current } = await shelf(0);
    const other = await otherVideo();
    const start = Date.now();
    for (let s = 0; s < 2; s++) {
      const sessionId = newViewSessionId();
      for (const videoId of [current.id, other]) {
        const token = issuePlayToken({ videoId, sessionId, durationSeconds: 60, now: start });
        if (!token) throw new Error("no token");
        const counted = await countView({ videoId, sessionId, token, ip: `198.51.100.${s + 1}` }, start + 31_000);
        expect(counted.status).toBe("counted");
      }
    }
    await foldCoViews({ now: start + 31_000 + SETTLE_MS });
    expect(await neighbours(current.id)).toEqual({ [other]: 2 });
    expect((await relatedVideos(current))[0]?.id).toBe(other);
  });
});
