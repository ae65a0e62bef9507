import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { newVisitor, signedIn, signedInWithRole, uniqueEmail } from "../support/account-session";
import { playThenPause, revealControls, seekAndWait } from "./player-steps";
import { expect, holdRequests, hydrated, test } from "./support";

/**
 * Captions (issue 23 item 5, docs/decisions/0033-captions.md): an admin uploads WebVTT files on the video
 * editor (a bad one is refused with its line, the form keeping its values), the canonical file is served
 * with the media, and the player lists the language, shows the cue over the picture at its time, toggles
 * with C and remembers the choice on the next video; at phone width too. The viewer styles them (issue 36 item 4):
 * size, font, colours, the box's opacity and the edge, from the captions menu and the account's settings.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const SCREENSHOTS = path.join("test-results", "captions");
const GOOD = [
  "WEBVTT - corpus",
  "",
  "STYLE",
  "::cue { color: red }",
  "",
  "1",
  "00:00:00.000 --> 00:00:02.500 line:0",
  "First caption line",
  "",
  "00:00:03.000 --> 00:00:06.000",
  "Second <b>caption</b> line<script>alert(1)</script>",
  "and its second row",
  "",
].join("\r\n");
const vttFile = (name: string, text: string | Buffer) => ({
  name,
  mimeType: "text/vtt",
  buffer: typeof text === "string" ? Buffer.from(text) : text,
});

let videos: string[] = [];
let captionUrl = "";

/** Two public demo videos with media, away from the first pages other specs pick from. */
async function pickVideos(page: Page): Promise<string[]> {
  await page.goto("/admin/videos?visibility=public&page=4");
  const hrefs = await page.locator('main a[href^="/admin/videos/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const ids = [...new Set(hrefs.map((h) => /^\/admin\/videos\/([0-9a-f-]{36})$/.exec(h)?.[1]).filter((id): id is string => Boolean(id)))];
  expect(ids.length).toBeGreaterThanOrEqual(2);
  return ids.slice(0, 2);
}

async function upload(section: Locator, language: string, file: ReturnType<typeof vttFile>) {
  await section.getByLabel("Language").selectOption(language);
  await section.getByLabel("WebVTT file").setInputFiles(file);
  await section.getByRole("button", { name: "Upload captions" }).click();
}

test("an admin uploads captions; bad files are refused with a clear message and the form keeps its values", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "captions-admin" });
  videos = await pickVideos(page);
  const [first, second] = videos as [string, string];

  await page.goto(paths.admin.video(first));
  const section = page.getByTestId("video-captions");
  await expect(section.getByRole("heading", { name: "Captions" })).toBeVisible();

  // A cue that ends before it starts: refused with its line; the language and file stay chosen.
  await upload(section, "fr", vttFile("backwards.vtt", "WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nbackwards\n"));
  await expect(section.getByRole("alert")).toHaveText(
    "The file was refused. Line 3: the cue ends (00:00:01.000) before or when it starts (00:00:05.000).",
  );
  await expect(section.getByLabel("Language")).toHaveValue("fr");
  await expect(section.getByLabel("WebVTT file")).toHaveValue(/backwards\.vtt$/);
  // Not UTF-8, not WebVTT at all (an SRT file), and too large.
  await upload(
    section,
    "fr",
    vttFile("latin1.vtt", Buffer.from([...Buffer.from("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\ncaf"), 0xe9, 0x0a])),
  );
  await expect(section.getByRole("alert")).toHaveText(
    "The file was refused. The file is not UTF-8 text. Save it as UTF-8 and upload it again.",
  );
  await upload(section, "fr", vttFile("film.srt", "1\n00:00:01,000 --> 00:00:02,000\nHello\n"));
  await expect(section.getByRole("alert")).toHaveText('The file was refused. Line 1: a WebVTT file starts with the word "WEBVTT".');
  await upload(section, "fr", vttFile("huge.vtt", `WEBVTT\n\n${"x".repeat(300 * 1024)}`));
  await expect(section.getByRole("alert")).toHaveText("The file was refused. The file is larger than 256 KB.");
  await expect(section.getByRole("listitem").filter({ hasText: "(fr)" })).toHaveCount(0);

  await upload(section, "en", vttFile("captions.vtt", GOOD));
  await expect(section.getByText("Captions saved.")).toBeVisible();
  await expect(section.getByRole("alert")).toHaveCount(0);
  await expect(section.getByRole("listitem")).toHaveCount(1);
  await expect(section.getByRole("listitem")).toContainText("English (en)");
  await expect(section.getByRole("listitem")).toContainText("2 cues");
  captionUrl = (await section.getByRole("link", { name: /^View file/ }).getAttribute("href")) ?? "";
  expect(captionUrl).toMatch(new RegExp(`^/media/captions/${first}/en-[0-9a-f]{16}\\.vtt$`));
  // The audit log has it.
  await page.goto("/admin/audit?action=video.captions");
  await expect(page.locator("main")).toContainText(first);

  await page.goto(paths.admin.video(second));
  await upload(page.getByTestId("video-captions"), "en", vttFile("captions.vtt", GOOD));
  await expect(page.getByTestId("video-captions").getByText("Captions saved.")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByTestId("video-captions").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, "console-375.png"), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling at 375 px").toBe(0);
  await context.close();
});

