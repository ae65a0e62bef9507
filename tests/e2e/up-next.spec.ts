import type { BrowserContext, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { newVisitor, signedIn, uniqueEmail } from "../support/account-session";
import { currentTime, fullscreenPlayer, mostViewedDemoVideo, playToEnd } from "./player-steps";
import { expect, hydrated, test } from "./support";

// Up next and autoplay (issue 23 item 2): the end of a video offers the next one; with autoplay on a 5-second
// countdown plays it unless cancelled; the choice lives in a cookie and on the account; a first visit's first
// video never moves on by itself.

const player = (page: Page) => page.getByRole("region", { name: /^Video player: / });
const upNext = (page: Page) => page.getByTestId("up-next");

/** A video page whose related list is not empty, and the first related video's path (the top recommendation). */
async function openVideoWithNext(page: Page): Promise<{ path: string; next: string }> {
  const path = await mostViewedDemoVideo(page);
  await page.goto(path, { waitUntil: "load" });
  await hydrated(page); // the autoplay switch and the player answer clicks from here on
  const next = (await page.locator("section[aria-labelledby=related-heading] article a").first().getAttribute("href")) as string;
  expect(next).toMatch(/^\/video\/[0-9a-f-]{36}$/);
  expect(next).not.toBe(path);
  return { path, next };
}

async function autoplayCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "autoplay")?.value;
}

test("a first visit's first video only offers the next one; from then on the countdown plays it, and it starts by itself", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newVisitor(browser, baseURL);
  const { next } = await openVideoWithNext(page);
  await expect(player(page).getByRole("switch", { name: "Autoplay" })).toHaveAttribute("aria-checked", "true");
  expect(await autoplayCookie(context)).toBeUndefined();

  await playToEnd(page);
  await expect(upNext(page)).toBeVisible();
  await expect(upNext(page)).toContainText("Up next");
  await expect(upNext(page).getByRole("button", { name: "Cancel" })).toHaveCount(0);
  // No countdown: still here well after its five seconds would have run out.
  await page.waitForTimeout(6_500);
  expect(new URL(page.url()).pathname).not.toBe(next);
  // The first end gave this browser the default setting.
  expect(await autoplayCookie(context)).toBe("on");

  // Play now: the next video's page, playing at once.
  await upNext(page).getByRole("link", { name: "Play now" }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  await expect.poll(() => currentTime(page.locator("video")), { timeout: 20_000 }).toBeGreaterThan(0.2);

  // Its end counts down and moves on by itself to its own top recommendation, which plays.
  const afterNext = (await page.locator("section[aria-labelledby=related-heading] article a").first().getAttribute("href")) as string;
  await playToEnd(page);
  await expect(upNext(page)).toContainText(/Up next in [1-5]/);
  await expect(upNext(page).getByRole("status")).toHaveText(/Playing in 5 seconds\. Press Escape to cancel\./);
  await expect(page).toHaveURL(new RegExp(`${afterNext}$`), { timeout: 10_000 });
  await expect.poll(() => currentTime(page.locator("video")), { timeout: 20_000 }).toBeGreaterThan(0.2);
  await context.close();
});

test("the countdown is cancelled with Escape or Cancel, and the Autoplay switch turns it off for good (cookie)", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newVisitor(browser, baseURL);
  await context.addCookies([{ name: "autoplay", value: "on", url: baseURL as string }]);
  const { path } = await openVideoWithNext(page);

  await playToEnd(page);
  await expect(upNext(page)).toContainText(/Up next in \d/);
  await page.keyboard.press("Escape");
  await expect(upNext(page).getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await expect(upNext(page).getByRole("link", { name: "Play now" })).toBeFocused();
  await page.waitForTimeout(6_000);
  expect(new URL(page.url()).pathname).toBe(path);

  // Replay, end again: the countdown comes back; this time the mouse cancels it.
  await page.locator("video").evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
    return v.play();
  });
  await expect(upNext(page)).toHaveCount(0);
  await playToEnd(page);
  await upNext(page).getByRole("button", { name: "Cancel" }).click();
  await expect(upNext(page).getByRole("status")).toHaveText("Autoplay cancelled.");
  await expect(upNext(page).getByText(/^Up next/)).toHaveText("Up next");

  // Autoplay off from the keyboard: remembered in the cookie, the end offers without counting down.
  const toggle = player(page).getByRole("switch", { name: "Autoplay" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  expect(await autoplayCookie(context)).toBe("off");
  await page.reload({ waitUntil: "load" });
  await hydrated(page);
  await expect(player(page).getByRole("switch", { name: "Autoplay" })).toHaveAttribute("aria-checked", "false");
  await playToEnd(page);
  await expect(upNext(page).getByRole("link", { name: "Play now" })).toBeVisible();
  await expect(upNext(page).getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await context.close();
});

test("in fullscreen, autoplay moves on without leaving it, and the keyboard works in the next player", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL);
  await context.addCookies([{ name: "autoplay", value: "on", url: baseURL as string }]);
  const { next } = await openVideoWithNext(page);
  await page.getByRole("button", { name: "Fullscreen", exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);

  await playToEnd(page);
  await expect(upNext(page)).toContainText(/Up next in \d/);
  await expect(page).toHaveURL(new RegExp(`${next}$`), { timeout: 10_000 });
  await expect.poll(() => currentTime(page.locator("video")), { timeout: 20_000 }).toBeGreaterThan(0.2);
  // Still fullscreen, and what is shown there is the next video's player.
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  expect(await fullscreenPlayer(page)).toBe(`Video player: ${title}`);

  // K pauses it, its controls say it is fullscreen, F leaves.
  await page.keyboard.press("k");
  await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(player(page).getByRole("button", { name: "Exit fullscreen" })).toBeVisible();
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(player(page).getByRole("button", { name: "Fullscreen", exact: true })).toBeVisible();
  await context.close();
});

