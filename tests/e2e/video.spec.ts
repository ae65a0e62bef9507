import { paths } from "../../core/paths";
import { expect, expectNoShift, holdRequests, holdWholeSheet, hydrated, jsonLd, setFaults, startPlayback, test } from "./support";

test.afterEach(async ({ baseURL }) => setFaults(baseURL, []));

async function firstVideoPath(page: import("@playwright/test").Page): Promise<string> {
  await page.goto(paths.category("amateur"));
  const href = await page.locator("main article a").first().getAttribute("href");
  expect(href).toMatch(/^\/video\/[0-9a-f-]{36}$/);
  return href as string;
}

test("video page: details, AI badge, related videos, VideoObject metadata", async ({ page }) => {
  const path = await firstVideoPath(page);
  await page.goto(path);
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  expect(title?.length).toBeGreaterThan(2);
  await expect(page).toHaveTitle(`${title} | Pleazure`);
  await expect(page.getByText("AI-generated", { exact: true })).toBeVisible();
  await expect(page.locator("main")).toContainText(/views/);
  await expect(page.locator("main")).toContainText(/Duration \d+:\d\d/);
  await expect(page.locator("main time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  const related = page.getByRole("region", { name: "Related Videos" }).locator("article");
  await expect(related).toHaveCount(6);
  expect(await page.getByRole("region", { name: "Related Videos" }).locator(`a[href="${path}"]`).count()).toBe(0);

  const ld = await jsonLd(page);
  const video = ld.find((d) => d["@type"] === "VideoObject") as Record<string, unknown>;
  expect(video).toBeTruthy();
  expect(video.digitalSourceType).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia");
  expect(video.duration).toMatch(/^PT/);
  expect(String(video.contentUrl)).toMatch(/\/media\/.+\.m3u8$/);
  expect(String((video.thumbnailUrl as string[])[0])).toMatch(/^http/);
  expect(video.uploadDate).toMatch(/^\d{4}-/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "video.other");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/.+\.jpg$/);
});

test("the demo video actually plays in Chromium (hls.js)", async ({ page }) => {
  const path = await firstVideoPath(page);
  await page.goto(path);
  const video = page.locator("video");
  await expect(video).toBeVisible();
  await startPlayback(page, 1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoHeight)).toBeGreaterThan(0);
});

test("not-found videos: malformed and unknown ids answer 404 with the SPEC texts", async ({ page }) => {
  for (const path of ["/video/not-a-uuid", "/video/00000000-0000-4000-8000-000000000000", "/video/%27%20OR%201%3D1"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Video not found" })).toBeVisible();
    await expect(page.getByText("The requested video could not be found.")).toBeVisible();
  }
});

test("video failures: the page error and the related-videos error", async ({ page, baseURL }) => {
  const path = await firstVideoPath(page);
  await setFaults(baseURL, ["videos.related"]);
  await page.goto(path);
  await expect(page.getByText("Failed to load related videos.")).toBeVisible();
  await setFaults(baseURL, ["videos.detail"]);
  const res = await page.goto(path);
  expect(res?.status()).toBe(500);
  await expect(page.getByRole("heading", { name: "Error" })).toBeVisible();
  await expect(page.getByText("Failed to load video. Please try again later.")).toBeVisible();
});

test("a video alone in its category says 'No related videos found.'", async ({ page }) => {
  await page.goto("/category/lesbian");
  await page.locator("main article a").first().click();
  await expect(page.getByText("No related videos found.")).toBeVisible();
});

test("the player fetches nothing of the stream with the page, and a click on it plays", async ({ page }) => {
  const path = await firstVideoPath(page);
  const streamRequests: string[] = [];
  page.on("request", (r) => {
    if (/\.m3u8$|\.ts$|\/hls[^/]*\.js$/.test(new URL(r.url()).pathname)) streamRequests.push(r.url());
  });
  await page.goto(path, { waitUntil: "load" });
  await hydrated(page);
  const video = page.locator("video");
  // The poster is a <picture> over the video, preloaded from <head>: Chromium reads AVIF, so it takes that source.
  const poster = page.locator("video + picture img");
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\/poster-\d+w\.avif$/);
  await expect(page.locator('head link[rel="preload"][as="image"][type="image/avif"][fetchpriority="high"]')).toHaveAttribute(
    "imagesrcset",
    /poster-480w\.avif 480w, .*poster-1280w\.avif 1280w$/,
  );
  await page.waitForTimeout(500);
  expect(streamRequests).toEqual([]);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  // The poster lets clicks through to the video (the click lands on it), and goes once the first frame plays.
  await video.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await expect(poster).toHaveCount(0);
  expect(streamRequests.length).toBeGreaterThan(0);
});

test("keyboard: Enter on the focused Play button plays", async ({ page }) => {
  const path = await firstVideoPath(page);
  await page.goto(path, { waitUntil: "load" });
  await hydrated(page);
  const video = page.locator("video");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await page.getByRole("button", { name: "Play", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
});

test("the control bar comes with the whole stylesheet, over the picture, and moves nothing", async ({ page }) => {
  // Its markup and rules are not in the page's first document (one round trip, docs/benchmarks.md); the large Play
  // sign stands for it until then.
  const path = await firstVideoPath(page);
  const wholeSheet = await holdWholeSheet(page);
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId("player-controls")).toHaveCount(0);
  const player = page.getByRole("region", { name: /^Video player/ });
  await expect(player.locator("[aria-hidden=true] .rounded-full")).toBeVisible(); // the Play sign
  await wholeSheet.release();
  const controls = page.getByTestId("player-controls");
  await expect(controls).toBeVisible();
  await expect(controls).toHaveCSS("position", "absolute");
  await expect(controls.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await expectNoShift(page);
});

test("a tap or click made while the scripts are still held is acted on once they run", async ({ page }) => {
  const path = await firstVideoPath(page);
  // The scripts start after the page's first image, and then take their time on a slow line: held here.
  const visit = async () => {
    const scripts = await holdRequests(page, /\/assets\/.+\.js$/);
    await page.goto(path, { waitUntil: "domcontentloaded" });
    return scripts;
  };

  // Phone: the menu button, tapped before anything listens for it, opens its panel once something does.
  await page.setViewportSize({ width: 375, height: 800 });
  let scripts = await visit();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator("#mobile-menu")).toHaveCount(0);
  await scripts.release();
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#mobile-menu")).toBeVisible();

  // Desktop: a click on the picture (the control bar comes later, with the whole stylesheet) plays once the player
  // runs; one press, one start (not replayed twice).
  await page.setViewportSize({ width: 1366, height: 800 });
  scripts = await visit();
  const video = page.locator("video");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await video.click();
  await scripts.release();
  await hydrated(page);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});
