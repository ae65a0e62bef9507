import crypto from "node:crypto";
import type { Page, Response as PageResponse } from "@playwright/test";
import { paths } from "../../core/paths";
import { expect, playToken, startPlayback, test } from "./support";

/**
 * Honest views (docs/architecture.md "View counting") against the built server: every request goes through the real HTTP stack
 * (workers, React Router, PostgreSQL), and every count is read back from the database through a test hook.
 * Play tokens come from POST /api/play-token, which the page calls when the video first plays.
 *
 * Client addresses: the server trusts its loopback peer as a proxy (TRUST_PROXY's default), so a test that
 * needs an address of its own says it in X-Forwarded-For, as nginx would. Each client address gets 10 tokens
 * and 5 counted views per video and hour (server/services/view-allowance.ts).
 */

const VIEWED_KEY = "viewed_videos_Pleazure";

interface Counts {
  video: number;
  category: number;
  daily: number;
}

async function counts(baseURL: string, videoId: string): Promise<Counts> {
  const res = await fetch(`${baseURL}/__test/views?videoId=${videoId}`);
  if (!res.ok) throw new Error(`views hook answered ${res.status}`);
  return (await res.json()) as Counts;
}

/** A public 2 s video (threshold 1 s) in a category of its own. */
async function shortVideo(baseURL: string): Promise<{ videoId: string; categoryId: string }> {
  const res = await fetch(`${baseURL}/__test/videos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ duration: 2 }),
  });
  if (!res.ok) throw new Error(`videos hook answered ${res.status}`);
  return (await res.json()) as { videoId: string; categoryId: string };
}

async function postView(baseURL: string, videoId: string, token: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseURL}${paths.api.views()}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams({ videoId, token }),
  });
  return { status: res.status, body: (await res.json()) as { counted: boolean; reason?: string; retryAfterMs?: number } };
}

interface TokenAnswer {
  status: number;
  body: { token: string | null; reason?: string; retryAfterMs?: number; thresholdMs?: number };
  /** The new view session's cookie, when one was set. */
  cookie: string | null;
}

/** POST /api/play-token without a cookie (a new browser session each time), with `headers`. */
async function askToken(baseURL: string, videoId: string, headers: Record<string, string>): Promise<TokenAnswer> {
  const res = await fetch(`${baseURL}${paths.api.playToken()}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ videoId }),
  });
  const session = /viewSession=([0-9a-f-]{36})/.exec(res.headers.getSetCookie().join("\n"))?.[1];
  return { status: res.status, body: (await res.json()) as TokenAnswer["body"], cookie: session ? `viewSession=${session}` : null };
}

/** The n-th of many distinct client addresses: IPv4 from RFC 2544's benchmarking range, IPv6 /64s from 2001:db8::/32. */
function clientAddress(n: number): string {
  return n % 2 === 0 ? `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` : `2001:db8:${n.toString(16)}::1`;
}

/** A random IPv6 /64 of 2001:db8::/32: a bucket no other test (nor a retry of this one) uses. */
const freshAddress = () => `2001:db8:${crypto.randomBytes(2).toString("hex")}:${crypto.randomBytes(2).toString("hex")}::1`;
const xff = (ip: string) => ({ "x-forwarded-for": ip });
const outcome = (a: { status: number; body: { counted?: boolean; token?: string | null; reason?: string } }) =>
  a.body.counted || a.body.token ? "yes" : `${a.status} ${a.body.reason}`;

function tally(keys: string[]): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const k of keys) counted[k] = (counted[k] ?? 0) + 1;
  return counted;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.describe.configure({ timeout: 240_000 });

