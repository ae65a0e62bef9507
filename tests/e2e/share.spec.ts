import { paths } from "../../core/paths";
import { expect, holdWholeSheet, hydrated, test } from "./support";

async function openSomeVideo(page: import("@playwright/test").Page): Promise<string> {
  await page.goto(paths.category("amateur"));
  const href = (await page.locator("main article a").first().getAttribute("href")) as string;
  await page.goto(href);
  await hydrated(page); // the Share menu is script's
  return href;
}

test("share menu: X and Reddit links carry the title and the page URL; closes on Escape and outside click", async ({ page, baseURL }) => {
  const path = await openSomeVideo(page);
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const share = page.getByRole("button", { name: "Share" });
  await expect(share).toHaveAttribute("aria-expanded", "false");

  await share.click();
  const menu = page.getByRole("menu", { name: "Share" });
  await expect(menu).toBeVisible();
  // Keyboard users land on the first item and move with the arrow keys.
  await expect(page.getByRole("menuitem", { name: "Share on X" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Share on Reddit" })).toBeFocused();

  const pageUrl = `${baseURL}${path}`;
  const x = new URL((await page.getByRole("menuitem", { name: "Share on X" }).getAttribute("href")) as string);
  expect(x.hostname).toBe("twitter.com");
  expect(x.pathname).toBe("/intent/tweet");
  expect(x.searchParams.get("text")).toBe(title);
  expect(x.searchParams.get("url")).toBe(pageUrl);
  const reddit = new URL((await page.getByRole("menuitem", { name: "Share on Reddit" }).getAttribute("href")) as string);
  expect(`${reddit.hostname}${reddit.pathname}`).toBe("www.reddit.com/submit");
  expect(reddit.searchParams.get("url")).toBe(pageUrl);
  expect(reddit.searchParams.get("title")).toBe(title);
  await expect(page.getByRole("menuitem", { name: "Share on X" })).toHaveAttribute("target", "_blank");

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(share).toBeFocused();

  await share.click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toBeHidden();
});

test("share menu on a phone: the open menu stays inside the screen, and looks the same before the whole stylesheet has arrived", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // A quick first tap comes before the whole sheet (app/lib/app-styles.tsx) on a slow line: held back here, the menu
  // has only the page's own cut sheet, which must carry the menu's rules although the menu was not in the markup.
  const wholeSheet = await holdWholeSheet(page);
  await openSomeVideo(page);
  await hydrated(page);
  await page.getByRole("button", { name: "Share" }).click();
  const menu = page.getByRole("menu", { name: "Share" });
  const before = await menu.boundingBox();
  expect(before).not.toBeNull();
  expect(before!.x).toBeGreaterThanOrEqual(0);
  expect(before!.x + before!.width).toBeLessThanOrEqual(375);

  await wholeSheet.release();
  expect(await menu.boundingBox()).toEqual(before);

  // Its room is measured again when its size changes while open (a rule or a font that lands later).
  await menu.evaluate((element) => {
    (element as HTMLElement).style.width = "300px";
  });
  await expect.poll(async () => ((await menu.boundingBox()) ?? { x: 0, width: 999 }).x + 300).toBeLessThanOrEqual(375);
});

test("share menu: Copy URL puts the page URL on the clipboard and says 'Copied!' for 2 seconds", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const path = await openSomeVideo(page);
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("menuitem", { name: "Copy URL" }).click();
  const status = page.getByRole("status").filter({ hasText: "Copied!" });
  await expect(status).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}`);
  await expect(page.getByRole("menu", { name: "Share" })).toBeHidden();
  await page.waitForTimeout(2_100);
  await expect(status).toHaveCount(0);
});

test("share menu: a refused clipboard says 'Failed to copy'", async ({ page }) => {
  await openSomeVideo(page);
  await page.evaluate(() => {
    // The browser refuses both the async API and the legacy copy command (e.g. a permissions policy).
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    document.execCommand = () => false;
  });
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("menuitem", { name: "Copy URL" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Failed to copy" })).toBeVisible();
});

test("video page: og:video points at the stream, with its type and duration", async ({ page, baseURL }) => {
  await openSomeVideo(page);
  const contentUrl = await page.locator('meta[property="og:video"]').getAttribute("content");
  expect(contentUrl).toMatch(new RegExp(`^${baseURL}/media/.+\\.m3u8$`));
  await expect(page.locator('meta[property="og:video:type"]')).toHaveAttribute("content", "application/vnd.apple.mpegurl");
  await expect(page.locator('meta[property="video:duration"]')).toHaveAttribute("content", /^\d+$/);
  const stream = await page.request.get(contentUrl as string);
  expect(stream.status()).toBe(200);
});
