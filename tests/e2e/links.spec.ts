import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { expect, test } from "./support";

// Plain links in lists (AppLink) with one delegated click handler (docs/decisions/0026-delegated-link-navigation.md):
// real <a href>, client-side navigation as <Link> does it, the browser's own behaviour for everything else.

/** React has hydrated the page and run its effects (the delegated listener is an effect of the root layout). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector("footer") ?? {}).some((k) => k.startsWith("__reactFiber"))))
    .toBe(true);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
}

/** A mark on the window that only a client-side navigation keeps. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

async function clientNavigation(page: Page, click: () => Promise<void>, url: RegExp): Promise<void> {
  const data = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(".data"));
  await click();
  await data;
  await expect(page).toHaveURL(url);
  expect(await sameDocument(page)).toBe(true);
}

test("cards, search rows, the sidebar and the footer navigate client-side, by mouse and by keyboard", async ({ page }) => {
  await page.goto(paths.home());
  await hydrated(page);
  await mark(page);
  const card = page.locator("main article a[href^='/video/']").first();
  await expect(card).toHaveAttribute("data-discover", "true");
  await clientNavigation(page, () => card.click(), /\/video\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await clientNavigation(page, () => sidebar.locator("a[href^='/category/']").first().click(), /\/category\/[a-z0-9-]+$/);
  await clientNavigation(page, () => sidebar.locator("a[href^='/video/']").first().click(), /\/video\//);
  await clientNavigation(page, () => page.getByRole("contentinfo").getByRole("link", { name: "Our Values" }).click(), /\/values$/);

  // The header's search (a form) then a result row, by keyboard.
  const box = page.getByRole("combobox", { name: "Search videos" }).first();
  await box.fill("aurora");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=aurora$/);
  const row = page.locator("main ul li a").first();
  await row.focus();
  await clientNavigation(page, () => row.press("Enter"), /\/video\//);
});

test("a link to the page already shown replaces the history entry, as <Link> does", async ({ page }) => {
  await page.goto(paths.values());
  await hydrated(page);
  await mark(page);
  const before = await page.evaluate(() => history.length);
  await clientNavigation(page, () => page.getByRole("contentinfo").getByRole("link", { name: "Our Values" }).click(), /\/values$/);
  expect(await page.evaluate(() => history.length)).toBe(before);
  await clientNavigation(page, () => page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click(), /\/faq$/);
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/values$/);
  expect(await sameDocument(page)).toBe(true);
});

test("modifier and middle clicks are the browser's: a new tab, the page stays", async ({ page, context }) => {
  await page.goto(paths.home());
  await hydrated(page);
  await mark(page);
  const card = page.locator("main article a[href^='/video/']").first();
  const href = (await card.getAttribute("href")) as string;
  for (const click of [() => card.click({ modifiers: ["ControlOrMeta"] }), () => card.click({ button: "middle" })]) {
    const opened = context.waitForEvent("page");
    await click();
    const tab = await opened;
    // A new tab starts at about:blank before it navigates.
    await tab.waitForURL((url) => url.pathname === href);
    await tab.close();
    await expect(page).toHaveURL(/\/$/);
    expect(await sameDocument(page)).toBe(true);
  }
});

test("before hydration (no JavaScript), the same links are ordinary links", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}${paths.home()}`);
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});
