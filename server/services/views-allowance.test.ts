import { describe, expect, it, vi } from "vitest";
import { insertVideo } from "../../tests/support/fixtures";
import { AFTER, allowanceRow, counts, distinctIp, freshVideo, T0, tokenFor, useViewsDatabase } from "../../tests/support/views";
import { logger } from "../logger";
import { newViewSessionId } from "../play-token";
import { deleteEndedViewAllowances, VIEW_ALLOWANCE } from "./view-allowance";
import { countView, issueViewToken } from "./views";

/** The per-address allowance on PostgreSQL: play tokens and counted views per client address, video and hour. */

const { handle } = useViewsDatabase();

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
