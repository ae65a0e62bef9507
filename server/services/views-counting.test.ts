import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { AFTER, allowanceRow, counts, distinctIp, freshVideo, T0, tokenFor, useViewsDatabase } from "../../tests/support/views";
import { viewsCounted } from "../cluster/metrics";
import { logger } from "../logger";
import { newViewSessionId, PLAY_TOKEN_MAX_AGE_MS } from "../play-token";
import { sign } from "../secrets";
import { countView, deleteExpiredViewSessions, resetAllViews, VIEW_SESSION_TTL_MS, viewsPerDay } from "./views";

/** Counting one view on PostgreSQL: the token's rules, the counters, concurrency, the session marks. */

const { handle } = useViewsDatabase();

async function viewsCountedMetric(): Promise<number> {
  return (await viewsCounted.get()).values[0]?.value ?? 0;
}

/** One client address for the tests of one session's rules (each uses a video of its own, so no cap is near). */
const CLIENT = "203.0.113.1";

describe('counting a view (docs/architecture.md "View counting") on PostgreSQL', () => {
  it("counts a valid token after its threshold: video, category and today's count, in one go", async () => {
    const { videoId, categoryId } = await freshVideo();
    const sessionId = newViewSessionId();
    expect(await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId), ip: CLIENT }, AFTER)).toEqual({ status: "counted" });
    expect(await counts(videoId, categoryId)).toEqual({ video: 1, category: 1, daily: 1, marks: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect(await viewsPerDay({ videoId, from: today, to: today })).toEqual([{ day: today, views: 1 }]);
  });

  it("counts nothing for a replayed token, a reused session, a skipped wait or a forged token", async () => {
    const countedBefore = await viewsCountedMetric();
    const { videoId, categoryId } = await freshVideo();
    const sessionId = newViewSessionId();
    const token = tokenFor(videoId, sessionId);
    expect((await countView({ videoId, sessionId, token, ip: CLIENT }, AFTER)).status).toBe("counted");
    // Replay: the same token again, later.
    expect((await countView({ videoId, sessionId, token, ip: CLIENT }, AFTER + 60_000)).status).toBe("duplicate");
    // Reused session: a new page load (new token) in the same browser session.
    const second = tokenFor(videoId, sessionId, AFTER);
    expect((await countView({ videoId, sessionId, token: second, ip: CLIENT }, AFTER + 20_000)).status).toBe("duplicate");
    // A replayed token with another session cookie: the token names its own session.
    expect((await countView({ videoId, sessionId: newViewSessionId(), token, ip: CLIENT }, AFTER)).status).toBe("invalid");
    // Skipped wait: a fresh session's token sent before its threshold.
    const early = newViewSessionId();
    expect(await countView({ videoId, sessionId: early, token: tokenFor(videoId, early, AFTER), ip: CLIENT }, AFTER + 19_000)).toEqual({
      status: "too-early",
      retryAfterMs: 1_000,
    });
    // Forged: a token with the right shape but not our signature, and one signed for a zero threshold by someone
    // else's key is the same thing; no session cookie at all.
    const forger = newViewSessionId();
    const forged = `play:${videoId}:${forger}:${T0 - 60_000}:1000.${"A".repeat(43)}`;
    expect((await countView({ videoId, sessionId: forger, token: forged, ip: CLIENT }, AFTER)).status).toBe("invalid");
    expect((await countView({ videoId, sessionId: null, token, ip: CLIENT }, AFTER)).status).toBe("invalid");
    // An expired token (the page stayed open for hours).
    const stale = newViewSessionId();
    expect(
      (await countView({ videoId, sessionId: stale, token: tokenFor(videoId, stale), ip: CLIENT }, T0 + PLAY_TOKEN_MAX_AGE_MS + 1)).status,
    ).toBe("expired");
    expect(await counts(videoId, categoryId)).toEqual({ video: 1, category: 1, daily: 1, marks: 1 });
    // /metrics counts the one view that counted, nothing for the refusals.
    expect(await viewsCountedMetric()).toBe(countedBefore + 1);
  });

  it("does not count a missing video and leaves nothing behind", async () => {
    const videoId = "00000000-0000-4000-8000-00000000abcd";
    const sessionId = newViewSessionId();
    const warn = vi.spyOn(logger, "warn");
    expect(await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId), ip: CLIENT }, AFTER)).toEqual({
      status: "not-found",
    });
    expect(warn).toHaveBeenCalledWith({ videoId }, "view not counted: video not found");
    const marks = await handle().db.selectFrom("video_view_sessions").selectAll().where("video_id", "=", videoId).execute();
    expect(marks).toEqual([]);
  });

  it("still counts the video's view when the category update fails (warning only)", async () => {
    const { videoId, categoryId } = await freshVideo();
    const db = handle().db;
    // A real failure of the category update: a trigger that refuses it.
    await sql`CREATE FUNCTION refuse_category_views() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'category views refused by test'; END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_category_views BEFORE UPDATE ON categories
      FOR EACH ROW WHEN (NEW.id = ${sql.lit(categoryId)}::uuid) EXECUTE FUNCTION refuse_category_views()`.execute(db);
    try {
      const sessionId = newViewSessionId();
      const warn = vi.spyOn(logger, "warn");
      expect((await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId), ip: CLIENT }, AFTER)).status).toBe("counted");
      expect(await counts(videoId, categoryId)).toEqual({ video: 1, category: 0, daily: 1, marks: 1 });
      // The failed statement took nothing from the allowance: only the retry's view did.
      expect(await allowanceRow("view-counts", CLIENT, videoId)).toMatchObject({ points: 1 });
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ videoId }), expect.stringContaining("category view count failed"));
      // The same session again: still once.
      expect((await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId), ip: CLIENT }, AFTER)).status).toBe("duplicate");
    } finally {
      await sql`DROP TRIGGER refuse_category_views ON categories`.execute(db);
      await sql`DROP FUNCTION refuse_category_views()`.execute(db);
    }
  });

  it("loses no increment under concurrency, and a session racing itself counts once", async () => {
    const { videoId, categoryId } = await freshVideo(2);
    const sessions = Array.from({ length: 400 }, () => newViewSessionId());
    const outcomes = await Promise.all(
      sessions.flatMap((sessionId) => {
        const token = tokenFor(videoId, sessionId, T0, 2);
        // Every session sends its token twice at once: the second must find the first's mark.
        // Each session from an address of its own: no allowance is in the way of counting every one.
        const ip = distinctIp();
        return [countView({ videoId, sessionId, token, ip }, T0 + 1_000), countView({ videoId, sessionId, token, ip }, T0 + 1_000)];
      }),
    );
    expect(outcomes.filter((o) => o.status === "counted")).toHaveLength(400);
    expect(outcomes.filter((o) => o.status === "duplicate")).toHaveLength(400);
    expect(await counts(videoId, categoryId)).toEqual({ video: 400, category: 400, daily: 400, marks: 400 });
  });

  it("deletes session marks once they expire, after every token that could match them", async () => {
    expect(VIEW_SESSION_TTL_MS).toBeGreaterThan(PLAY_TOKEN_MAX_AGE_MS);
    const { videoId } = await freshVideo();
    const sessionId = newViewSessionId();
    await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId), ip: CLIENT }, AFTER);
    const db = handle().db;
    const mark = await db
      .selectFrom("video_view_sessions")
      .select("expires_at")
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(mark.expires_at.getTime()).toBe(AFTER + VIEW_SESSION_TTL_MS);
    const ownMark = () => db.selectFrom("video_view_sessions").select("video_id").where("session_id", "=", sessionId).execute();
    await deleteExpiredViewSessions(new Date(AFTER + VIEW_SESSION_TTL_MS - 1));
    expect(await ownMark()).toEqual([{ video_id: videoId }]);
    expect(await deleteExpiredViewSessions(new Date(AFTER + VIEW_SESSION_TTL_MS + 1))).toBeGreaterThanOrEqual(1);
    expect(await ownMark()).toEqual([]);
  });

  it("views:reset zeroes videos and categories and clears the per-day counts", async () => {
    const { videoId, categoryId } = await freshVideo();
    const sessionId = newViewSessionId();
    await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId), ip: CLIENT }, AFTER);
    expect(await resetAllViews()).toBeGreaterThanOrEqual(1);
    const after = await counts(videoId, categoryId);
    expect(after).toMatchObject({ video: 0, category: 0, daily: 0 });
    // The session keeps its mark: it does not count the same video again after the reset.
    expect((await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId, AFTER), ip: CLIENT }, AFTER + 20_000)).status).toBe(
      "duplicate",
    );
  });

  it("refuses a token signed for a threshold above 30 s (never issued)", async () => {
    const { videoId } = await freshVideo();
    const sessionId = newViewSessionId();
    const token = sign(`play:${videoId}:${sessionId}:${T0}:40000`);
    expect((await countView({ videoId, sessionId, token, ip: CLIENT }, T0 + 60_000)).status).toBe("invalid");
  });
});