test("10,000 views from 10,000 client addresses over 50 concurrent connections: exactly 10,000 counted", async ({ baseURL }) => {
  const origin = baseURL as string;
  const { videoId } = await shortVideo(origin);
  const TOTAL = 10_000;
  const CLIENTS = 50;

  // Each view is a browser session of its own from an address of its own (half IPv4, half IPv6 /64s): a play
  // token (and its session cookie), then the view from the same address once the threshold (1 s) has passed
  // on the server's clock. The tokens are taken first so the views arrive at once.
  const visits: { cookie: string; token: string; ip: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < TOTAL) {
        const ip = clientAddress(next++);
        const answer = await askToken(origin, videoId, { "x-forwarded-for": ip });
        if (!answer.body.token || !answer.cookie) throw new Error(`no token for ${ip}: ${JSON.stringify(answer.body)}`);
        visits.push({ cookie: answer.cookie, token: answer.body.token, ip });
      }
    }),
  );
  expect(new Set(visits.map((v) => v.ip)).size).toBe(TOTAL);
  expect(new Set(visits.map((v) => v.cookie)).size).toBe(TOTAL);
  await sleep(1_100);

  const statuses = new Map<string, number>();
  let sent = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (sent < TOTAL) {
        const v = visits[sent++] as { cookie: string; token: string; ip: string };
        const { body } = await postView(origin, videoId, v.token, v.cookie, { "x-forwarded-for": v.ip });
        const key = body.counted ? "counted" : String(body.reason);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }),
  );
  expect(Object.fromEntries(statuses)).toEqual({ counted: TOTAL });
  expect(await counts(origin, videoId)).toEqual({ video: TOTAL, category: TOTAL, daily: TOTAL });
});

test("a replayed token, a skipped wait, a forged token and a reused session count nothing", async ({ baseURL }) => {
  const origin = baseURL as string;
  const { videoId } = await shortVideo(origin);

  // Skipped wait: sent at once, refused as too early, and the same token counts once its time has come.
  const first = await playToken(origin, videoId);
  expect((await postView(origin, videoId, first.token, first.cookie)).body).toMatchObject({ counted: false, reason: "too-early" });
  expect(await counts(origin, videoId)).toEqual({ video: 0, category: 0, daily: 0 });
  await sleep(1_100);
  expect((await postView(origin, videoId, first.token, first.cookie)).body).toEqual({ counted: true });

  // Replay: the same token and cookie again.
  expect((await postView(origin, videoId, first.token, first.cookie)).body).toEqual({ counted: false, reason: "duplicate" });
  // Reused session: a new token in the same session, the wait respected.
  const again = await playToken(origin, videoId, first.cookie);
  expect(again.token).not.toBe(first.token);
  await sleep(1_100);
  expect((await postView(origin, videoId, again.token, first.cookie)).body).toEqual({ counted: false, reason: "duplicate" });
  // The token in another session (a copied token): it names its own session.
  const other = await playToken(origin, videoId);
  expect((await postView(origin, videoId, first.token, other.cookie)).status).toBe(403);
  // No session cookie at all.
  expect((await postView(origin, videoId, first.token)).status).toBe(403);
  // Forged: the right shape, back-dated, with a made-up signature.
  const session = /viewSession=(.+)/.exec(other.cookie)?.[1];
  const forged = `play:${videoId}:${session}:${Date.now() - 60_000}:1000.${"A".repeat(43)}`;
  expect((await postView(origin, videoId, forged, other.cookie)).status).toBe(403);
  // Altered: a real token whose issue time was moved back.
  const altered = other.token.replace(
    /:(\d+):(\d+)\./,
    (_m, issued: string, threshold: string) => `:${Number(issued) - 60_000}:${threshold}.`,
  );
  expect((await postView(origin, videoId, altered, other.cookie)).status).toBe(403);
  // A token for another video.
  const { videoId: otherVideo } = await shortVideo(origin);
  expect((await postView(origin, otherVideo, other.token, other.cookie)).status).toBe(403);

  expect(await counts(origin, videoId)).toEqual({ video: 1, category: 1, daily: 1 });
  expect(await counts(origin, otherVideo)).toEqual({ video: 0, category: 0, daily: 0 });
});

test("200 sessions from one address, racing, count no more than its cap; tokens taken elsewhere do not help", async ({ baseURL }) => {
  const origin = baseURL as string;
  const ip = freshAddress();
  const { videoId } = await shortVideo(origin);

  // 200 new sessions (no cookie) from one address at once: 10 tokens, the rest a quiet refusal without a cookie.
  const answers = await Promise.all(Array.from({ length: 200 }, () => askToken(origin, videoId, xff(ip))));
  expect(tally(answers.map(outcome))).toEqual({ yes: 10, "200 rate-limited": 190 });
  for (const refused of answers.filter((a) => !a.body.token)) {
    expect(refused.cookie).toBeNull();
    expect(refused.body.retryAfterMs).toBeGreaterThan(0);
    expect(refused.body.retryAfterMs).toBeLessThanOrEqual(3_600_000);
  }
  await sleep(1_100);
  const issued = answers.filter((a) => a.body.token) as { body: { token: string }; cookie: string }[];
  const views = await Promise.all(issued.map((a) => postView(origin, videoId, a.body.token, a.cookie, xff(ip))));
  expect(tally(views.map(outcome))).toEqual({ yes: 5, "200 rate-limited": 5 });
  expect(await counts(origin, videoId)).toEqual({ video: 5, category: 5, daily: 5 });

  // Tokens fetched from 200 other addresses, every view sent from one: still 5.
  const { videoId: second } = await shortVideo(origin);
  const sender = freshAddress();
  const borrowed = await Promise.all(Array.from({ length: 200 }, (_, i) => askToken(origin, second, xff(clientAddress(20_000 + i)))));
  await sleep(1_100);
  const sent = await Promise.all(borrowed.map((a) => postView(origin, second, a.body.token as string, a.cookie as string, xff(sender))));
  expect(tally(sent.map(outcome))).toEqual({ yes: 5, "200 rate-limited": 195 });
  expect(await counts(origin, second)).toEqual({ video: 5, category: 5, daily: 5 });
});

