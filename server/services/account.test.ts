import crypto from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { onAnyInvalidation } from "../realtime/shared-caches";
import {
  accountAutoplay,
  accountCaptionStyle,
  DELETED_ACCOUNT_COMMENT,
  deleteAccount,
  exportAccountData,
  setAutoplay,
  setCaptionStyle,
  setDisplayName,
  signOutEverywhere,
} from "./account";
import { addFavorite, FAVORITES_PER_PAGE, isFavorite, listFavorites, removeFavorite } from "./favorites";
import { clearHistory, isHistoryPaused, listHistory, recordPosition, removeFromHistory, resumeOffer, setHistoryPaused } from "./history";

const { handle } = useTestDatabase();

const newUser = (tag = "u") => insertNewUser(handle().db, tag);

async function newSession(userId: string) {
  const id = crypto.randomBytes(8).toString("hex");
  await handle()
    .db.insertInto("auth_sessions")
    .values({ id, user_id: userId, token: `t-${id}`, expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
}

describe("favorites", () => {
  it("adds public videos once, lists newest first with pages of 16, removes, and stays per user", async () => {
    const [me, other] = [await newUser(), await newUser()];
    const videos = [];
    for (let i = 0; i < FAVORITES_PER_PAGE + 2; i++) videos.push(await insertVideo(handle().db));
    for (const v of videos) {
      expect(await addFavorite(me, v.id)).toBe(true);
      await sql`SELECT pg_sleep(0.002)`.execute(handle().db); // distinct created_at
    }
    expect(await addFavorite(me, videos[0]!.id)).toBe(true); // twice: still one row
    const first = await listFavorites(me, 1);
    expect(first.total).toBe(videos.length);
    expect(first.videos).toHaveLength(FAVORITES_PER_PAGE);
    expect(first.videos[0]?.id).toBe(videos.at(-1)?.id);
    expect((await listFavorites(me, 2)).videos.map((v) => v.id)).toEqual([videos[1]!.id, videos[0]!.id]);
    expect((await listFavorites(other, 1)).total).toBe(0);
    await removeFavorite(other, videos[0]!.id); // someone else's removal touches nothing of mine
    expect(await isFavorite(me, videos[0]!.id)).toBe(true);
    await removeFavorite(me, videos[0]!.id);
    expect(await isFavorite(me, videos[0]!.id)).toBe(false);
    expect(await isFavorite(me, videos[1]!.id)).toBe(true);
  });

  it("refuses a private or missing video", async () => {
    const me = await newUser();
    const hidden = await insertVideo(handle().db, { is_public: false });
    expect(await addFavorite(me, hidden.id)).toBe(false);
    expect(await addFavorite(me, "00000000-0000-4000-8000-000000000000")).toBe(false);
    expect((await listFavorites(me, 1)).total).toBe(0);
  });
});

describe("watch history", () => {
  it("keeps the latest position per video, newest first, capped to the duration; removes one or all", async () => {
    const me = await newUser();
    const a = await insertVideo(handle().db, { duration: 120 });
    const b = await insertVideo(handle().db, { duration: 60 });
    expect(await recordPosition(me, a.id, 10)).toBe("recorded");
    expect(await recordPosition(me, b.id, 500)).toBe("recorded"); // past the end: capped
    expect(await recordPosition(me, a.id, 42.5)).toBe("recorded"); // watching again moves it to the top
    const { entries, total } = await listHistory(me, 1);
    expect(total).toBe(2);
    expect(entries.map((e) => [e.id, e.position_seconds])).toEqual([
      [a.id, 42.5],
      [b.id, 60],
    ]);
    await removeFromHistory(me, a.id);
    expect((await listHistory(me, 1)).entries.map((e) => e.id)).toEqual([b.id]);
    expect(await clearHistory(me)).toBe(1);
    expect((await listHistory(me, 1)).total).toBe(0);
  });

  it("records nothing while paused, and nothing for a private or missing video", async () => {
    const me = await newUser();
    const v = await insertVideo(handle().db);
    await setHistoryPaused(me, true);
    expect(await isHistoryPaused(me)).toBe(true);
    expect(await recordPosition(me, v.id, 30)).toBe("paused");
    expect((await listHistory(me, 1)).total).toBe(0);
    await setHistoryPaused(me, false);
    const hidden = await insertVideo(handle().db, { is_public: false });
    expect(await recordPosition(me, hidden.id, 30)).toBe("not-found");
    expect(await recordPosition(me, v.id, 30)).toBe("recorded");
  });

  it("offers to resume only past the first seconds and short of the end", () => {
    expect(resumeOffer(3, 100)).toBeNull();
    expect(resumeOffer(5.9, 100)).toBe(5);
    expect(resumeOffer(91, 100)).toBeNull();
    expect(resumeOffer(75, 100)).toBe(75);
  });
});

describe("the account", () => {
  it("changes the display name, exports everything stored and signs out every device", async () => {
    const me = await newUser();
    const v = await insertVideo(handle().db, { title: "Exported video" });
    await setDisplayName(me, "Ada Lovelace");
    await addFavorite(me, v.id);
    await recordPosition(me, v.id, 12);
    await handle().db.insertInto("video_likes").values({ user_id: me, video_id: v.id }).execute();
    await handle().db.insertInto("comments").values({ user_id: me, video_id: v.id, content: "Lovely" }).execute();
    const data = await exportAccountData(me, new Date("2026-01-02T03:04:05Z"));
    expect(data).toMatchObject({
      exportedAt: "2026-01-02T03:04:05.000Z",
      profile: {
        id: me,
        email: `${me}@example.com`,
        name: "Ada Lovelace",
        role: "user",
        historyPaused: false,
        ageAssuredAt: null,
        autoplay: null,
        locale: null,
        captionStyle: null,
      },
      comments: [{ videoId: v.id, content: "Lovely", deleted: false, parentId: null }],
      likes: [{ videoId: v.id, title: "Exported video" }],
      favorites: [{ videoId: v.id, title: "Exported video" }],
      history: [{ videoId: v.id, title: "Exported video", positionSeconds: 12 }],
    });
    expect(JSON.stringify(data)).not.toMatch(/token|password/i);
    // The autoplay choice is part of what is stored about them.
    await setAutoplay(me, true);
    expect(await accountAutoplay(me)).toBe(true);
    expect((await exportAccountData(me))?.profile.autoplay).toBe(true);
    // So is the caption style: stored whole, read back through the parser (a value no longer offered falls back).
    const style = { size: 200, font: "casual", color: "cyan", background: "black", backgroundOpacity: 0, edge: "drop-shadow" } as const;
    await setCaptionStyle(me, style);
    expect(await accountCaptionStyle(me)).toEqual(style);
    expect((await exportAccountData(me))?.profile.captionStyle).toEqual(style);
    await handle()
      .db.updateTable("users")
      .set({ caption_style: JSON.stringify({ ...style, size: 120 }) })
      .where("id", "=", me)
      .execute();
    expect(await accountCaptionStyle(me)).toEqual({ ...style, size: 100 });
    // Only a JSON object is a style.
    await expect(
      handle()
        .db.updateTable("users")
        .set({ caption_style: JSON.stringify("large") })
        .where("id", "=", me)
        .execute(),
    ).rejects.toThrow(/users_caption_style_object/);
    await newSession(me);
    await newSession(me);
    const someoneElse = await newUser();
    await newSession(someoneElse);
    expect(await signOutEverywhere(me)).toBe(2);
    const left = await handle().db.selectFrom("auth_sessions").select("user_id").execute();
    expect(left.map((s) => s.user_id)).not.toContain(me);
    expect(left.map((s) => s.user_id)).toContain(someoneElse);
  });

  it("deletes the account in one go: likes counted down, comments kept as placeholders with their replies", async () => {
    const db = handle().db;
    const me = await newUser();
    const other = await newUser();
    const liked = await insertVideo(db);
    await db.updateTable("videos").set({ likes: 2 }).where("id", "=", liked.id).execute();
    await db
      .insertInto("video_likes")
      .values([
        { user_id: me, video_id: liked.id },
        { user_id: other, video_id: liked.id },
      ])
      .execute();
    const mine = await db
      .insertInto("comments")
      .values({ user_id: me, video_id: liked.id, content: "Mine" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("comments").values({ user_id: other, video_id: liked.id, parent_id: mine.id, content: "A reply" }).execute();
    await addFavorite(me, liked.id);
    await recordPosition(me, liked.id, 20);
    await newSession(me);

    let invalidations = 0; // the comments' texts leave the cached pages everywhere
    const stop = onAnyInvalidation(() => invalidations++);
    expect(await deleteAccount(me)).toBe(true);
    expect(await deleteAccount(me)).toBe(false); // already gone
    stop();
    expect(invalidations).toBe(1);

    expect((await db.selectFrom("videos").select("likes").where("id", "=", liked.id).executeTakeFirstOrThrow()).likes).toBe(1);
    const likes = await db.selectFrom("video_likes").select("user_id").where("video_id", "=", liked.id).execute();
    expect(likes).toEqual([{ user_id: other }]);
    const comments = await db
      .selectFrom("comments")
      .select(["user_id", "content", "is_deleted", "parent_id"])
      .where("video_id", "=", liked.id)
      .orderBy("created_at")
      .execute();
    expect(comments).toEqual([
      { user_id: null, content: DELETED_ACCOUNT_COMMENT, is_deleted: true, parent_id: null },
      { user_id: other, content: "A reply", is_deleted: false, parent_id: mine.id },
    ]);
    for (const table of ["users", "auth_sessions", "favorites", "watch_history"] as const) {
      const column = table === "users" ? "id" : "user_id";
      const { n } = await db
        .selectFrom(table)
        .select(sql<number>`count(*)::int8`.as("n"))
        .where(sql.ref(column), "=", me)
        .executeTakeFirstOrThrow();
      expect(n, table).toBe(0);
    }
  });

  it("never counts a video's likes below zero", async () => {
    const db = handle().db;
    const me = await newUser();
    const v = await insertVideo(db);
    await db.insertInto("video_likes").values({ user_id: me, video_id: v.id }).execute(); // likes already 0 (drifted)
    await deleteAccount(me);
    expect((await db.selectFrom("videos").select("likes").where("id", "=", v.id).executeTakeFirstOrThrow()).likes).toBe(0);
  });
});