test("the canonical file is served with the media: cleaned, immutable, as text/vtt", async ({ request }) => {
  const res = await request.get(captionUrl);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/vtt; charset=utf-8");
  expect(res.headers()["cache-control"]).toContain("immutable");
  expect(await res.text()).toBe(
    "WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nFirst caption line\n\n00:00:03.000 --> 00:00:06.000\nSecond <b>caption</b> linealert(1)\nand its second row\n",
  );
});

const player = (page: Page) => page.getByRole("region", { name: /^Video player: / });
const captionsShown = (page: Page) => page.getByTestId("player-captions");

test("the player lists the language, shows the cue at its time over the video, toggles with C and remembers the choice", async ({
  page,
}) => {
  const [first, second] = videos as [string, string];
  await page.goto(paths.video(first), { waitUntil: "load" });
  await hydrated(page);
  await playThenPause(page);

  // Off by default; the menu lists Off and the language.
  const cc = page.getByRole("button", { name: "Captions", exact: true });
  await expect(cc).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Captions: Off" }).click();
  await expect(page.getByRole("menuitemradio")).toHaveText(["Off", "English"]);
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(cc).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Captions: English" })).toBeVisible();

  await seekAndWait(page, 1);
  await expect(captionsShown(page)).toHaveText("First caption line");
  await seekAndWait(page, 4);
  await expect(captionsShown(page)).toHaveText("Second caption linealert(1)\nand its second row");
  await expect(captionsShown(page).locator("b")).toHaveText("caption");
  await expect(captionsShown(page).locator("script")).toHaveCount(0);
  await expect(captionsShown(page)).toHaveAttribute("lang", "en");
  // Over the picture, above the control bar while it shows.
  const box = (await captionsShown(page).boundingBox())!;
  const bar = (await page.getByTestId("player-controls").getByRole("slider").first().boundingBox())!;
  const frame = (await player(page).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  expect(box.y).toBeGreaterThan(frame.y);
  const style = await captionsShown(page)
    .locator("span")
    .first()
    .evaluate((s) => [getComputedStyle(s).color, getComputedStyle(s).backgroundColor]);
  expect(style[0]).toBe("rgb(255, 255, 255)");
  expect(style[1]).toBe("rgba(0, 0, 0, 0.75)"); // the default caption style (core/caption-style.ts)
  await player(page).screenshot({ path: path.join(SCREENSHOTS, "player-1366.png") });

  // C turns them off and on again (focus on the page, as the shortcuts take it).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("c");
  await expect(captionsShown(page)).toHaveCount(0);
  await expect(cc).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("c");
  await expect(captionsShown(page)).toHaveText(/^Second caption line/);

  // Fullscreen keeps them over the picture.
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect(captionsShown(page)).toBeVisible();
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

  // Theatre mode too.
  await revealControls(page);
  await page.getByRole("button", { name: "Theater mode" }).click();
  await expect(page.getByRole("button", { name: "Default view" })).toBeVisible();
  await expect(captionsShown(page)).toBeVisible();
  const wide = (await player(page).boundingBox())!;
  const inTheatre = (await captionsShown(page).boundingBox())!;
  expect(inTheatre.y + inTheatre.height).toBeLessThanOrEqual(wide.y + wide.height);
  await page.getByRole("button", { name: "Default view" }).click();

  // The next video starts with English on.
  await page.goto(paths.video(second), { waitUntil: "load" });
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Captions", exact: true })).toHaveAttribute("aria-pressed", "true");
  await playThenPause(page);
  await seekAndWait(page, 1);
  await expect(captionsShown(page)).toHaveText("First caption line");
});

test("at 375 px the Captions menu fits the control bar and shows the captions", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL, { viewport: { width: 375, height: 800 } });
  await page.goto(paths.video(videos[0] as string), { waitUntil: "load" });
  await hydrated(page);
  await playThenPause(page);
  // The one captions control below 1280 px: the menu, with its short label.
  await expect(page.getByRole("button", { name: "Captions", exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Captions: Off" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  // What it shows is in what it is called (label in name): "EN" is said too.
  await expect(page.getByRole("button", { name: "Captions: English" })).toContainText("EN");
  await expect(page.getByRole("button", { name: "Captions: English" })).toHaveAccessibleName("Captions: English (EN)");
  await seekAndWait(page, 1);
  await expect(captionsShown(page)).toHaveText("First caption line");
  // Every control inside the player's frame.
  const frame = (await player(page).boundingBox())!;
  for (const button of await page.getByTestId("player-controls").getByRole("button").all()) {
    const b = await button.boundingBox();
    if (b && b.width > 0) expect(b.x + b.width, (await button.getAttribute("aria-label")) ?? "").toBeLessThanOrEqual(frame.x + frame.width);
  }
  await player(page).screenshot({ path: path.join(SCREENSHOTS, "player-375.png") });
  await context.close();
});

test("with several languages the Captions menu is there at laptop width too (short label), and lists them all", async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "captions-admin-2" });
  const second = videos[1] as string;
  await admin.page.goto(paths.admin.video(second));
  await upload(
    admin.page.getByTestId("video-captions"),
    "de",
    vttFile("untertitel.vtt", GOOD.replace("First caption line", "Erste Zeile")),
  );
  await expect(admin.page.getByTestId("video-captions").getByText("Captions saved.")).toBeVisible();

  const { context, page } = await newVisitor(browser, baseURL, { viewport: { width: 1024, height: 768 } });
  await page.goto(paths.video(second), { waitUntil: "load" });
  await hydrated(page);
  await playThenPause(page);
  // The CC toggle gives way to the menu: its short label on the bar, its whole name for screen readers.
  await expect(page.getByRole("button", { name: "Captions", exact: true })).toBeHidden();
  const menu = page.getByRole("button", { name: "Captions: Off" });
  await expect(menu).toHaveText(/Off/);
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio")).toHaveText(["Off", "Deutsch", "English"]);
  await page.keyboard.press("ArrowDown"); // from the checked "Off"
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Captions: Deutsch" })).toContainText("DE");
  await expect(page.getByRole("button", { name: "Captions: Deutsch" })).toHaveAccessibleName("Captions: Deutsch (DE)");
  await seekAndWait(page, 1);
  await expect(captionsShown(page)).toHaveText("Erste Zeile");
  await expect(captionsShown(page)).toHaveAttribute("lang", "de");
  const frame = (await player(page).boundingBox())!;
  for (const button of await page.getByTestId("player-controls").getByRole("button").all()) {
    const b = await button.boundingBox();
    if (b && b.width > 0) expect(b.x + b.width, (await button.getAttribute("aria-label")) ?? "").toBeLessThanOrEqual(frame.x + frame.width);
  }
  await context.close();

  // The second language goes again: the other tests expect one.
  await admin.page
    .getByTestId("video-captions")
    .getByRole("listitem")
    .filter({ hasText: "(de)" })
    .getByRole("button", { name: /Remove/ })
    .click();
  await expect(admin.page.getByTestId("video-captions").getByRole("listitem")).toHaveCount(1);
  await admin.context.close();
});

