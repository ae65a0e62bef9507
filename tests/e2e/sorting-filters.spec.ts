import type { Locator, Page } from "@playwright/test";
import { DEFAULT_DURATION_BOUNDS, durationOf } from "../../core/listing-order";
import { paths } from "../../core/paths";
import { startApp } from "../support/app-process";
import { expect, holdRequests, hydrated, test } from "./support";

// Sorting and duration filters on category pages and search (issue 23 item 7, core/listing-order.ts).

/** "1.5K" → 1500: card view counts as the page shows them (rounded, so compared non-increasing). */
function viewsOf(text: string): number {
  const m = /([\d.]+)([KM]?) views/.exec(text);
  if (!m) throw new Error(`no views in ${text}`);
  return Number(m[1]) * (m[2] === "M" ? 1e6 : m[2] === "K" ? 1e3 : 1);
}

/** "1:02" → 62. */
function secondsOf(text: string): number {
  return text
    .trim()
    .split(":")
    .reduce((total, part) => total * 60 + Number(part), 0);
}

async function cardViews(page: Page): Promise<number[]> {
  return (await page.locator("main article p").allTextContents()).map(viewsOf);
}

async function durations(cards: Locator): Promise<number[]> {
  return (await cards.allTextContents()).map(secondsOf);
}

const bucketOf = (s: number) => durationOf(s, DEFAULT_DURATION_BOUNDS);

function expectNonIncreasing(values: number[]) {
  expect(values.length).toBeGreaterThan(0);
  expect(values).toEqual([...values].sort((a, b) => b - a));
}

test("most viewed: descending, shareable, paginated with the sort kept, canonical and noindex", async ({ page }) => {
  await page.goto("/category/amateur?sort=views");
  await expect(page.getByLabel("Sort by")).toHaveValue("views");
  const first = await cardViews(page);
  expect(first).toHaveLength(16);
  expectNonIncreasing(first);

  // The variant is never indexed; its canonical is its own one address.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/category\/amateur\?sort=views$/);

  // Reload keeps the state: it lives in the address.
  await page.reload();
  await expect(page.getByLabel("Sort by")).toHaveValue("views");

  // Pagination keeps the sort, and page 2 continues the order.
  const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" });
  await expect(next).toHaveAttribute("href", "/category/amateur?sort=views&page=2");
  await next.click();
  await expect(page).toHaveURL(/\/category\/amateur\?sort=views&page=2$/);
  // The address changes before page 2's cards replace the loading state.
  await expect(page.getByText("Loading videos...")).toHaveCount(0);
  await expect(page.locator("main article").first()).toBeVisible();
  const second = await cardViews(page);
  expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));
  expectNonIncreasing(second);

  // The plain category page is the indexed one.
  await page.goto(paths.category("amateur"));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/category\/amateur$/);
});

