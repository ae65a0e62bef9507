import { describe, expect, it } from "vitest";
import { insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { setLike } from "./likes";

const { handle } = useTestDatabase();

let users = 0;
async function newUser(): Promise<string> {
  users += 1;
  const id = `like-user-${users}-${Math.random().toString(36).slice(2, 8)}`;
  await handle()
    .db.insertInto("users")
    .values({ id, email: `${id}@example.com`, full_name: null, avatar_url: null })
    .execute();
  return id;
}

/** What the database holds: the counter and the rows. */
async function stored(videoId: string) {
  const db = handle().db;
  const video = await db.selectFrom("videos").select("likes").where("id", "=", videoId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom("video_likes").select("user_id").where("video_id", "=", videoId).execute();
  return { likes: video.likes, rows: rows.length };
}

describe('likes (docs/product.md "Likes") on PostgreSQL', () => {
  it("likes and unlikes: one row and the counter moved by one, idempotent both ways", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    expect(await setLike(user, video.id, true)).toEqual({ status: "ok", liked: true, likes: 1 });
    expect(await stored(video.id)).toEqual({ likes: 1, rows: 1 });
    // Liking again (a retried request, a second tab) changes nothing.
    expect(await setLike(user, video.id, true)).toEqual({ status: "ok", liked: true, likes: 1 });
    expect(await stored(video.id)).toEqual({ likes: 1, rows: 1 });
    expect(await setLike(user, video.id, false)).toEqual({ status: "ok", liked: false, likes: 0 });
    expect(await setLike(user, video.id, false)).toEqual({ status: "ok", liked: false, likes: 0 });
    expect(await stored(video.id)).toEqual({ likes: 0, rows: 0 });
  });

  it("never goes below 0, even when the counter was already out of step", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    await handle().db.insertInto("video_likes").values({ video_id: video.id, user_id: user }).execute(); // counter still 0
    expect(await setLike(user, video.id, false)).toEqual({ status: "ok", liked: false, likes: 0 });
  });

  it("refuses a banned user with the moderator's reason, storing nothing, and takes them back once the ban is lifted", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    await handle().db.updateTable("users").set({ banned_at: new Date(), ban_reason: "Spam" }).where("id", "=", user).execute();
    expect(await setLike(user, video.id, true)).toEqual({ status: "banned", reason: "Spam" });
    expect(await stored(video.id)).toEqual({ likes: 0, rows: 0 });
    await handle().db.updateTable("users").set({ banned_at: null, ban_reason: null }).where("id", "=", user).execute();
    expect(await setLike(user, video.id, true)).toEqual({ status: "ok", liked: true, likes: 1 });
  });

  it("refuses hidden and missing videos", async () => {
    const hidden = await insertVideo(handle().db, { is_public: false });
    const user = await newUser();
    expect(await setLike(user, hidden.id, true)).toEqual({ status: "not-found" });
    expect(await setLike(user, "00000000-0000-4000-8000-000000000000", true)).toEqual({ status: "not-found" });
    expect(await stored(hidden.id)).toEqual({ likes: 0, rows: 0 });
  });

  it("counts once under parallel clicks from one user, and exactly once per user from many users", async () => {
    const video = await insertVideo(handle().db);
    const one = await newUser();
    await Promise.all(Array.from({ length: 20 }, () => setLike(one, video.id, true)));
    expect(await stored(video.id)).toEqual({ likes: 1, rows: 1 });
    await Promise.all(Array.from({ length: 20 }, () => setLike(one, video.id, false)));
    expect(await stored(video.id)).toEqual({ likes: 0, rows: 0 });

    const many = await Promise.all(Array.from({ length: 30 }, () => newUser()));
    // Each user clicks twice at once, and a third of them unlike again straight after, all in parallel.
    await Promise.all(many.flatMap((u) => [setLike(u, video.id, true), setLike(u, video.id, true)]));
    expect(await stored(video.id)).toEqual({ likes: 30, rows: 30 });
    await Promise.all(many.slice(0, 10).map((u) => setLike(u, video.id, false)));
    expect(await stored(video.id)).toEqual({ likes: 20, rows: 20 });
  });
});