test("a signed-in user's choice is kept on the account and follows them to another browser; the settings page sets it without JavaScript", async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("autoplay");
  const first = await signedIn(browser, baseURL, email, "/");
  await openVideoWithNext(first.page);
  const toggle = player(first.page).getByRole("switch", { name: "Autoplay" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  const saved = first.page.waitForResponse((r) => r.url().endsWith("/api/autoplay") && r.request().method() === "POST");
  await toggle.click();
  expect((await saved).status()).toBe(200);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await first.context.close();

  // Another browser, no cookie of its own: the account's "off" applies, and the end does not count down.
  const second = await signedIn(browser, baseURL, email, "/");
  expect(await autoplayCookie(second.context)).toBeUndefined();
  await openVideoWithNext(second.page);
  await expect(player(second.page).getByRole("switch", { name: "Autoplay" })).toHaveAttribute("aria-checked", "false");
  await playToEnd(second.page);
  await expect(upNext(second.page).getByRole("link", { name: "Play now" })).toBeVisible();
  await expect(upNext(second.page).getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await second.context.close();

  // The settings page, without JavaScript: the box shows "off", ticking it saves "on".
  const third = await signedIn(browser, baseURL, email, "/settings");
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await third.context.storageState() });
  await third.context.close();
  const page = await noScript.newPage();
  await page.goto(`${baseURL}${paths.settings()}`);
  const box = page.getByRole("checkbox", { name: /Autoplay/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("region", { name: "Playback" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Autoplay setting saved.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Autoplay/ })).toBeChecked();
  await noScript.close();
});

test("the settings page shows autoplay as the player has it: off for a viewer who asks for less motion and never chose", async ({
  browser,
  baseURL,
}) => {
  const box = (page: Page) => page.getByRole("checkbox", { name: /Autoplay/ });
  // The default, on, for a viewer who asks for nothing.
  const usual = await signedIn(browser, baseURL, uniqueEmail("autoplay-usual"), paths.settings());
  await hydrated(usual.page);
  await expect(box(usual.page)).toBeChecked();
  await usual.context.close();

  // Less motion: off once the browser has read the preference (the server cannot know it), as the player shows it.
  const calm = await signedIn(browser, baseURL, uniqueEmail("autoplay-calm"), paths.settings(), { reducedMotion: "reduce" });
  await hydrated(calm.page);
  await expect(box(calm.page)).not.toBeChecked();
  // Their own choice applies from then on.
  await box(calm.page).check();
  await calm.page.getByRole("region", { name: "Playback" }).getByRole("button", { name: "Save" }).click();
  await expect(calm.page.getByText("Autoplay setting saved.")).toBeVisible();
  await calm.page.reload();
  await hydrated(calm.page);
  await expect(box(calm.page)).toBeChecked();
  await calm.context.close();
});

test("at phone width the up-next card fits the player above the control bar", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL, { viewport: { width: 375, height: 740 } });
  await context.addCookies([{ name: "autoplay", value: "on", url: baseURL as string }]);
  await openVideoWithNext(page);
  await playToEnd(page);
  const box = (await player(page).boundingBox())!;
  for (const control of [upNext(page).getByRole("link", { name: "Play now" }), upNext(page).getByRole("button", { name: "Cancel" })]) {
    const b = (await control.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    expect(b.y).toBeGreaterThanOrEqual(box.y);
    // Above the control bar (its Replay button's top).
    const replay = (await page.getByRole("button", { name: "Replay" }).boundingBox())!;
    expect(b.y + b.height).toBeLessThanOrEqual(replay.y);
  }
  await context.close();
});

test("for a viewer who asks for less motion, autoplay is off until they turn it on; then their choice applies", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newVisitor(browser, baseURL, { reducedMotion: "reduce" });
  await openVideoWithNext(page);
  const toggle = player(page).getByRole("switch", { name: "Autoplay" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await playToEnd(page);
  await expect(upNext(page).getByRole("link", { name: "Play now" })).toBeVisible();
  await expect(upNext(page).getByRole("button", { name: "Cancel" })).toHaveCount(0);
  // The end kept "off" as this browser's setting, so it stays off.
  expect(await autoplayCookie(context)).toBe("off");

  // Turned on by the viewer: the next end counts down, in words only (no moving bar).
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await playToEnd(page);
  await expect(upNext(page)).toContainText(/Up next in [1-5]/);
  await expect(upNext(page).locator(".up-next-progress")).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(upNext(page).getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await context.close();
});