/**
 * Ways one client might try to look like many. Each row sends 24 new sessions at once (racing), request i
 * with `headers(i)` for both its token and its view: all must land in one bucket (10 tokens, 5 views).
 */
const USER_AGENTS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/140.0",
  "curl/8.5.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148",
  "",
];
const DODGES: { label: string; headers: (i: number, seed: number) => Record<string, string> }[] = [
  {
    label: "IPv6 addresses within one /64",
    headers: (i, seed) => xff(`2001:db8:${seed.toString(16)}:7:${((i * 7919) & 0xffff).toString(16)}::${(i + 1).toString(16)}`),
  },
  {
    label: "one /64 in other spellings (case, leading zeros, an IPv4 tail)",
    headers: (i, seed) =>
      xff(
        [
          `2001:db8:${seed.toString(16)}:8::${i + 1}`,
          `2001:DB8:${seed.toString(16).toUpperCase()}:8::${i + 1}`,
          `2001:0db8:${seed.toString(16).padStart(4, "0")}:0008:0000:0000:0000:${(i + 1).toString(16).padStart(4, "0")}`,
          `2001:db8:${seed.toString(16)}:8::198.51.100.${i + 1}`,
        ][i % 4] as string,
      ),
  },
  {
    label: "an IPv4 address and its IPv4-mapped IPv6 spellings",
    headers: (i, seed) => {
      const [c, d] = [(seed >> 8) & 255, seed & 255];
      const hex = (((c << 8) | d) >>> 0).toString(16);
      return xff(
        [`198.19.${c}.${d}`, `::ffff:198.19.${c}.${d}`, `::FFFF:198.19.${c}.${d}`, `0:0:0:0:0:ffff:198.19.${c}.${d}`, `::ffff:c613:${hex}`][
          i % 5
        ] as string,
      );
    },
  },
  {
    label: "different User-Agents, no cookies (a new session every time)",
    headers: (i, seed) => ({
      ...xff(`198.19.${(seed >> 8) & 255}.${seed & 255}`),
      "user-agent": USER_AGENTS[i % USER_AGENTS.length] as string,
    }),
  },
  {
    label: "made-up X-Forwarded-For entries in front of the proxy's",
    headers: (i, seed) => xff(`${clientAddress(30_000 + i)}, 2001:db8:${seed.toString(16)}:9::1`),
  },
];

test("a table of dodges: every way of looking like many clients from one lands in one bucket", async ({ baseURL }) => {
  const origin = baseURL as string;
  const SESSIONS = 24;
  const results = await Promise.all(
    DODGES.map(async ({ label, headers }) => {
      const seed = crypto.randomBytes(2).readUInt16BE() | 1; // a bucket of this row's own
      const { videoId } = await shortVideo(origin);
      const tokens = await Promise.all(Array.from({ length: SESSIONS }, (_, i) => askToken(origin, videoId, headers(i, seed))));
      await sleep(1_100);
      // Every issued token's view, from the spelling its token came with, racing too.
      const views = await Promise.all(
        tokens.map((a, i) =>
          a.body.token ? postView(origin, videoId, a.body.token, a.cookie as string, headers(i, seed)) : Promise.resolve(null),
        ),
      );
      return {
        label,
        tokens: tally(tokens.map(outcome)),
        views: tally(views.filter((v) => v !== null).map(outcome)),
        counted: (await counts(origin, videoId)).video,
      };
    }),
  );
  expect(results).toEqual(
    DODGES.map(({ label }) => ({
      label,
      tokens: { yes: 10, "200 rate-limited": 14 },
      views: { yes: 5, "200 rate-limited": 5 },
      counted: 5,
    })),
  );
});

