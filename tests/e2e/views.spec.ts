import type { Page, Response as PageResponse } from "@playwright/test";
import { expect, playToken, test } from "./support";

/**
 * Honest views (DESIGN.md §4.2) against the built server: every request goes through the real HTTP stack
 * (workers, React Router, PostgreSQL), and every count is read back from the database through a test hook.
 * Play tokens come from POST /api/play-token, which the page calls when the video first plays.
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

async function postView(baseURL: string, videoId: string, token: string, cookie?: string) {
  const res = await fetch(`${baseURL}/api/views`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ videoId, token }),
  });
  return { status: res.status, body: (await res.json()) as { counted: boolean; reason?: string } };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.describe.configure({ timeout: 240_000 });

test("10,000 views from 50 concurrent clients with distinct sessions: exactly 10,000 counted", async ({ baseURL }) => {
  const origin = baseURL as string;
  const { videoId } = await shortVideo(origin);
  const TOTAL = 10_000;
  const CLIENTS = 50;

  // Each view is a browser session of its own: a play token (and its session cookie), then the view once
  // the threshold (1 s) has passed on the server's clock. The tokens are taken first so the views arrive at once.
  const visits: { cookie: string; token: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < TOTAL) {
        next += 1;
        visits.push(await playToken(origin, videoId));
      }
    }),
  );
  expect(new Set(visits.map((v) => v.cookie)).size).toBe(TOTAL);
  await sleep(1_100);

  const statuses = new Map<string, number>();
  let sent = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (sent < TOTAL) {
        const v = visits[sent++] as { cookie: string; token: string };
        const { body } = await postView(origin, videoId, v.token, v.cookie);
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

async function startPlayback(page: Page): Promise<void> {
  const video = page.locator("video");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
}

const pause = (page: Page) => page.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
const play = (page: Page) => page.locator("video").evaluate((v: HTMLVideoElement) => v.play());
/** Seeks to `seconds`: the client's position rule is met at once; the threshold still runs from the token. */
const seek = (page: Page, seconds: number) => page.locator("video").evaluate((v: HTMLVideoElement, s) => (v.currentTime = s), seconds);
const answerOf = (page: Page, path: string) => page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === "POST");

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

  // The page is the same for everyone: no token, no cookie. Left open without playing, it asks for nothing.
  const document = (await page.goto(`/video/${id}`)) as PageResponse;
  expect(await document.headerValue("set-cookie")).toBeNull();
  expect(await document.text()).not.toMatch(/play:[0-9a-f-]{36}/);
  await page.waitForTimeout(thresholdMs + 500);
  expect(calls).toEqual([]);

  // The first playback asks for the token, which starts this browser's view session.
  const tokenAnswer = answerOf(page, "/api/play-token");
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
  const counted = answerOf(page, "/api/views");
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
  const again = answerOf(page, "/api/play-token");
  await startPlayback(page);
  await pause(page);
  expect(await (await again).headerValue("set-cookie")).toBeNull(); // the session goes on
  await page.waitForTimeout(thresholdMs + 500);
  const duplicate = answerOf(page, "/api/views");
  await seek(page, past);
  await play(page);
  expect(await (await duplicate).json()).toEqual({ counted: false, reason: "duplicate" });
  expect(await counts(origin, id)).toEqual({ video: before.video + 1, category: before.category + 1, daily: before.daily + 1 });
});

test("in Chromium: another video reached by a link starts over with its own token", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/play-token")) calls.push(new URLSearchParams(r.postData() ?? "").get("videoId") ?? "");
  });
  await page.goto("/category/amateur");
  const first = (await page.locator("main article a").first().getAttribute("href")) as string;
  await page.goto(first);
  const firstToken = answerOf(page, "/api/play-token");
  await startPlayback(page);
  await firstToken;
  await pause(page);

  const next = page.getByRole("region", { name: "Related Videos" }).locator("article a").first();
  const second = (await next.getAttribute("href")) as string;
  const navigation = page.waitForRequest((r) => r.url().includes(".data"));
  await next.click();
  await navigation; // client-side: the same document
  await expect(page).toHaveURL(new RegExp(`${second}$`));
  const secondToken = answerOf(page, "/api/play-token");
  await startPlayback(page);
  await secondToken;
  expect(calls).toEqual([first.slice("/video/".length), second.slice("/video/".length)]);
});
