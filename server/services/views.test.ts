import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { viewsCounted } from "../cluster/metrics";
import { logger } from "../logger";
import { issuePlayToken, newViewSessionId, PLAY_TOKEN_MAX_AGE_MS } from "../play-token";
import { sign } from "../secrets";
import { ALLOWANCE_TABLE, deleteEndedViewAllowances, VIEW_ALLOWANCE } from "./view-allowance";
import { countView, deleteExpiredViewSessions, issueViewToken, resetAllViews, VIEW_SESSION_TTL_MS, viewsPerDay } from "./views";

const { handle } = useTestDatabase();

beforeAll(() => {
  process.env.APP_SECRET = "views-service-test-secret-0123456789";
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A 40 s video (threshold 20 s) in its own category. */
async function freshVideo(duration = 40) {
  const db = handle().db;
  const category = await insertCategory(db, `Views ${Math.random().toString(36).slice(2, 10)}`);
  const video = await insertVideo(db, { category_id: category.id, duration });
  return { videoId: video.id, categoryId: category.id };
}

async function viewsCountedMetric(): Promise<number> {
  return (await viewsCounted.get()).values[0]?.value ?? 0;
}

async function counts(videoId: string, categoryId: string) {
  const db = handle().db;
  const video = await db.selectFrom("videos").select("views").where("id", "=", videoId).executeTakeFirstOrThrow();
  const category = await db.selectFrom("categories").select("views").where("id", "=", categoryId).executeTakeFirstOrThrow();
  const daily = await db
    .selectFrom("video_views_daily")
    .select(sql<number>`coalesce(sum(views), 0)::int8`.as("views"))
    .where("video_id", "=", videoId)
    .executeTakeFirstOrThrow();
  const marks = await db
    .selectFrom("video_view_sessions")
    .select(sql<number>`count(*)::int8`.as("n"))
    .where("video_id", "=", videoId)
    .executeTakeFirstOrThrow();
  return { video: video.views, category: category.views, daily: daily.views, marks: marks.n };
}

const T0 = Date.now();
const AFTER = T0 + 20_000;
/** One client address for the tests of one session's rules (each uses a video of its own, so no cap is near). */
const CLIENT = "203.0.113.1";
let clients = 0;
/** A client address no other test uses (RFC 2544's benchmarking range: 131,072 of them). */
function distinctIp(): string {
  clients += 1;
  return `198.18.${clients >> 8}.${clients & 255}`;
}

function tokenFor(videoId: string, sessionId: string, now = T0, durationSeconds = 40) {
  return issuePlayToken({ videoId, sessionId, durationSeconds, now }) as string;
}

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

/** The allowance row of one client and video: points used and when its window ends, or undefined. */
async function allowanceRow(kind: "view-tokens" | "view-counts", clientKey: string, videoId: string) {
  const { rows } = await handle().pool.query<{ points: number; expire: string }>(
    `SELECT points, expire FROM ${ALLOWANCE_TABLE} WHERE key = $1`,
    [`${kind}:${clientKey}:${videoId}`],
  );
  return rows[0] ? { points: rows[0].points, expire: Number(rows[0].expire) } : undefined;
}

/** Sends one view per address of `ips` (a new session each, its threshold passed) at once; returns the outcomes. */
async function viewsFrom(videoId: string, ips: (string | null)[], now = AFTER) {
  return Promise.all(
    ips.map((ip) => {
      const sessionId = newViewSessionId();
      return countView({ videoId, sessionId, token: tokenFor(videoId, sessionId), ip }, now);
    }),
  );
}

const tally = (outcomes: { status: string }[]) =>
  outcomes.reduce<Record<string, number>>((acc, o) => {
    acc[o.status] = (acc[o.status] ?? 0) + 1;
    return acc;
  }, {});

describe("the per-address allowance (issue 19, item 4): tokens and counted views per video and hour", () => {
  it("200 sessions from one address, racing, count no more than the cap; each refusal is one log line", async () => {
    const { videoId, categoryId } = await freshVideo();
    const warn = vi.spyOn(logger, "warn");
    const outcomes = await viewsFrom(videoId, Array(200).fill("192.0.2.44"));
    expect(tally(outcomes)).toEqual({ counted: VIEW_ALLOWANCE.views, "rate-limited": 200 - VIEW_ALLOWANCE.views });
    // Read back from the database: the counters, the per-day table and the session marks agree.
    expect(await counts(videoId, categoryId)).toEqual({ video: 5, category: 5, daily: 5, marks: 5 });
    const refusals = warn.mock.calls.filter(([, msg]) => msg === "view cap reached: not counted");
    expect(refusals).toHaveLength(195);
    expect(refusals[0]?.[0]).toEqual({ videoId, client: "192.0.2.44", cap: "views", limit: 5 });
    const refused = outcomes.find((o) => o.status === "rate-limited") as { retryAfterMs: number };
    expect(refused.retryAfterMs).toBeGreaterThan(VIEW_ALLOWANCE.windowMs - 60_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(VIEW_ALLOWANCE.windowMs);
  });

  it("200 token requests from one address, racing, get no more than the cap of tokens", async () => {
    const { videoId } = await freshVideo();
    const warn = vi.spyOn(logger, "warn");
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => issueViewToken({ videoId, sessionId: newViewSessionId(), ip: "192.0.2.45" }, T0)),
    );
    expect(tally(outcomes)).toEqual({ issued: VIEW_ALLOWANCE.tokens, "rate-limited": 200 - VIEW_ALLOWANCE.tokens });
    expect(await allowanceRow("view-tokens", "192.0.2.45", videoId)).toEqual({ points: 10, expire: T0 + VIEW_ALLOWANCE.windowMs });
    const refusals = warn.mock.calls.filter(([, msg]) => msg === "view cap reached: not counted");
    expect(refusals).toHaveLength(190);
    expect(refusals[0]?.[0]).toEqual({ videoId, client: "192.0.2.45", cap: "tokens", limit: 10 });
  });

  // Every spelling of one client: all land in one bucket, so the cap holds across them.
  const DODGES: [string, string, (string | null)[]][] = [
    [
      "IPv6 addresses within one /64 (any spelling)",
      "2001:db8:7:9::/64",
      [
        "2001:db8:7:9::1",
        "2001:db8:7:9:ffff:ffff:ffff:ffff",
        "2001:DB8:7:9::ABCD",
        "2001:0db8:0007:0009:0000:0000:0000:0002",
        "2001:db8:7:9:1:2:3:4",
        "2001:db8:7:9::198.51.100.1",
        "2001:db8:7:9:8000::",
        "2001:db8:7:9:dead:beef:0:1",
        "2001:db8:7:9:a:b:c:d",
        "2001:db8:7:9::2:1",
        "2001:db8:7:9::3:1",
        "2001:db8:7:9::4:1",
      ],
    ],
    [
      "an IPv4 address and its IPv4-mapped IPv6 spellings",
      "198.51.100.23",
      [
        "198.51.100.23",
        "::ffff:198.51.100.23",
        "::FFFF:198.51.100.23",
        "0:0:0:0:0:ffff:198.51.100.23",
        "0000:0000:0000:0000:0000:ffff:198.51.100.23",
        "::ffff:c633:6417",
        "0:0:0:0:0:FFFF:C633:6417",
        " 198.51.100.23",
        "198.51.100.23 ",
        "::ffff:198.51.100.23",
        "198.51.100.23",
        "::ffff:c633:6417",
      ],
    ],
    [
      "no address at all (one shared bucket, never a free pass)",
      "unknown",
      [null, "", "not an address", "unknown", null, null, null, null, null, null, null, null],
    ],
  ];

  it.each(DODGES)("%s: one bucket for views and for tokens", async (_label, bucket, spellings) => {
    const { videoId, categoryId } = await freshVideo();
    expect(spellings.length).toBeGreaterThan(VIEW_ALLOWANCE.tokens);
    // Sent one after the other, so each spelling is seen; in any order only the first five count.
    const outcomes = [];
    for (const ip of spellings) outcomes.push(...(await viewsFrom(videoId, [ip])));
    expect(outcomes.map((o) => o.status)).toEqual([...Array(5).fill("counted"), ...Array(spellings.length - 5).fill("rate-limited")]);
    expect(await counts(videoId, categoryId)).toMatchObject({ video: 5, marks: 5 });
    expect(await allowanceRow("view-counts", bucket, videoId)).toMatchObject({ points: 5 });
    const tokens = [];
    for (const ip of spellings) tokens.push((await issueViewToken({ videoId, sessionId: newViewSessionId(), ip })).status);
    expect(tokens).toEqual([...Array(10).fill("issued"), ...Array(spellings.length - 10).fill("rate-limited")]);
  });

  it("counts every distinct address (IPv4 each, IPv6 by /64), and the cap is per video", async () => {
    const { videoId, categoryId } = await freshVideo();
    const ipv4 = Array.from({ length: 30 }, () => distinctIp());
    const ipv6 = Array.from({ length: 30 }, (_, i) => `2001:db8:${(0x100 + i).toString(16)}:1::1`);
    expect(tally(await viewsFrom(videoId, [...ipv4, ...ipv6]))).toEqual({ counted: 60 });
    expect(await counts(videoId, categoryId)).toEqual({ video: 60, category: 60, daily: 60, marks: 60 });

    // One address uses up its share of one video; another video from the same address still counts.
    const ip = distinctIp();
    expect(tally(await viewsFrom(videoId, Array(7).fill(ip)))).toEqual({ counted: 5, "rate-limited": 2 });
    const other = await freshVideo();
    expect(tally(await viewsFrom(other.videoId, Array(7).fill(ip)))).toEqual({ counted: 5, "rate-limited": 2 });
    expect(await counts(other.videoId, other.categoryId)).toMatchObject({ video: 5 });
    // The same for tokens.
    for (let i = 0; i < 10; i++) await issueViewToken({ videoId, sessionId: newViewSessionId(), ip });
    expect((await issueViewToken({ videoId, sessionId: newViewSessionId(), ip })).status).toBe("rate-limited");
    expect((await issueViewToken({ videoId: other.videoId, sessionId: newViewSessionId(), ip })).status).toBe("issued");
  });

  it("a session's repeats take nothing from the allowance; a refused request takes nothing either", async () => {
    const { videoId } = await freshVideo();
    const ip = distinctIp();
    const sessionId = newViewSessionId();
    const token = tokenFor(videoId, sessionId);
    expect((await countView({ videoId, sessionId, token, ip }, AFTER)).status).toBe("counted");
    for (let i = 0; i < 10; i++) expect((await countView({ videoId, sessionId, token, ip }, AFTER)).status).toBe("duplicate");
    // Early, forged and expired tokens are refused before the database: they take nothing.
    const early = newViewSessionId();
    expect((await countView({ videoId, sessionId: early, token: tokenFor(videoId, early, AFTER), ip }, AFTER + 1)).status).toBe(
      "too-early",
    );
    const forger = newViewSessionId();
    const forged = `play:${videoId}:${forger}:${T0 - 60_000}:1000.${"A".repeat(43)}`;
    expect((await countView({ videoId, sessionId: forger, token: forged, ip }, AFTER)).status).toBe("invalid");
    expect(await allowanceRow("view-counts", ip, videoId)).toMatchObject({ points: 1 });
    expect(tally(await viewsFrom(videoId, Array(5).fill(ip)))).toEqual({ counted: 4, "rate-limited": 1 });
    // Tokens: an unknown video, a private one and one without a duration take none.
    const hidden = await insertVideo(handle().db, { is_public: false, duration: 40 });
    const silent = await insertVideo(handle().db, { duration: 0 });
    expect((await issueViewToken({ videoId: hidden.id, sessionId: newViewSessionId(), ip })).status).toBe("not-found");
    expect((await issueViewToken({ videoId: silent.id, sessionId: newViewSessionId(), ip })).status).toBe("uncountable");
    expect(await allowanceRow("view-tokens", ip, hidden.id)).toBeUndefined();
    expect(await allowanceRow("view-tokens", ip, silent.id)).toBeUndefined();
  });

  it("opens a new window an hour after the first use, and deletes ended windows", async () => {
    const { videoId } = await freshVideo();
    const ip = distinctIp();
    expect(tally(await viewsFrom(videoId, Array(6).fill(ip), AFTER))).toEqual({ counted: 5, "rate-limited": 1 });
    const justBefore = AFTER + VIEW_ALLOWANCE.windowMs - 1;
    expect(tally(await viewsFrom(videoId, [ip], justBefore))).toEqual({ "rate-limited": 1 });
    // Tokens minted for the later time, so they are young enough there.
    const later = AFTER + VIEW_ALLOWANCE.windowMs;
    const sessions = Array.from({ length: 6 }, () => newViewSessionId());
    const outcomes = [];
    for (const sessionId of sessions) {
      outcomes.push(await countView({ videoId, sessionId, token: tokenFor(videoId, sessionId, later - 20_000), ip }, later));
    }
    expect(tally(outcomes)).toEqual({ counted: 5, "rate-limited": 1 });
    expect(await allowanceRow("view-counts", ip, videoId)).toEqual({ points: 5, expire: later + VIEW_ALLOWANCE.windowMs });
    // Other tests' windows end earlier and go first; this one stays until its end.
    await deleteEndedViewAllowances(later + VIEW_ALLOWANCE.windowMs - 1);
    expect(await allowanceRow("view-counts", ip, videoId)).toBeDefined();
    expect(await deleteEndedViewAllowances(later + VIEW_ALLOWANCE.windowMs)).toBeGreaterThanOrEqual(1);
    expect(await allowanceRow("view-counts", ip, videoId)).toBeUndefined();
  });
});