test("the cap is per video and per address: the same address counts on another video, another address on the same", async ({ baseURL }) => {
  const origin = baseURL as string;
  const ip = freshAddress();
  const first = await shortVideo(origin);
  const second = await shortVideo(origin);
  const visit = async (videoId: string, from: string, n: number) => {
    const tokens = await Promise.all(Array.from({ length: n }, () => askToken(origin, videoId, xff(from))));
    await sleep(1_100);
    return tally(
      (await Promise.all(tokens.map((a) => postView(origin, videoId, a.body.token as string, a.cookie as string, xff(from))))).map(outcome),
    );
  };
  expect(await visit(first.videoId, ip, 7)).toEqual({ yes: 5, "200 rate-limited": 2 });
  expect(await visit(second.videoId, ip, 7)).toEqual({ yes: 5, "200 rate-limited": 2 });
  expect(await visit(first.videoId, freshAddress(), 1)).toEqual({ yes: 1 });
  expect(await counts(origin, first.videoId)).toEqual({ video: 6, category: 6, daily: 6 });
  expect(await counts(origin, second.videoId)).toEqual({ video: 5, category: 5, daily: 5 });
});

const pause = (page: Page) => page.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
const play = (page: Page) => page.locator("video").evaluate((v: HTMLVideoElement) => v.play());
/** Seeks to `seconds`: the client's position rule is met at once; the threshold still runs from the token. */
const seek = (page: Page, seconds: number) => page.locator("video").evaluate((v: HTMLVideoElement, s) => (v.currentTime = s), seconds);
/**
 * The answer to the page's next POST to `path`, `what` naming it. Bounded: a playback that never asks would otherwise
 * hold the test for its whole timeout and fail without saying which answer it waited for (session 35's full run
 * waited 240 s once for a play token). A miss says what the video was doing then.
 */
const answerOf = (page: Page, path: string, what: string) =>
  page
    .waitForResponse((r) => r.url().endsWith(path) && r.request().method() === "POST", { timeout: 60_000 })
    .catch(async (err: unknown) => {
      const video = await page
        .locator("video")
        .first()
        .evaluate(
          (v: HTMLVideoElement) => ({
            src: v.currentSrc,
            currentTime: v.currentTime,
            duration: v.duration,
            paused: v.paused,
            readyState: v.readyState,
            networkState: v.networkState,
          }),
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => "none");
      throw new Error(`${what}: no answer to POST ${path} within 60 s; the video then: ${JSON.stringify(video)}`, { cause: err });
    });

/** Every view-counting request the page makes, in order. */
function countingRequests(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === "/api/play-token" || path === "/api/views") calls.push(path);
  });
  return calls;
}

