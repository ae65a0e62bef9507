import type { Locator, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { expect } from "./support";

/**
 * The steps the player specs share: start playback the way a person does (the Play button; muted, since CI has
 * no audio device), show the auto-hidden controls, seek and wait for the frame, play to the end.
 */

export const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * The path of Amateur's most viewed video: a demo clip (seeded views in the thousands), never one another spec has
 * just uploaded (the newest, with no views, a few seconds long and one rendition).
 */
export async function mostViewedDemoVideo(page: Page): Promise<string> {
  await page.goto(paths.category("amateur", { order: { sort: "views", duration: null } }));
  return (await page.locator("main article a").first().getAttribute("href")) as string;
}

/** Muted, then the Play button unless it already plays (autoplay); resolves once the playhead has moved past `after` s. */
export async function playFromButton(page: Page, after = 0.2): Promise<void> {
  const video = page.locator("video");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => currentTime(video), { timeout: 20_000 }).toBeGreaterThan(after);
}

/** A pointer move over the player, which shows its controls while it plays. */
export async function revealControls(page: Page): Promise<void> {
  const box = (await page.getByRole("region", { name: /^Video player: / }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3);
}

/** Plays from the button, then pauses with the controls' Pause button (they are shown first). */
export async function playThenPause(page: Page): Promise<void> {
  await playFromButton(page);
  await revealControls(page);
  await page.getByRole("button", { name: "Pause" }).click();
}

/** Sets the playhead and waits until the frame there can be shown. */
export async function seekAndWait(page: Page, seconds: number): Promise<void> {
  await page.locator("video").evaluate((v: HTMLVideoElement, t) => {
    v.currentTime = t;
  }, seconds);
  await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => !v.seeking && v.readyState >= 2)).toBe(true);
}

/** Plays from the button, jumps to the last half second and waits for the end. */
export async function playToEnd(page: Page): Promise<void> {
  await playFromButton(page);
  const video = page.locator("video");
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 0.4;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 }).toBe(true);
}

/** The label of the player region inside the fullscreen element (the player's frame); null when nothing is fullscreen. */
export const fullscreenPlayer = (page: Page) =>
  page.evaluate(
    () => document.fullscreenElement?.querySelector("section[aria-label^='Video player: ']")?.getAttribute("aria-label") ?? null,
  );
