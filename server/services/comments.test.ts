import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { onAnyInvalidation } from "../realtime/shared-caches";
import { addComment, deleteComment, listThreads, MAX_REPLIES_PER_THREAD, MAX_THREADS, THREADS_PER_PAGE } from "./comments";

const { handle } = useTestDatabase();
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };

let users = 0;
async function newUser(isCreator = false): Promise<string> {
  users += 1;
  const id = `comment-user-${users}-${Math.random().toString(36).slice(2, 8)}`;
  await handle()
    .db.insertInto("users")
    .values({
      id,
      email: `${id}@example.com`,
      full_name: null,
      avatar_url: null,
      is_creator: isCreator,
      role: isCreator ? "creator" : "user",
    })
    .execute();
  return id;
}

async function post(videoId: string, userId: string, content: string, parentId: string | null = null): Promise<string> {
  const outcome = await addComment({ videoId, userId, parentId, content }, { limiter: unlimited });
  if (outcome.status !== "added") throw new Error(`not added: ${outcome.status}`);
  return outcome.id;
}

async function row(id: string) {
  return handle().db.selectFrom("comments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe('comments (docs/product.md "Comments") on PostgreSQL', () => {
  it("lists top-level comments oldest first with their replies; stores trimmed text", async () => {
    const video = await insertVideo(handle().db);
    const [ann, bob] = [await newUser(), await newUser()];
    const first = await post(video.id, ann, "  first comment \n");
    const second = await post(video.id, bob, "second");
    const reply = await post(video.id, bob, " a reply ", first);
    expect((await row(first)).content).toBe("first comment");
    const page = await listThreads(video.id);
    expect(page?.more).toBe(false);
    expect(page?.threads.map((t) => [t.id, t.content, t.replies.map((r) => [r.id, r.content])])).toEqual([
      [first, "first comment", [[reply, "a reply"]]],
      [second, "second", []],
    ]);
    // The list names nobody: it is the same for every reader (cached pages carry it).
    expect(JSON.stringify(page)).not.toContain(ann);
    expect(JSON.stringify(page)).not.toContain(bob);
    expect(await listThreads("00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("refuses blank and over-long text, replies to replies, replies across videos, hidden videos", async () => {
    const video = await insertVideo(handle().db);
    const other = await insertVideo(handle().db);
    const hidden = await insertVideo(handle().db, { is_public: false });
    const user = await newUser();
    const add = (videoId: string, content: string, parentId: string | null = null) =>
      addComment({ videoId, userId: user, parentId, content }, { limiter: unlimited });
    expect(await add(video.id, "   \n\t ")).toEqual({ status: "invalid" });
    expect(await add(video.id, "x".repeat(2001))).toEqual({ status: "invalid" });
    expect((await add(video.id, ` ${"x".repeat(2000)} `)).status).toBe("added");
    const top = await post(video.id, user, "top");
    const reply = await post(video.id, user, "reply", top);
    expect(await add(video.id, "reply to a reply", reply)).toEqual({ status: "not-found" });
    expect(await add(other.id, "reply from another video", top)).toEqual({ status: "not-found" });
    expect(await add(hidden.id, "on a hidden video")).toEqual({ status: "not-found" });
    // The database holds the same rules for any other writer.
    await expect(
      handle().db.insertInto("comments").values({ video_id: video.id, user_id: user, parent_id: reply, content: "direct" }).execute(),
    ).rejects.toThrow(/top-level/);
    await expect(
      handle()
        .db.insertInto("comments")
        .values({ video_id: video.id, user_id: user, parent_id: null, content: "y".repeat(2001) })
        .execute(),
    ).rejects.toThrow(/comments_content_rules/);
  });

  it("refuses text that suggests minors with the content policy's message, and stores nothing (issue 32)", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    const outcome = await addComment(
      { videoId: video.id, userId: user, parentId: null, content: "barely legal 16yo vibes" },
      { limiter: unlimited },
    );
    expect(outcome).toEqual({
      status: "refused-term",
      message: 'Comment contains a term that suggests minors ("barely legal"), which is not allowed.',
    });
    expect(await handle().db.selectFrom("comments").select("id").where("video_id", "=", video.id).execute()).toEqual([]);
    // Words that only contain a term pass, as everywhere the policy applies.
    expect(
      (
        await addComment(
          { videoId: video.id, userId: user, parentId: null, content: "Filmed in a canteen, not a kidney." },
          { limiter: unlimited },
        )
      ).status,
    ).toBe("added");
  });

  it("keeps markup as text: what is posted is what is stored and listed", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    const payload = `<script>alert(1)</script><img src=x onerror=alert(1)> ' OR 1=1 --`;
    await post(video.id, user, payload);
    expect((await listThreads(video.id))?.threads[0]?.content).toBe(payload);
  });

  it("soft delete: the author or a creator (one database call); others refused; the text is no longer served", async () => {
    const video = await insertVideo(handle().db);
    const [author, stranger, creator] = [await newUser(), await newUser(), await newUser(true)];
    const mine = await post(video.id, author, "mine");
    const theirs = await post(video.id, author, "moderated");
    expect(await deleteComment(mine, stranger)).toEqual({ status: "forbidden" });
    expect((await row(mine)).is_deleted).toBe(false);
    expect(await deleteComment(mine, author)).toEqual({ status: "deleted", videoId: video.id });
    expect(await deleteComment(theirs, creator)).toEqual({ status: "deleted", videoId: video.id });
    const stored = await row(mine);
    expect(stored.is_deleted).toBe(true);
    expect(stored.deleted_at).toBeInstanceOf(Date);
    expect(await deleteComment("00000000-0000-4000-8000-000000000000", author)).toEqual({ status: "not-found" });
    const page = await listThreads(video.id);
    expect(page?.threads.map((t) => [t.isDeleted, t.content])).toEqual([
      [true, null],
      [true, null],
    ]);
    // The function is the rule whoever calls it.
    const { rows } = await sql<{ ok: boolean }>`SELECT soft_delete_comment(${mine}::uuid, ${stranger}) AS ok`.execute(handle().db);
    expect(rows[0]?.ok).toBe(false);
  });

  it("a new comment and a deletion clear the cached pages in every process (the video page shows comments); refusals do not", async () => {
    const video = await insertVideo(handle().db);
    const [author, stranger] = [await newUser(), await newUser()];
    let invalidations = 0;
    const stop = onAnyInvalidation(() => invalidations++);
    try {
      const id = await post(video.id, author, "soon gone");
      expect(invalidations).toBe(1);
      expect(await addComment({ videoId: video.id, userId: author, parentId: null, content: " " }, { limiter: unlimited })).toEqual({
        status: "invalid",
      });
      await deleteComment(id, stranger);
      expect(invalidations).toBe(1);
      await deleteComment(id, author);
      expect(invalidations).toBe(2);
    } finally {
      stop();
    }
  });

  it("a role taken away applies at once: an ex-creator can no longer delete others' comments", async () => {
    const video = await insertVideo(handle().db);
    const [author, creator] = [await newUser(), await newUser(true)];
    const id = await post(video.id, author, "still here");
    await handle().db.updateTable("users").set({ role: "user", is_creator: false }).where("id", "=", creator).execute();
    expect(await deleteComment(id, creator)).toEqual({ status: "forbidden" });
  });

  it("pages threads 50 at a time, all replies included", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      video_id: video.id,
      user_id: user,
      parent_id: null,
      content: `thread ${i}`,
      created_at: new Date(base + i * 1000),
    }));
    await handle().db.insertInto("comments").values(rows).execute();
    const first = await listThreads(video.id);
    expect(first?.threads).toHaveLength(THREADS_PER_PAGE);
    expect(first?.threads[0]?.content).toBe("thread 0");
    expect(first?.more).toBe(true);
    const all = await listThreads(video.id, 150);
    expect(all?.threads).toHaveLength(120);
    expect(all?.threads.at(-1)?.content).toBe("thread 119");
    expect(all?.more).toBe(false);
  });

  it("at most 10 comments a minute per user (the PostgreSQL-backed limiter)", async () => {
    const video = await insertVideo(handle().db);
    const [busy, calm] = [await newUser(), await newUser()];
    const outcomes = [];
    for (let i = 0; i < 11; i++) outcomes.push(await addComment({ videoId: video.id, userId: busy, parentId: null, content: `c${i}` }));
    expect(outcomes.slice(0, 10).every((o) => o.status === "added")).toBe(true);
    expect(outcomes[10]).toMatchObject({ status: "rate-limited" });
    expect((outcomes[10] as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
    expect((await addComment({ videoId: video.id, userId: calm, parentId: null, content: "fine" })).status).toBe("added");
  });

  it("a thread takes at most MAX_REPLIES_PER_THREAD replies (deleted ones count); then a clear refusal, other threads unaffected", async () => {
    const video = await insertVideo(handle().db);
    const [ann, bob] = [await newUser(), await newUser()];
    const thread = await post(video.id, ann, "popular");
    const other = await post(video.id, ann, "quiet");
    const replies = [];
    for (let i = 0; i < MAX_REPLIES_PER_THREAD; i++) replies.push(await post(video.id, i % 2 ? ann : bob, `reply ${i}`, thread));
    await deleteComment(replies[0] as string, bob); // a placeholder still takes its place in the thread
    const refused = await addComment({ videoId: video.id, userId: bob, parentId: thread, content: "one too many" }, { limiter: unlimited });
    expect(refused).toEqual({ status: "thread-full" });
    expect(await post(video.id, bob, "elsewhere", other)).toBeTruthy();
    expect(await post(video.id, bob, "a new thread")).toBeTruthy();
    const stored = await handle().db.selectFrom("comments").select("id").where("parent_id", "=", thread).execute();
    expect(stored).toHaveLength(MAX_REPLIES_PER_THREAD);
  });

  it("a refused reply to a full thread does not count against the rate limit", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    const thread = await post(video.id, user, "full soon");
    await handle()
      .db.insertInto("comments")
      .values(
        Array.from({ length: MAX_REPLIES_PER_THREAD }, (_, i) => ({
          video_id: video.id,
          user_id: user,
          parent_id: thread,
          content: `r${i}`,
        })),
      )
      .execute();
    let consumed = 0;
    const counting: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 - ++consumed }) };
    expect(await addComment({ videoId: video.id, userId: user, parentId: thread, content: "no" }, { limiter: counting })).toEqual({
      status: "thread-full",
    });
    expect(consumed).toBe(0);
  });

  it("concurrent replies cannot pass the cap together", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    const thread = await post(video.id, user, "race");
    const room = 3;
    await handle()
      .db.insertInto("comments")
      .values(
        Array.from({ length: MAX_REPLIES_PER_THREAD - room }, (_, i) => ({
          video_id: video.id,
          user_id: user,
          parent_id: thread,
          content: `r${i}`,
        })),
      )
      .execute();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        addComment({ videoId: video.id, userId: user, parentId: thread, content: `racer ${i}` }, { limiter: unlimited }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "added")).toHaveLength(room);
    expect(outcomes.filter((o) => o.status === "thread-full")).toHaveLength(12 - room);
    const stored = await handle().db.selectFrom("comments").select("id").where("parent_id", "=", thread).execute();
    expect(stored).toHaveLength(MAX_REPLIES_PER_THREAD);
  });

  it("a page loads at most MAX_REPLIES_PER_THREAD replies per thread and MAX_THREADS threads, whatever the table holds", async () => {
    const video = await insertVideo(handle().db);
    const user = await newUser();
    const base = Date.UTC(2026, 0, 1);
    // Written behind the service's back (as rows from before the cap would be): two overfull threads.
    const threads = await handle()
      .db.insertInto("comments")
      .values(
        Array.from({ length: MAX_THREADS + 5 }, (_, i) => ({
          video_id: video.id,
          user_id: user,
          parent_id: null,
          content: `t${i}`,
          created_at: new Date(base + i * 1000),
        })),
      )
      .returning("id")
      .execute();
    const overfull = [threads[0]?.id, threads[MAX_THREADS - 1]?.id] as string[];
    for (const parent of overfull) {
      await handle()
        .db.insertInto("comments")
        .values(
          Array.from({ length: MAX_REPLIES_PER_THREAD + 15 }, (_, i) => ({
            video_id: video.id,
            user_id: user,
            parent_id: parent,
            content: `r${i}`,
            created_at: new Date(base + 10_000_000 + i * 1000),
          })),
        )
        .execute();
    }
    for (const asked of [MAX_THREADS, MAX_THREADS + 1, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      const page = await listThreads(video.id, asked);
      expect(page?.threads, String(asked)).toHaveLength(MAX_THREADS);
      expect(page?.more).toBe(true);
      const shownReplies = page?.threads.filter((t) => overfull.includes(t.id)).map((t) => t.replies.map((r) => r.content));
      // The oldest replies, in order, cut at the cap.
      const expected = Array.from({ length: MAX_REPLIES_PER_THREAD }, (_, i) => `r${i}`);
      expect(shownReplies).toEqual([expected, expected]);
    }
  });
});
