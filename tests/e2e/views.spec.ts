import type { Page } from "@playwright/test";
import { expect, test } from "./support";

/**
 * Honest views (DESIGN.md §4.2) against the built server: every request goes through the real HTTP stack
 * (workers, React Router, PostgreSQL), and every count is read back from the database through a test hook.
 */

const TOKEN = /play:[0-9a-f-]{36}:[0-9a-f-]{36}:\d+:\d+\.[\w-]{43}/;
const SESSION = /viewSession=([0-9a-f-]{36})/;
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

/** What a new browser session gets from the video page: its session cookie and a play token. */
async function visit(baseURL: string, videoId: string, cookie?: string): Promise<{ cookie: string; token: string }> {
  // The page's data request runs the same loader as the document, without rendering HTML.
  const res = await fetch(`${baseURL}/video/${videoId}.data`, { headers: cookie ? { cookie } : {} });
  const body = await res.text();
  const token = TOKEN.exec(body)?.[0];
  const session = SESSION.exec(res.headers.getSetCookie().join("\n"))?.[1];
  if (!token || (!session && !cookie)) throw new Error(`no play token or session from /video/${videoId}.data (${res.status})`);
  return { cookie: cookie ?? `viewSession=${session}`, token };
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

  // Each view is a browser session of its own: a page visit (cookie + token), then the view once the
  // threshold (1 s) has passed on the server's clock. The visits are made first so the views arrive at once.
  const visits: { cookie: string; token: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < TOTAL) {
        next += 1;
        visits.push(await visit(origin, videoId));
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
  const first = await visit(origin, videoId);
  expect((await postView(origin, videoId, first.token, first.cookie)).body).toMatchObject({ counted: false, reason: "too-early" });
  expect(await counts(origin, videoId)).toEqual({ video: 0, category: 0, daily: 0 });
  await sleep(1_100);
  expect((await postView(origin, videoId, first.token, first.cookie)).body).toEqual({ counted: true });

  // Replay: the same token and cookie again.
  expect((await postView(origin, videoId, first.token, first.cookie)).body).toEqual({ counted: false, reason: "duplicate" });
  // Reused session: a new visit in the same session, a new token, the wait respected.
  const again = await visit(origin, videoId, first.cookie);
  expect(again.token).not.toBe(first.token);
  await sleep(1_100);
  expect((await postView(origin, videoId, again.token, first.cookie)).body).toEqual({ counted: false, reason: "duplicate" });
  // The token in another session (a copied token): it names its own session.
  const other = await visit(origin, videoId);
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

/** Seeks to `seconds`: the client's rules are met at once, but the server counts time since the page was served. */
const seek = (page: Page, seconds: number) => page.locator("video").evaluate((v: HTMLVideoElement, s) => (v.currentTime = s), seconds);
const viewAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith("/api/views") && r.request().method() === "POST");

test("in Chromium: a view counts after the threshold, not before, and not twice in the same session", async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const { video } = (await (await fetch(`${origin}/__test/shortest-video`)).json()) as { video: { id: string; duration: number } | null };
  expect(video, "a demo video with media").not.toBeNull();
  const { id, duration } = video as { id: string; duration: number };
  const thresholdMs = Math.min(30, duration / 2) * 1000;
  const before = await counts(origin, id);

  const servedAt = Date.now();
  await page.goto(`/video/${id}`);
  await startPlayback(page);
  // Past the client's start at once: the request goes out and the server says it is too early.
  const early = viewAnswer(page);
  await seek(page, Math.min(25, duration / 2) + 0.5);
  expect(await (await early).json()).toMatchObject({ counted: false, reason: "too-early" });
  expect(await counts(origin, id)).toEqual(before);

  // Once the threshold has passed since the page was served, the next request (5 s later at the earliest) counts.
  await page.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
  await sleep(Math.max(0, servedAt + thresholdMs + 500 - Date.now()));
  const counted = viewAnswer(page);
  await page.locator("video").evaluate((v: HTMLVideoElement) => v.play());
  expect(await (await counted).json()).toEqual({ counted: true });
  expect(await counts(origin, id)).toEqual({ video: before.video + 1, category: before.category + 1, daily: before.daily + 1 });
  expect(await page.evaluate((key) => sessionStorage.getItem(key), VIEWED_KEY)).toContain(id);

  // Reload in the same session: the session list keeps the browser from asking again.
  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/views")) calls.push(r.url());
  });
  await page.reload();
  await startPlayback(page);
  await seek(page, Math.min(25, duration / 2) + 0.5);
  await sleep(6_000);
  expect(calls).toEqual([]);

  // Even with the list cleared, the server counts this browser session once.
  await page.evaluate((key) => sessionStorage.removeItem(key), VIEWED_KEY);
  const reloadedAt = Date.now();
  await page.reload();
  await startPlayback(page);
  await page.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
  await sleep(Math.max(0, reloadedAt + thresholdMs + 500 - Date.now()));
  const duplicate = viewAnswer(page);
  await seek(page, Math.min(25, duration / 2) + 0.5);
  await page.locator("video").evaluate((v: HTMLVideoElement) => v.play());
  expect(await (await duplicate).json()).toEqual({ counted: false, reason: "duplicate" });
  expect(await counts(origin, id)).toEqual({ video: before.video + 1, category: before.category + 1, daily: before.daily + 1 });
});