test("visitors cannot reach the captions action", async ({ request }) => {
  const res = await request.post(paths.admin.videoCaptions(videos[0] as string), {
    multipart: { intent: "remove", language: "en" },
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  expect(res.status()).toBe(404);
  expect((await request.get(captionUrl)).status()).toBe(200);
});

/** The first caption's text box as drawn: colour, box, font, size and edge. */
const drawnStyle = (page: Page) =>
  captionsShown(page)
    .locator("span")
    .first()
    .evaluate((s) => {
      const c = getComputedStyle(s);
      return { color: c.color, background: c.backgroundColor, font: c.fontFamily, size: Number.parseFloat(c.fontSize), edge: c.textShadow };
    });

test("a visitor styles the captions from the captions menu: shown at once and in the preview, kept in this browser, reset, in fullscreen too", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newVisitor(browser, baseURL, { viewport: { width: 1366, height: 900 } });
  await page.goto(paths.video(videos[0] as string), { waitUntil: "load" });
  await hydrated(page);
  await playThenPause(page);
  await page.getByRole("button", { name: "Captions: Off" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await seekAndWait(page, 1);
  const before = await drawnStyle(page);

  // The command at the end of the menu, reached by keyboard.
  const menuButton = page.getByRole("button", { name: "Captions: English" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Caption style" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Caption style" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Text size")).toBeFocused(); // the dialog's first control
  await dialog.getByLabel("Text size").selectOption({ label: "200%" });
  await dialog.getByLabel("Text color").selectOption({ label: "Yellow" });
  await dialog.getByLabel("Background opacity").selectOption({ label: "0%" });
  await dialog.getByLabel("Character edge").selectOption({ label: "Outline" });
  await dialog.getByLabel("Font").selectOption({ label: "Monospaced serif" });

  // The captions behind the dialog follow at once, and so does the preview.
  const after = await drawnStyle(page);
  expect(after.color).toBe("rgb(255, 255, 0)");
  expect(after.background).toBe("rgba(0, 0, 0, 0)");
  expect(after.font).toContain("Courier New");
  expect(after.edge).not.toBe("none");
  expect(after.size / before.size).toBeCloseTo(2, 1);
  const preview = dialog.getByTestId("caption-preview").locator("span");
  await expect(preview).toHaveCSS("color", "rgb(255, 255, 0)");
  await dialog.screenshot({ path: path.join(SCREENSHOTS, "caption-style-1366.png") });

  // A visitor's style stays in this browser only: nothing is said about an account.
  await expect(dialog.getByRole("status")).toHaveText("");
  // Escape closes it, and focus goes back to the captions button; player keys work again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Kept for the next page.
  await page.goto(paths.video(videos[1] as string), { waitUntil: "load" });
  await hydrated(page);
  await playThenPause(page);
  await seekAndWait(page, 1);
  await expect.poll(async () => (await drawnStyle(page)).color).toBe("rgb(255, 255, 0)");

  // Reset puts the default back.
  await page.getByRole("button", { name: "Captions: English" }).click();
  await page.getByRole("menuitem", { name: "Caption style" }).click();
  await page.getByRole("dialog", { name: "Caption style" }).getByRole("button", { name: "Reset to default" }).click();
  await expect(page.getByRole("dialog", { name: "Caption style" }).getByRole("button", { name: "Reset to default" })).toBeDisabled();
  expect(await drawnStyle(page)).toMatchObject({ color: "rgb(255, 255, 255)", background: "rgba(0, 0, 0, 0.75)", edge: "none" });
  // Player keys work from the moment the dialog closes: a <dialog> reports its closing a task later, and a key in
  // between was lost. "m" pressed in the very task of the click on "Done" mutes or unmutes.
  const video = page.locator("video");
  const mutedBefore = await video.evaluate((v: HTMLVideoElement) => v.muted);
  await page.evaluate(() => {
    const done = [...document.querySelectorAll("dialog[open] button")].find((b) => b.textContent === "Done") as HTMLButtonElement;
    done.click();
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "m", bubbles: true }));
  });
  await expect(page.getByRole("dialog", { name: "Caption style" })).toBeHidden();
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(!mutedBefore);

  // In fullscreen the dialog shows above the player, and closing it leaves fullscreen as it was.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await revealControls(page);
  await page.getByRole("button", { name: "Captions: English" }).click();
  await page.getByRole("menuitem", { name: "Caption style" }).click();
  const inFullscreen = page.getByRole("dialog", { name: "Caption style" });
  await expect(inFullscreen).toBeVisible();
  await expect(inFullscreen.getByLabel("Text size")).toBeFocused();
  await inFullscreen.getByRole("button", { name: "Done" }).click();
  await expect(inFullscreen).toBeHidden();
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await context.close();
});

test("a signed-in user's caption style is kept on the account: set in the settings without JavaScript, changed in the player, applied on another browser", async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("caption-style");
  // The settings page, without JavaScript: a plain form post.
  const first = await signedIn(browser, baseURL, email, paths.settings());
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await first.context.storageState() });
  await first.context.close();
  const settings = await noScript.newPage();
  await settings.goto(`${baseURL}${paths.settings()}`);
  const section = settings.getByRole("region", { name: "Caption style" });
  await section.getByLabel("Font").selectOption({ label: "Serif" });
  await section.getByLabel("Background color").selectOption({ label: "Blue" });
  await section.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByRole("region", { name: "Caption style" }).getByRole("status")).toHaveText("Caption style saved.");
  await expect(settings.getByRole("region", { name: "Caption style" }).getByLabel("Font")).toHaveValue("serif");
  await noScript.close();

  // Another browser with nothing stored: the account's style applies.
  const second = await signedIn(browser, baseURL, email, paths.video(videos[0] as string), { viewport: { width: 375, height: 800 } });
  const page = second.page;
  await page.goto(paths.video(videos[0] as string), { waitUntil: "load" });
  await hydrated(page);
  await playThenPause(page);
  await page.getByRole("button", { name: "Captions: Off" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await seekAndWait(page, 1);
  await expect.poll(async () => (await drawnStyle(page)).font).toContain("Georgia");
  expect((await drawnStyle(page)).background).toBe("rgba(0, 0, 255, 0.75)");

  // Changed in the player (at a phone's width): saved to the account after the choices settle.
  await page.getByRole("button", { name: "Captions: English" }).click();
  await page.getByRole("menuitem", { name: "Caption style" }).click();
  const dialog = page.getByRole("dialog", { name: "Caption style" });
  const dialogBox = (await dialog.boundingBox())!;
  expect(dialogBox.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(375);
  const saved = page.waitForResponse((r) => r.url().endsWith(paths.api.captionStyle()) && r.request().method() === "POST");
  await dialog.getByLabel("Text color").selectOption({ label: "Cyan" });
  await dialog.getByLabel("Text size").selectOption({ label: "150%" });
  expect((await saved).status()).toBe(200);
  await expect(dialog.getByRole("status")).toHaveText("Saved to your account.");
  await dialog.screenshot({ path: path.join(SCREENSHOTS, "caption-style-375.png") });
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.goto(paths.settings());
  const form = page.getByRole("region", { name: "Caption style" });
  await expect(form.getByLabel("Text color")).toHaveValue("cyan");
  await expect(form.getByLabel("Text size")).toHaveValue("150");
  await expect(form.getByLabel("Font")).toHaveValue("serif");
  await second.context.close();
});

test("the transcript under the player lists the cues, follows playback and plays from a line chosen by click or keyboard", async ({
  page,
}) => {
  // Opened before the page's scripts have run (held here; they wait for the LCP image anyway): listed once they do.
  const scripts = await holdRequests(page, /\/assets\/.+\.js$/);
  await page.goto(paths.video(videos[0] as string), { waitUntil: "domcontentloaded" });
  const section = page.getByRole("region", { name: "Transcript" });
  await expect(section.getByRole("link", { name: "Download as WebVTT" })).toBeHidden(); // closed until asked for
  await section.getByText("Show transcript").click();
  await scripts.release();
  await hydrated(page);
  const lines = section.getByTestId("transcript").getByRole("button");
  await expect(lines).toHaveText(["0:00First caption line", "0:03Second caption linealert(1) and its second row"]);
  await expect(section.getByTestId("transcript")).toHaveAttribute("lang", "en");
  await expect(section.getByTestId("transcript").locator("script, b")).toHaveCount(0); // plain text, whatever the file held
  await expect(section.getByRole("link", { name: "Download as WebVTT" })).toHaveAttribute("href", captionUrl);

  // A click plays from that line, and the line playing is marked.
  await page.locator("video").evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await lines.nth(1).click();
  await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(3);
  await expect(lines.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(lines.nth(0)).not.toHaveAttribute("aria-current", "true");

  // By keyboard: the first line, Enter, and playback goes back to its start.
  await lines.nth(0).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(2.5);
  await expect(lines.nth(0)).toHaveAttribute("aria-current", "true");
  await section.screenshot({ path: path.join(SCREENSHOTS, "transcript-1366.png") });
  await section.getByText("Hide transcript").click();
  await expect(lines).toHaveCount(0);
});