test("in Chromium: the token comes with the first playback, and a view counts after the threshold, not before, once per session", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL as string;
  const { video } = (await (await fetch(`${origin}/__test/shortest-video`)).json()) as { video: { id: string; duration: number } | null };
  expect(video, "a demo video with media").not.toBeNull();
  const { id, duration } = video as { id: string; duration: number };
  const thresholdMs = Math.min(30, duration / 2) * 1000;
  const past = Math.min(25, duration / 2) + 0.5; // past the client's start position
  const before = await counts(origin, id);
  const calls = countingRequests(page);
  // An address of its own: other specs play this video too, from the same loopback address, within the hour.
  await page.setExtraHTTPHeaders(xff(freshAddress()));

  // The page is the same for everyone: no token, no cookie. Left open without playing, it asks for nothing.
  const document = (await page.goto(paths.video(id))) as PageResponse;
  expect(await document.headerValue("set-cookie")).toBeNull();
  expect(await document.text()).not.toMatch(/play:[0-9a-f-]{36}/);
  await page.waitForTimeout(thresholdMs + 500);
  expect(calls).toEqual([]);

  // The first playback asks for the token, which starts this browser's view session.
  const tokenAnswer = answerOf(page, "/api/play-token", "the first playback's play token");
  await startPlayback(page);
  const issued = await tokenAnswer;
  const issuedAt = Date.now();
  expect(issued.status()).toBe(200);
  expect(await issued.headerValue("set-cookie")).toMatch(/^viewSession=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax$/);

  // Past the start position at once: nothing is sent while the threshold has not passed since the token.
  await seek(page, past);
  await page.waitForTimeout(2_000);
  await pause(page);
  expect(calls).toEqual(["/api/play-token"]);
  expect(await counts(origin, id)).toEqual(before);

  // Once it has, playing on counts the view.
  await page.waitForTimeout(Math.max(0, issuedAt + thresholdMs + 500 - Date.now()));
  const counted = answerOf(page, "/api/views", "the view past the threshold");
  await play(page);
  expect(await (await counted).json()).toEqual({ counted: true });
  expect(calls).toEqual(["/api/play-token", "/api/views"]);
  expect(await counts(origin, id)).toEqual({ video: before.video + 1, category: before.category + 1, daily: before.daily + 1 });
  expect(await page.evaluate((key) => sessionStorage.getItem(key), VIEWED_KEY)).toContain(id);

  // Reload in the same session: the session list keeps the browser from asking again, not even for a token.
  calls.length = 0;
  await page.reload();
  await startPlayback(page);
  await seek(page, past);
  await page.waitForTimeout(6_000);
  expect(calls).toEqual([]);

  // Even with the list cleared, the server counts this browser session once.
  await page.evaluate((key) => sessionStorage.removeItem(key), VIEWED_KEY);
  await page.reload();
  const again = answerOf(page, "/api/play-token", "the play token with the session list cleared");
  await startPlayback(page);
  await pause(page);
  expect(await (await again).headerValue("set-cookie")).toBeNull(); // the session goes on
  await page.waitForTimeout(thresholdMs + 500);
  const duplicate = answerOf(page, "/api/views", "the same session's second view");
  await seek(page, past);
  await play(page);
  expect(await (await duplicate).json()).toEqual({ counted: false, reason: "duplicate" });
  expect(await counts(origin, id)).toEqual({ video: before.video + 1, category: before.category + 1, daily: before.daily + 1 });
});

test("in Chromium: an address that has had its share still plays the video; the view is just not counted", async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const { video } = (await (await fetch(`${origin}/__test/shortest-video`)).json()) as { video: { id: string } | null };
  const { id } = video as { id: string };
  const ip = freshAddress();
  for (let i = 0; i < 10; i++) expect((await askToken(origin, id, xff(ip))).body.token).toBeTruthy();
  const before = await counts(origin, id);
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  const calls = countingRequests(page);
  await page.setExtraHTTPHeaders(xff(ip));

  await page.goto(paths.video(id));
  const refused = answerOf(page, "/api/play-token", "the play token past the address's share");
  await startPlayback(page);
  const answer = await refused;
  expect(answer.status()).toBe(200);
  expect(await answer.headerValue("set-cookie")).toBeNull();
  expect(await answer.json()).toMatchObject({ token: null, reason: "rate-limited" });
  // Playback goes on; the tracker asks for nothing more.
  const position = () => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);
  const t1 = await position();
  await expect.poll(position, { timeout: 20_000 }).toBeGreaterThan(t1 + 1.5);
  await page.waitForTimeout(5_500);
  expect(calls).toEqual(["/api/play-token"]);
  expect(await counts(origin, id)).toEqual(before);
  expect(consoleErrors).toEqual([]);
});

test("in Chromium: another video reached by a link starts over with its own token", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/play-token")) calls.push(new URLSearchParams(r.postData() ?? "").get("videoId") ?? "");
  });
  await page.goto(paths.category("amateur"));
  const first = (await page.locator("main article a").first().getAttribute("href")) as string;
  await page.goto(first);
  const firstToken = answerOf(page, "/api/play-token", "the first video's play token");
  await startPlayback(page);
  await firstToken;
  await pause(page);

  const firstTitle = (await page.locator("h1").textContent()) as string;
  const next = page.getByRole("region", { name: "Related Videos" }).locator("article a").first();
  const second = (await next.getAttribute("href")) as string;
  const navigation = page.waitForRequest((r) => r.url().includes(".data"));
  await next.click();
  await navigation; // client-side: the same document
  await expect(page).toHaveURL(new RegExp(`${second}$`));
  await expect(page.locator("h1")).not.toHaveText(firstTitle); // the new page is committed, not only the address
  const secondToken = answerOf(page, "/api/play-token", "the second video's play token");
  await startPlayback(page);
  await secondToken;
  expect(calls).toEqual([first.slice("/video/".length), second.slice("/video/".length)]);
});
