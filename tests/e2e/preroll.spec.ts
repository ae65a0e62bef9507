import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { renderHouseAdClip } from "../../server/media/house-ad";
import { type AppProcess, startApp } from "../support/app-process";
import { CREATIVE_SECONDS, SKIPPABLE_CREATIVE_SECONDS, startVastServer, type VastMode, type VastServer } from "../support/vast-server";
import { expect, hydrated, test } from "./support";

/**
 * The pre-roll (docs/product.md "Pre-roll") against its own server: the shared e2e server runs without one
 * (DEMO_PREROLL=off), while this one has the house clip on and AD_HOSTS naming a stand-in VAST ad server
 * on another loopback port, so the CSP allow-list is exercised for real.
 */

let app: AppProcess;
let ads: VastServer;
let workDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-preroll-"));
  const creative = path.join(workDir, "creative.mp4");
  await renderHouseAdClip(creative, { seconds: CREATIVE_SECONDS, label: "TEST CREATIVE" });
  const skippable = path.join(workDir, "skippable.mp4");
  await renderHouseAdClip(skippable, { seconds: SKIPPABLE_CREATIVE_SECONDS, label: "TEST CREATIVE" });
  ads = await startVastServer(creative, skippable);
  app = await startApp({
    DEMO_MEDIA: "full",
    // The media the shared e2e server generated: linked, not rendered again.
    DEMO_MEDIA_CACHE: process.env.DEMO_MEDIA_CACHE ?? path.join(os.tmpdir(), "pleazure-demo-media-cache"),
    DEMO_PREROLL: "house",
    AD_HOSTS: ads.origin,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await ads?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

async function configure(settings: Record<string, unknown>): Promise<Response> {
  return fetch(`${app.origin}/__test/preroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
}

async function useVast(mode: VastMode): Promise<void> {
  ads.reset(mode);
  const res = await configure({ active: true, source: "vast", vastTagUrl: ads.tagUrl, durationSeconds: 15 });
  expect(res.status).toBe(200);
}

/** The Skip button's labels as the page showed them, each with the ad's time and progress then. */
interface SkipLabel {
  label: string;
  disabled: boolean;
  adTime: number;
  progress: number;
}

/** When the visitor first clicked and when the ad's video got its source, on the page's clock (ms). */
interface AdStart {
  clickedAt?: number;
  sourceAt?: number;
}

/**
 * Notes every label the Skip button shows and when the ad started, on the page's own time: a loaded machine's
 * test can look a few seconds late, and the rules are about what the page did, not about when the test looked.
 */
function recordAdTimeline(): void {
  const labels: SkipLabel[] = [];
  const start: AdStart = {};
  Object.assign(window, { skipLabels: labels, adStart: start });
  document.addEventListener("click", () => (start.clickedAt ??= performance.now()), true);
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="preroll-video"][src]')) start.sourceAt ??= performance.now();
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Skip"));
    const label = button?.textContent ?? "";
    if (!button || labels.at(-1)?.label === label) return;
    const ad = document.querySelector<HTMLVideoElement>('[data-testid="preroll-video"]');
    const progress = document.querySelector('[role="progressbar"][aria-label="Ad progress"]')?.getAttribute("aria-valuenow");
    labels.push({
      label,
      disabled: button.getAttribute("aria-disabled") === "true",
      adTime: ad?.currentTime ?? -1,
      progress: Number(progress),
    });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const skipLabels = (page: Page) => page.evaluate(() => (window as unknown as { skipLabels: SkipLabel[] }).skipLabels);
const adStart = (page: Page) => page.evaluate(() => (window as unknown as { adStart: Required<AdStart> }).adStart);
const firstSkipLabel = async (page: Page) => (await skipLabels(page))[0]?.label;

async function openVideo(page: Page): Promise<void> {
  await page.context().addCookies([{ name: "ageVerified", value: "true", url: app.origin }]);
  await page.addInitScript(recordAdTimeline);
  await page.goto(`${app.origin}${paths.category("amateur")}`);
  const href = await page.locator("main article a").first().getAttribute("href");
  await page.goto(`${app.origin}${href}`, { waitUntil: "load" });
  await hydrated(page);
}

/** The URLs of the dynamically imported VAST client's chunk that the page requests. */
function watchVastChunk(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/vast-[^/]*\.js$/.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

const mainVideo = (page: Page) => page.locator("video:not([data-testid=preroll-video])");
const adVideo = (page: Page) => page.getByTestId("preroll-video");
const skipButton = (page: Page) => page.getByRole("button", { name: /^Skip/ });

async function expectMainVideoPlays(page: Page): Promise<void> {
  await expect(adVideo(page)).toHaveCount(0);
  await expect.poll(() => mainVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // The player's own controls are back (app/components/player/Controls.tsx).
  await expect(page.getByTestId("player-controls")).toHaveCount(1);
}

test("house clip: 'Skip in {n}s' counts down from 5, then 'Skip Ad' skips to the video, which plays without a second click", async ({
  page,
}) => {
  expect((await configure({ active: true, source: "house", durationSeconds: 15 })).status).toBe(200);
  const vastChunks = watchVastChunk(page);
  await openVideo(page);
  // Nothing of the ad loads with the page.
  await expect(adVideo(page)).toHaveCount(0);
  await mainVideo(page).click();

  const ad = page.getByRole("region", { name: "Advertisement" });
  await expect(ad).toBeVisible();
  await expect(ad.getByText("Ad", { exact: true })).toBeVisible();
  await expect(adVideo(page)).toHaveAttribute("src", "/media/house-ad/house-ad.mp4");
  // The main video waits, paused, its controls hidden.
  expect(await mainVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(page.getByTestId("player-controls")).toHaveCount(0);

  const skip = skipButton(page);
  // A click while counting down does nothing: the page clicks the moment the button shows, while it counts.
  await page.waitForFunction(() => {
    const counting = [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Skip in"));
    counting?.click();
    return counting !== undefined;
  });
  await expect(skip).toBeFocused(); // keyboard users land on the ad's main control
  await expect(skip).toHaveText("Skip Ad", { timeout: 10_000 });
  await expect(adVideo(page)).toHaveCount(1);
  await expect(skip).toBeEnabled();
  // Counted down from 5, second by second (a label missed only if the page itself was too busy to draw it).
  const labels = await skipLabels(page);
  const countdown = ["Skip in 5s", "Skip in 4s", "Skip in 3s", "Skip in 2s", "Skip in 1s", "Skip Ad"];
  expect(labels.map((l) => l.label)).toEqual(countdown.filter((label) => labels.some((l) => l.label === label)));
  expect(labels[0]?.label).toBe("Skip in 5s");
  expect(labels.slice(0, -1).every((l) => l.disabled)).toBe(true);
  const skippable = labels.at(-1) as SkipLabel;
  expect(skippable.adTime).toBeGreaterThanOrEqual(5);
  expect(skippable.adTime).toBeLessThan(7);
  expect(skippable.progress).toBeGreaterThanOrEqual(30); // 5 of 15 s
  expect(skippable.progress).toBeLessThan(50);
  const learnMore = ad.getByRole("link", { name: /Learn more/ });
  await expect(learnMore).toHaveAttribute("href", "/");
  await expect(learnMore).toHaveAttribute("target", "_blank");

  await page.keyboard.press("Enter"); // the focused Skip Ad
  await expectMainVideoPlays(page);
  expect(vastChunks).toEqual([]); // the VAST client loads only for a VAST pre-roll
  // Focus left the ad's Skip button for the player's Play/Pause button (keyboard users keep their place).
  await expect(page.getByRole("button", { name: "Pause" })).toBeFocused();
  // Only the first play gets the pre-roll.
  await mainVideo(page).evaluate((v: HTMLVideoElement) => v.pause());
  await mainVideo(page).evaluate((v: HTMLVideoElement) => v.play());
  await expect(adVideo(page)).toHaveCount(0);
});

test("the configured duration caps the pre-roll: it ends at 100 % and the video starts", async ({ page }) => {
  expect((await configure({ active: true, source: "house", durationSeconds: 3 })).status).toBe(200);
  await openVideo(page);
  await mainVideo(page).click();
  await expect(adVideo(page)).toHaveCount(1);
  const progressbar = page.getByRole("progressbar", { name: "Ad progress" });
  await expect.poll(async () => Number(await progressbar.getAttribute("aria-valuenow")), { timeout: 6_000 }).toBeGreaterThan(50);
  await expectMainVideoPlays(page);
});

test("switched off: no pre-roll, the video plays at once", async ({ page }) => {
  expect((await configure({ active: false, source: "house", durationSeconds: 15 })).status).toBe(200);
  await openVideo(page);
  await mainVideo(page).click();
  await expectMainVideoPlays(page);
});

test("the CSP opens exactly the configured ad host, for requests, media and pixels", async () => {
  const res = await fetch(`${app.origin}${paths.home()}`);
  const csp = res.headers.get("content-security-policy") ?? "";
  const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
  for (const name of ["connect-src", "media-src", "img-src"]) expect(directive(name)).toContain(ads.origin);
  for (const name of ["script-src", "default-src", "frame-ancestors", "form-action", "style-src"])
    expect(directive(name)).not.toContain(ads.origin);
});

test("a VAST tag off the ad hosts is refused when configured, with the reason", async () => {
  const res = await configure({ active: true, source: "vast", vastTagUrl: "https://ads.elsewhere.example/vast", durationSeconds: 15 });
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; field: string };
  expect(body.field).toBe("vastTagUrl");
  expect(body.error).toContain("AD_HOSTS");
  const hostile: Record<string, unknown>[] = [
    { source: "vast" },
    { source: "vast", vastTagUrl: "javascript:alert(1)" },
    { source: "vast", vastTagUrl: `${ads.origin}/${"a".repeat(5_000)}` },
    { source: "vast", vastTagUrl: ["https://ads.example.com/"] },
    { source: "house", durationSeconds: 0 },
    { source: "house", durationSeconds: "15" },
    { source: "house", durationSeconds: 1e20 },
    { source: "<script>alert(1)</script>" },
    { active: "yes" },
  ];
  for (const bad of hostile) {
    const refused = await configure({ active: true, source: "house", durationSeconds: 15, ...bad });
    expect(refused.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    expect(await refused.text()).not.toContain("<script>");
  }
});

test("VAST: Wrapper → Inline played to the end, with impression, start, quartiles and complete pinged", async ({ page }) => {
  await useVast("ok");
  const vastChunks = watchVastChunk(page);
  await openVideo(page);
  expect(vastChunks).toEqual([]); // not with the page: only once the visitor plays
  await mainVideo(page).click();
  await expect(adVideo(page)).toHaveAttribute("src", `${ads.origin}/creative.mp4`); // the playable MP4, not the 1080p unplayable one
  await expect.poll(() => firstSkipLabel(page)).toBe("Skip in 5s");
  await expectMainVideoPlays(page); // the 6 s creative ends by itself
  await expect
    .poll(() => ads.events().sort(), { timeout: 5_000 })
    .toEqual(
      expect.arrayContaining([
        "complete",
        "firstQuartile",
        "impression",
        "midpoint",
        "start",
        "thirdQuartile",
        "wrapper-impression",
        "wrapper-start",
      ]),
    );
  const events = ads.events();
  for (const once of ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]) {
    expect(
      events.filter((e) => e === once),
      once,
    ).toHaveLength(1);
  }
  for (const never of ["skip", "pause", "resume", "mute"]) expect(events).not.toContain(never);
  expect(vastChunks).toHaveLength(1);
  expect(events.some((e) => e.includes("error"))).toBe(false);
  const order = ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"].map((e) => events.indexOf(e));
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

test("VAST: skipoffset honoured, click-through opens the advertiser in a new tab, skip pinged", async ({ page }) => {
  await useVast("skippable");
  await openVideo(page);
  await mainVideo(page).click();
  const skip = skipButton(page);
  await expect.poll(() => firstSkipLabel(page)).toBe("Skip in 2s"); // the creative's skipoffset, not the default 5
  await expect(skip).toHaveText("Skip Ad", { timeout: 4_000 });
  const mute = page.getByRole("button", { name: "Mute ad" });
  await mute.click();
  await expect(page.getByRole("button", { name: "Unmute ad" })).toHaveAttribute("aria-pressed", "true");
  expect(await adVideo(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect.poll(() => ads.events()).toContain("mute");

  const [landing] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: /Learn more/ }).click()]);
  await expect(landing).toHaveURL(`${ads.origin}/landing`);
  await landing.close();
  await expect.poll(() => ads.events()).toContain("clickthrough");

  await skip.click();
  await expectMainVideoPlays(page);
  await expect.poll(() => ads.events()).toContain("skip");
  expect(ads.events()).not.toContain("complete");
  expect(ads.events()).toEqual(expect.arrayContaining(["impression", "start"]));
});

for (const { mode, errorCode, why } of [
  { mode: "empty" as const, errorCode: "303", why: "an empty response (no ad)" },
  { mode: "broken-wrapper" as const, errorCode: /^\d{3}$/, why: "a wrapper whose inline fails" },
  { mode: "no-playable-media" as const, errorCode: "403", why: "no media file the browser can play" },
  { mode: "broken-media" as const, errorCode: "405", why: "a media file that fails to load" },
  { mode: "failing" as const, errorCode: null, why: "an HTTP 500 on the tag" },
  { mode: "slow" as const, errorCode: null, why: "a tag slower than 4 s" },
]) {
  test(`VAST fallback: ${why} → the house clip plays instead${errorCode ? `, error ${errorCode} pinged` : ""}`, async ({ page }) => {
    await useVast(mode);
    await openVideo(page);
    await mainVideo(page).click();
    await expect(adVideo(page)).toHaveAttribute("src", "/media/house-ad/house-ad.mp4", { timeout: 10_000 });
    const { clickedAt, sourceAt } = await adStart(page);
    expect(sourceAt - clickedAt).toBeLessThan(5_500); // the 4 s time-out, never a stuck player
    if (errorCode) {
      await expect.poll(() => ads.pings.find((p) => p.event.endsWith("error"))?.query.code, { timeout: 5_000 }).toMatch(errorCode);
    }
    expect(ads.events()).not.toContain("impression");
    expect(ads.mediaRequests).toBe(0);
    await expect(skipButton(page)).toHaveText("Skip Ad", { timeout: 8_000 });
    await skipButton(page).click();
    await expectMainVideoPlays(page);
  });
}
