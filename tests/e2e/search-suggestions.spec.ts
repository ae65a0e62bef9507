import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { expect, holdRequests, hydrated, test } from "./support";

/**
 * The header's search suggestions (issue 23 item 6): an ARIA 1.2 combobox over GET /api/search-suggestions,
 * by keyboard and pointer, at desktop and phone width; without JavaScript the plain form to /search.
 */

async function testVideo(baseURL: string | undefined, isPublic: boolean): Promise<{ videoId: string; title: string }> {
  const res = await fetch(`${baseURL}/__test/videos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ duration: 60, isPublic }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as { videoId: string; title: string };
}

const box = (page: Page) => page.getByRole("combobox", { name: "Search videos" });
const listbox = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });

test("two characters suggest titles; ArrowDown and Enter open the video; Escape closes, then clears", async ({ page }) => {
  await page.goto(paths.home());
  const input = box(page);
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await input.pressSequentially("a");
  await page.waitForTimeout(400); // longer than the debounce: one character asks nothing
  await expect(listbox(page)).toBeHidden();

  await input.pressSequentially("u");
  await expect(listbox(page)).toBeVisible();
  await expect(input).toHaveAttribute("aria-expanded", "true");
  const videos = page.getByRole("group", { name: "Videos" }).getByRole("option");
  expect(await videos.count()).toBeGreaterThan(0);
  expect(await videos.count()).toBeLessThanOrEqual(8);
  for (const label of await videos.allTextContents()) expect(label.toLowerCase()).toContain("au");
  await expect(page.getByRole("status").filter({ hasText: /^\d+ suggestions?$/ })).toHaveCount(1);

  await input.press("ArrowDown");
  const first = videos.first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) as string);
  await input.press("ArrowUp"); // wraps to the last option, then back
  await expect(first).toHaveAttribute("aria-selected", "false");
  await input.press("ArrowDown");
  const title = await first.textContent();

  await input.press("Escape");
  await expect(listbox(page)).toBeHidden();
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await expect(input).not.toHaveAttribute("aria-activedescendant");
  await expect(input).toHaveValue("au");
  await input.press("ArrowDown"); // reopens on the first option
  await expect(first).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/video\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title as string);
  await expect(listbox(page)).toBeHidden();

  // Escape twice: closed, then cleared.
  await input.fill("au");
  await expect(listbox(page)).toBeVisible();
  await input.press("Escape");
  await expect(listbox(page)).toBeHidden();
  await input.press("Escape");
  await expect(input).toHaveValue("");
});

test("Enter without a highlighted option searches; a category suggestion opens its category; blur closes", async ({ page }) => {
  await page.goto(paths.home());
  const input = box(page);
  await input.fill("amat");
  const category = page.getByRole("group", { name: "Categories" }).getByRole("option", { name: "Amateur" });
  await expect(category).toBeVisible();
  await input.press("Tab"); // focus leaves the field
  await expect(listbox(page)).toBeHidden();
  await input.focus();
  await expect(category).toBeVisible();
  await category.click();
  await expect(page).toHaveURL(/\/category\/amateur$/);

  await input.fill("aurora");
  await expect(listbox(page)).toBeVisible();
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/api/search-suggestions") && asked.push(r.url()));
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=aurora$/);
  // The search page's field holds the term but asks for nothing until one types.
  await expect(input).toHaveValue("aurora");
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  await expect(listbox(page)).toBeHidden();
});

test("a private video is never suggested; the endpoint answers small public JSON", async ({ page, baseURL, request }) => {
  const hidden = await testVideo(baseURL, false);
  const shown = await testVideo(baseURL, true);
  const ask = async (q: string) => (await request.get(`/api/search-suggestions?q=${encodeURIComponent(q)}`)).json();
  expect((await ask(hidden.title)).titles).toEqual([]);
  expect((await ask(shown.title)).titles).toEqual([{ label: shown.title, url: `/video/${shown.videoId}` }]);
  const res = await request.get("/api/search-suggestions?q=a");
  expect(await res.json()).toEqual({ titles: [], categories: [] });
  expect(res.headers()["cache-control"]).toBe("public, max-age=30");
  const wide = await ask("e");
  expect(wide.titles).toEqual([]);
  const many = await ask("er");
  expect(many.titles.length).toBeLessThanOrEqual(8);
  expect(many.categories.length).toBeLessThanOrEqual(3);

  // Among the titles: each test video has a category of its own, named like it ("View Test …"), which may be
  // suggested under Categories (the list of categories is cached, so it may or may not have it yet).
  const titles = page.getByRole("group", { name: "Videos" });
  await page.goto(paths.home());
  await box(page).fill(hidden.title);
  await page.waitForTimeout(500);
  await expect(titles.getByRole("option", { name: hidden.title })).toHaveCount(0);
  await box(page).fill(shown.title);
  await expect(titles.getByRole("option", { name: shown.title })).toBeVisible();
});

test("a term typed before the scripts ran is the field's term once they do: it suggests without another key", async ({ page }) => {
  const scripts = await holdRequests(page, /\/assets\/.+\.js$/);
  await page.goto(paths.home(), { waitUntil: "domcontentloaded" });
  const field = page.getByRole("searchbox", { name: "Search videos" }); // the plain form's field until hydration
  await field.pressSequentially("au");
  await scripts.release();
  await hydrated(page);
  await expect(box(page)).toHaveValue("au");
  await expect(listbox(page)).toBeVisible();
  for (const label of await page.getByRole("group", { name: "Videos" }).getByRole("option").allTextContents())
    expect(label.toLowerCase()).toContain("au");
});

test("keys pressed while the page hydrates are kept: the field ends with every one of them", async ({ page }) => {
  // Text typed before the page ran is handed to React once it has hydrated (app/lib/early-input.ts). Keys pressed
  // between the moment it was noted and the hand-over were taken away again by the text noted before (CI lost
  // "5 Opening" of "0:05 Opening" so). Typing goes on through that moment here, widened by a slower CPU.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const scripts = await holdRequests(page, /\/assets\/.+\.js$/);
  await page.goto(paths.home(), { waitUntil: "domcontentloaded" });
  await page.getByRole("searchbox", { name: "Search videos" }).focus();
  await page.keyboard.type("au");
  await scripts.release();
  // A key at a time until the page says it has hydrated, then a few more: at most 80 keys, about 8 s (the field
  // takes 100 characters).
  let text = "au";
  for (const key of "rora over a quiet sea ".repeat(5).slice(0, 80)) {
    await page.keyboard.type(key);
    text += key;
    if ((await page.locator("html[data-hydrated=true]").count()) > 0) break;
    await page.waitForTimeout(80);
  }
  await page.keyboard.type("at night");
  text += "at night";
  await hydrated(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(box(page)).toHaveValue(text);
});

test("without JavaScript the header's search is the plain form to /search", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  const page = await context.newPage();
  await page.goto(paths.home());
  const input = page.getByRole("searchbox", { name: "Search videos" });
  await expect(input).not.toHaveAttribute("role", "combobox");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await input.fill("aurora");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=aurora$/);
  await expect(page.getByText('Results for: "aurora"')).toBeVisible();
  await context.close();
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the search panel's field suggests; keyboard and tap open the video; Escape closes the list before the panel", async ({ page }) => {
    await page.goto(paths.home());
    await hydrated(page); // the phone's Search button opens its panel by script
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const input = box(page);
    await expect(input).toBeFocused();
    await input.pressSequentially("au");
    await expect(listbox(page)).toBeVisible();
    const list = await listbox(page).boundingBox();
    expect(list?.width).toBeGreaterThan(300); // the panel's full width, inside the screen
    expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(390);
    await input.press("Escape");
    await expect(listbox(page)).toBeHidden();
    await expect(input).toBeVisible(); // the panel stays
    await input.press("ArrowDown");
    const option = page.getByRole("option").first();
    const title = await option.textContent();
    await option.tap();
    await expect(page).toHaveURL(/\/video\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title as string);

    // Escape: the list, then the text, then the panel.
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await input.pressSequentially("au");
    await expect(listbox(page)).toBeVisible();
    await input.press("Escape");
    await input.press("Escape");
    await expect(input).toHaveValue("");
    await input.press("Escape");
    await expect(input).toBeHidden();
  });
});
