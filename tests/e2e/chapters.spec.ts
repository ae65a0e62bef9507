import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { newVisitor, signedInWithRole } from "../support/account-session";
import { expect, hydrated, jsonLd, test } from "./support";

/**
 * Chapters (issue 23 item 4): an admin sets them in the console with the keyboard (bad lists refused line by
 * line, nothing typed lost, with or without JavaScript); the video page shows them under the player, as marks
 * on the seek bar and as the current title in the controls; a chapter seeks and plays, `?t=` sets where the
 * first play starts, and the VideoObject JSON-LD carries them as key moments.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const SCREENSHOTS = path.join("test-results", "chapters");
let video: { id: string; duration: number };
/** Chapter starts inside the video, from its length (the shortest demo clip with media). */
let second: number;
let third: number;

const time = (v: Locator) => v.evaluate((el: HTMLVideoElement) => el.currentTime);

test.beforeAll(async ({ baseURL }) => {
  const res = await fetch(`${baseURL}/__test/shortest-video`);
  video = ((await res.json()) as { video: { id: string; duration: number } }).video;
  expect(video.duration).toBeGreaterThanOrEqual(10);
  second = Math.floor(video.duration / 3);
  third = Math.floor((2 * video.duration) / 3);
});

/** Replaces the field's text by typing, as a keyboard user does. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type(text);
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

test("an admin sets chapters with the keyboard; bad lists are refused line by line and nothing typed is lost", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "chapters-admin" });
  await page.goto(paths.admin.video(video.id));
  const field = page.getByLabel("Chapters (one a line)");
  await expect(page.getByRole("heading", { name: "Chapters" })).toBeVisible();

  // Checked in the browser with the server's rules: every problem, by line, in plain words.
  const bad = `0:05 Opening\nOpening again\n0:02 Back\n${mmss(video.duration)} Past the end`;
  await typeInto(page, field, bad);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save chapters" })).toBeFocused();
  await page.keyboard.press("Enter");
  const problems = page.getByRole("alert").filter({ hasText: "The chapters were not saved" });
  await expect(problems.getByRole("listitem")).toHaveText([
    "Line 1: the first chapter must start at 0:00 (search engines show chapters as key moments only then); this one starts at 0:05.",
    'Line 2: "Opening" is not a time. Start each line with m:ss, h:mm:ss or seconds, then the title, e.g. "1:30 Colour shift".',
    "Line 3: 0:02 is not after 0:05 (line 1): each chapter must start later than the one before.",
    `Line 4: ${mmss(video.duration)} is not inside the video, which ends at ${mmss(video.duration)}.`,
  ]);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue(bad);
  await page.screenshot({ path: path.join(SCREENSHOTS, "console-errors-1366.png"), fullPage: true });
  // On a phone the field and its problems stay inside the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const part of [field, problems]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await page.screenshot({ path: path.join(SCREENSHOTS, "console-errors-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Without JavaScript the server refuses the same list, lists the problems and sends the text back.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": "10.77.0.9" },
  });
  const plain = await noScript.newPage();
  await plain.goto(`${baseURL}${paths.admin.video(video.id)}`);
  await plain.getByLabel("Chapters (one a line)").fill("0:00 Opening\n0:00 Same time");
  const [answer] = await Promise.all([
    plain.waitForResponse((r) => r.request().method() === "POST"),
    plain.getByRole("button", { name: "Save chapters" }).click(),
  ]);
  expect(answer.status()).toBe(400);
  await expect(plain.getByRole("alert").getByRole("listitem")).toHaveText([
    "Line 2: 0:00 is not after 0:00 (line 1): each chapter must start later than the one before.",
  ]);
  await expect(plain.getByLabel("Chapters (one a line)")).toHaveValue("0:00 Opening\n0:00 Same time");
  await noScript.close();

  // A good list (a dash and seconds are fine) is saved and shown back as stored.
  await typeInto(page, field, `0:00 Opening\n${mmss(second)} - Colour shift\n${third} Finale`);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Chapters saved.")).toBeVisible();
  await expect(field).toHaveValue(`0:00 Opening\n${mmss(second)} Colour shift\n${mmss(third)} Finale`);
  await expect(page.getByRole("alert").filter({ hasText: "The chapters were not saved" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Chapters (one a line)")).toHaveValue(`0:00 Opening\n${mmss(second)} Colour shift\n${mmss(third)} Finale`);

  // Audited like every console edit.
  await page.goto("/admin/audit?action=video.chapters");
  const entry = page.locator('[data-audit-action="video.chapters"]').first();
  await expect(entry).toContainText(video.id);
  await expect(entry).toContainText("Colour shift");
  await context.close();
});

test("the video page lists the chapters, marks them on the seek bar, shows the current one; a chapter seeks and plays", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newVisitor(browser, baseURL);
  await page.goto(paths.video(video.id), { waitUntil: "load" });
  await hydrated(page);
  const v = page.locator("video");
  const list = page.getByRole("region", { name: "Chapters" }).getByRole("listitem").getByRole("link");
  await expect(list).toHaveText(["0:00 Opening", `${mmss(second)} Colour shift`, `${mmss(third)} Finale`]);
  // Links to the page at ?t= (they work, and copy, without JavaScript).
  await expect(list.nth(1)).toHaveAttribute("href", `/video/${video.id}?t=${second}`);
  await expect(list.nth(0)).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("chapter-mark")).toHaveCount(2);
  await expect(page.getByTestId("player-chapter")).toHaveText(/Opening$/);

  // The hover preview names the chapter under the pointer (the player's handlers are there once hydrated).
  await hydrated(page);
  const bar = page.getByRole("slider", { name: "Seek" });
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + box.width * ((second + 1) / video.duration), box.y + box.height / 2);
  await expect(page.getByTestId("seek-preview-chapter")).toHaveText("Colour shift");

  // A click on a chapter seeks there and plays; the list, the controls and the slider follow.
  await v.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
  });
  await list.nth(1).click();
  await expect.poll(() => time(v), { timeout: 20_000 }).toBeGreaterThanOrEqual(second);
  await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
  expect(await time(v)).toBeLessThan(third);
  await expect(list.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(list.nth(0)).not.toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("player-chapter")).toHaveText(/Colour shift$/);
  await expect(bar).toHaveAttribute("aria-valuetext", /, Colour shift$/);

  // Enter on a chapter does the same.
  await list.nth(2).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => time(v)).toBeGreaterThanOrEqual(third);
  await expect(list.nth(2)).toHaveAttribute("aria-current", "true");

  // Shift+← in the player: back to this chapter's start or, within its first seconds, the one before.
  await page.getByRole("region", { name: /^Video player: / }).focus();
  await page.keyboard.press("k");
  await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  await v.evaluate((el: HTMLVideoElement, at) => {
    el.currentTime = at;
  }, third + 0.5);
  await page.keyboard.press("Shift+ArrowLeft");
  await expect.poll(() => time(v)).toBeCloseTo(second, 0);
  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => time(v)).toBeCloseTo(third, 0);
  // The plain arrows keep their 5 s.
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => time(v)).toBeCloseTo(third - 5, 0);
  // On the focused seek slider too: Shift+→ to the next chapter, nothing after the last, Shift+← back.
  await bar.focus();
  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => time(v)).toBeCloseTo(third, 0);
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect.poll(() => time(v)).toBeCloseTo(second, 0);
  await page.screenshot({ path: path.join(SCREENSHOTS, "video-1366.png") });

  // JSON-LD: a Clip per chapter and how to seek (Google's key moments).
  const videoObject = (await jsonLd(page)).find((d) => d["@type"] === "VideoObject") as Record<string, unknown>;
  const pageUrl = `${baseURL}/video/${video.id}`;
  expect(videoObject.hasPart).toEqual([
    { "@type": "Clip", name: "Opening", startOffset: 0, endOffset: second, url: `${pageUrl}?t=0` },
    { "@type": "Clip", name: "Colour shift", startOffset: second, endOffset: third, url: `${pageUrl}?t=${second}` },
    { "@type": "Clip", name: "Finale", startOffset: third, endOffset: video.duration, url: `${pageUrl}?t=${third}` },
  ]);
  expect(videoObject.potentialAction).toEqual({
    "@type": "SeekToAction",
    target: `${pageUrl}?t={seek_to_second_number}`,
    "startOffset-input": "required name=seek_to_second_number",
  });
  await context.close();
});

test("?t= sets where the first play starts; the list fits a 375 px phone", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL, { viewport: { width: 375, height: 800 } });
  await page.goto(`/video/${video.id}?t=${third}`, { waitUntil: "load" });
  await hydrated(page);
  const v = page.locator("video");
  // Nothing plays by itself.
  expect(await v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  await v.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
  });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => time(v), { timeout: 20_000 }).toBeGreaterThanOrEqual(third);

  const region = page.getByRole("region", { name: "Chapters" });
  await region.scrollIntoViewIfNeeded();
  await expect(region.getByRole("link")).toHaveCount(3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const listBox = (await region.boundingBox())!;
  expect(listBox.x).toBeGreaterThanOrEqual(0);
  expect(listBox.x + listBox.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SCREENSHOTS, "video-375.png"), fullPage: true });
  await context.close();
});

test("chapter titles are text everywhere: escaped in the list and in the JSON-LD", async ({ browser, baseURL }) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "chapters-hostile" });
  const hostile = `</script><img src=x onerror=alert(1)> "Quotes" & more`;
  await page.goto(paths.admin.video(video.id));
  await hydrated(page);
  await page.getByLabel("Chapters (one a line)").fill(`0:00 ${hostile}\n${second} Finale`);
  await page.getByRole("button", { name: "Save chapters" }).click();
  await expect(page.getByText("Chapters saved.")).toBeVisible();

  const visitor = await newVisitor(browser, baseURL);
  await visitor.page.goto(paths.video(video.id));
  await expect(visitor.page.getByRole("region", { name: "Chapters" }).getByRole("link").first()).toHaveText(`0:00 ${hostile}`);
  await expect(visitor.page.locator("img[src=x]")).toHaveCount(0);
  const videoObject = (await jsonLd(visitor.page)).find((d) => d["@type"] === "VideoObject") as { hasPart: { name: string }[] };
  expect(videoObject.hasPart.map((c) => c.name)).toEqual([hostile, "Finale"]);
  const html = await (await fetch(`${baseURL}${paths.video(video.id)}`, { headers: { cookie: "ageVerified=true" } })).text();
  expect(html).not.toContain("<img src=x onerror=alert(1)>");

  // Clearing the list removes the chapters from the page (its cached copy dropped at once). "Chapters saved." still
  // shows from the first save until this one starts: the answer to this one is what is awaited.
  await page.getByLabel("Chapters (one a line)").fill("");
  const [cleared] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(paths.admin.video(video.id))),
    page.getByRole("button", { name: "Save chapters" }).click(),
  ]);
  expect(cleared.status()).toBe(200);
  await expect(page.getByText("Chapters saved.")).toBeVisible();
  await visitor.page.reload();
  await expect(visitor.page.getByRole("region", { name: "Chapters" })).toHaveCount(0);
  await expect(visitor.page.getByTestId("chapter-mark")).toHaveCount(0);
  await visitor.context.close();
  await context.close();
});
