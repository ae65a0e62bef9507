import { paths } from "../../core/paths";
import { expect, hydrated, test } from "./support";

const isStoryboard = (url: string) => /\/storyboard\.(vtt|jpg)$/.test(new URL(url).pathname);

test("card hover preview: nothing fetched until a mouse rests on a card, then the storyboard animates", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => isStoryboard(r.url()) && requests.push(r.url()));
  await page.goto(paths.category("amateur"), { waitUntil: "load" });
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(requests).toEqual([]);
  await hydrated(page);

  const card = page.locator("main article").first();
  await card.locator("a").first().hover();
  const preview = card.getByTestId("card-preview");
  await expect(preview).toBeVisible();
  expect(requests.some((u) => u.endsWith(".vtt"))).toBe(true);
  const first = await preview.evaluate((el) => getComputedStyle(el).backgroundPosition);
  expect(await preview.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/storyboard\.jpg/);
  // A slideshow: the tile changes while the pointer stays.
  await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).backgroundPosition), { timeout: 5_000 }).not.toBe(first);

  await page.mouse.move(0, 0);
  await expect(preview).toHaveCount(0);
});

test("card hover preview: keyboard focus shows it too", async ({ page }) => {
  await page.goto(paths.category("amateur"), { waitUntil: "load" });
  await hydrated(page);
  const link = page.locator("main article a").first();
  await link.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab"); // focus-visible comes from the keyboard
  await expect(link).toBeFocused();
  await expect(page.locator("main article").first().getByTestId("card-preview")).toBeVisible();
});

test("card hover preview: none for visitors who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const requests: string[] = [];
  page.on("request", (r) => isStoryboard(r.url()) && requests.push(r.url()));
  await page.goto(paths.category("amateur"), { waitUntil: "load" });
  await hydrated(page);
  await page.locator("main article a").first().hover();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId("card-preview")).toHaveCount(0);
  expect(requests).toEqual([]);
});