test("duration filter: every card in the bucket; a filter matching nothing has its empty state", async ({ page }) => {
  let seen = 0;
  for (const bucket of ["short", "medium", "long"]) {
    await page.goto(`/category/amateur?duration=${bucket}`);
    const values = await durations(page.locator("main article .tabular-nums"));
    for (const s of values) expect(bucketOf(s), `${s} s in ${bucket}`).toBe(bucket);
    seen += values.length;
  }
  expect(seen).toBeGreaterThan(0);

  await page.goto("/category/vintage?duration=long&sort=likes");
  await expect(page.getByText("No videos match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/category\/vintage\?sort=likes$/);
});

test("unknown values are refused, defaults spelled out redirect to the one address", async ({ request }) => {
  expect((await request.get("/category/amateur?sort=rating")).status()).toBe(400);
  expect((await request.get("/search?q=a&duration=epic")).status()).toBe(400);
  const spelled = await request.get("/category/amateur?sort=newest&duration=", { maxRedirects: 0 });
  expect(spelled.status()).toBe(302);
  expect(spelled.headers().location).toBe("/category/amateur");
  const search = await request.get("/search?q=a+b&sort=views&duration=", { maxRedirects: 0 });
  expect(search.headers().location).toBe("/search?q=a+b&sort=views");
});

test("search: sorted by views and filtered by duration", async ({ page }) => {
  // The first card's title word finds at least that video.
  await page.goto(paths.category("amateur"));
  const word = ((await page.locator("main article h2").first().textContent()) ?? "").split(/\s+/)[0] ?? "";
  await page.goto(`/search?q=${encodeURIComponent(word)}&sort=views`);
  await expect(page.getByLabel("Sort by")).toHaveValue("views");
  const rows = page.locator("main li");
  expectNonIncreasing((await rows.allTextContents()).map(viewsOf));
  for (const bucket of ["short", "medium", "long"]) {
    await page.goto(`/search?q=${encodeURIComponent(word)}&duration=${bucket}`);
    for (const s of await durations(page.locator("main [data-duration]"))) expect(bucketOf(s)).toBe(bucket);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the form submits with its Apply button", async ({ page }) => {
    await page.goto(paths.category("amateur"));
    await page.getByLabel("Sort by").selectOption("likes");
    await page.getByLabel("Duration").selectOption("medium");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/category\/amateur\?sort=likes&duration=medium$/);
    await expect(page.getByLabel("Duration")).toHaveValue("medium");
    // Back to the defaults: the address loses both.
    await page.getByLabel("Sort by").selectOption("newest");
    await page.getByLabel("Duration").selectOption("");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/category\/amateur$/);
  });
});

test("keyboard: the selects change the listing at once, without an Apply button", async ({ page }) => {
  await page.goto(paths.category("amateur"));
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0); // with scripts: changes apply themselves
  const sort = page.getByLabel("Sort by");
  await sort.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/\/category\/amateur\?sort=views$/);
  await expect(page.getByLabel("Sort by")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Duration")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/\/category\/amateur\?sort=views&duration=short$/);
  expectNonIncreasing(await cardViews(page));
});

test("a choice made before the scripts have started is acted on once they do", async ({ page }) => {
  // With scripts on there is no Apply button, so a change made while they are held (they wait for the page's
  // first image anyway) must not be lost.
  const scripts = await holdRequests(page, /\/assets\/.+\.js$/);
  await page.goto(paths.category("amateur"), { waitUntil: "domcontentloaded" });
  await page.getByLabel("Sort by").selectOption("views");
  await expect(page).toHaveURL(/\/category\/amateur$/);
  await scripts.release();
  await hydrated(page);
  await expect(page).toHaveURL(/\/category\/amateur\?sort=views$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("views");
  expectNonIncreasing(await cardViews(page));
});

test("390 px: the controls fit beside each other, nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/category/amateur?sort=views&duration=short");
  const sort = await page.getByLabel("Sort by").boundingBox();
  const duration = await page.getByLabel("Duration").boundingBox();
  expect(sort && duration).toBeTruthy();
  expect(sort!.x).toBeGreaterThanOrEqual(0);
  expect(duration!.x + duration!.width).toBeLessThanOrEqual(390);
  expect(sort!.height).toBeGreaterThanOrEqual(36); // a comfortable touch target
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("an operator's own bounds: the start re-buckets the catalogue and the labels say them (no migration)", async () => {
  test.setTimeout(120_000);
  const app = await startApp({ DURATION_SHORT_UNDER_SECONDS: "90", DURATION_LONG_OVER_SECONDS: "1200" });
  try {
    const html = async (address: string) => {
      const res = await fetch(`${app.origin}${address}`, { headers: { cookie: "ageVerified=true" } });
      expect(res.status, address).toBe(200);
      return res.text();
    };
    const page = await html(paths.category("amateur"));
    for (const label of ["Short (under 1 min 30 s)", "Medium (1 min 30 s to 20 min)", "Long (over 20 min)"]) expect(page).toContain(label);
    // The demo's clips last 40 to 62 s: all short now, none long.
    expect(await html("/category/amateur?duration=long")).toContain("No videos match these filters.");
    expect(await html("/category/amateur?duration=short")).toContain("<article");
    expect(app.log()).toContain("duration filter bounds applied");
  } finally {
    await app.stop();
  }
});
