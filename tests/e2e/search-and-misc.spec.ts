import { paths } from "../../core/paths";
import { expect, hydrated, setFaults, test } from "./support";

test.afterEach(async ({ baseURL }) => setFaults(baseURL, []));

test("search: header box trims, results newest first, noindex and canonical with q", async ({ page }) => {
  await page.goto(paths.home());
  const box = page.getByRole("combobox", { name: "Search videos" }).first();
  await expect(box).toHaveAttribute("placeholder", "Search videos...");
  await box.fill("   aurora  ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=aurora$/);
  await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
  await expect(page.getByText('Results for: "aurora"')).toBeVisible();
  const items = page.locator("main ul li");
  expect(await items.count()).toBeGreaterThan(0);
  for (const t of await items.allTextContents()) expect(t.toLowerCase()).toContain("aurora");
  const thumb = items.first().locator("img");
  await expect(thumb).toHaveAttribute("width", "80");
  await expect(thumb).toHaveAttribute("height", "45");
  // The still is a <picture> (AVIF in Chromium) that adds nothing to the row: the image starts at the link's padding.
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/thumb-\d+w\.avif$/);
  const [link, image] = [await items.first().locator("a").boundingBox(), await thumb.boundingBox()];
  expect(Math.round(image!.x - link!.x)).toBe(8); // px-2
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/search\?q=aurora$/);
  await items.first().locator("a").click();
  await expect(page).toHaveURL(/\/video\//);
});

test("search: blank is ignored in the header, empty results, hostile input is safe", async ({ page, request }) => {
  await page.goto(paths.home());
  const box = page.getByRole("combobox", { name: "Search videos" }).first();
  await box.fill("    ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/search?q=zzzqqqxx");
  await expect(page.getByText('No results found for "zzzqqqxx"')).toBeVisible();

  await page.goto("/search?q=");
  await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
  await expect(page.locator("main ul li")).toHaveCount(0);

  for (const q of ["%", "_", "'; DROP TABLE videos; --", "<script>alert(1)</script>", "%00", "x".repeat(5000), "😀🎬"]) {
    const res = await request.get(`/search?q=${encodeURIComponent(q)}`);
    expect(res.status(), q.slice(0, 20)).toBe(200);
    expect(await res.text()).not.toContain("<script>alert(1)</script>");
  }
});

test("search failure shows 'Error: …'", async ({ page, baseURL }) => {
  await setFaults(baseURL, ["videos.search"]);
  await page.goto("/search?q=aurora");
  await expect(page.getByText(/^Error: /)).toBeVisible();
});

test("unknown paths get the 404 page with status 404", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Oops! The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Visit FAQ" })).toHaveAttribute("href", "/faq");
});

test("redirects for the old values and privacy addresses", async ({ request }) => {
  const values = await request.get("/our-values", { maxRedirects: 0 });
  expect(values.status()).toBe(301);
  expect(values.headers().location).toBe("/values");
  const privacy = await request.get("/privacy-policy", { maxRedirects: 0 });
  expect(privacy.status()).toBe(301);
  expect(privacy.headers().location).toBe("/privacy");
});

test("login page shell has no sidebar", async ({ page }) => {
  await page.goto(paths.home());
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign In to Your Account" })).toBeVisible();
  await expect(page.locator("aside[aria-label='Sidebar']")).toHaveCount(0);
});

test("robots.txt and sitemap.xml with video entries", async ({ request }) => {
  const robots = await request.get(paths.robots());
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  const sitemap = await request.get(paths.sitemap());
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect((xml.match(/<video:video>/g) ?? []).length).toBeGreaterThanOrEqual(120);
  expect(xml).toContain("/category/amateur</loc>");
});

test("footer links and notice", async ({ page }) => {
  await page.goto(paths.home());
  const footer = page.locator("footer");
  await expect(footer).toContainText("You must be 18+ to view content.");
  await expect(footer).toContainText("©");
  await expect(footer.getByRole("link", { name: "Our Values" })).toHaveAttribute("href", "/values");
  for (const name of ["Careers", "Contact", "Terms", "Privacy", "FAQ", "X (Twitter)", "Discord"]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
});

test("mobile layout: hamburger menu with categories and the search toggle", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}${paths.home()}`);
  await hydrated(page); // the menu button opens the menu once the page runs its scripts
  await page.getByRole("button", { name: "Menu" }).click();
  await page
    .locator("#mobile-menu")
    .getByRole("button", { name: /Categories/ })
    .click();
  await page.locator("#mobile-categories").getByRole("link", { name: "Asian" }).click();
  await expect(page).toHaveURL(/\/category\/asian$/);
  await expect(page.locator("#mobile-menu")).toHaveCount(0);
  await page.getByRole("button", { name: "Search" }).click();
  await page.locator("#search-mobile").fill("nebula");
  await page.locator("#search-mobile").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=nebula$/);
  await context.close();
});
