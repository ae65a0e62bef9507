import { expect, test } from "@playwright/test";
import { paths } from "../../core/paths";
import { hydrated } from "./support";

test("age gate: shown to new visitors, '18 or older' hides it and is remembered by the server", async ({ page, request }) => {
  const html = await (await request.get(paths.home(), { headers: { cookie: "" } })).text();
  // The gate's dialog is in the HTML (its texts alone would be too: the page's texts travel with its data).
  expect(html).toMatch(/<h2 id="age-gate-title"[^>]*>Age Verification Required<\/h2>/);

  await page.goto(paths.home());
  const dialog = page.getByRole("dialog", { name: "Age Verification Required" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "You must be at least 18 years old to access this website. By entering, you certify that you are at least 18 years of age.",
  );
  await expect(page.getByRole("button", { name: "I am 18 or older" })).toBeFocused();
  // The page behind the gate is inert: keyboard focus stays on the two answers.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null || document.activeElement === document.body),
    ).toBe(true);
  }
  await page.getByRole("button", { name: "I am 18 or older" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("ageVerified"))).toBe("true");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "ageVerified")?.value).toBe("true");

  // Server-rendered without the gate now: no flash on the next page.
  const res = await page.goto(paths.blog());
  expect(await res?.text()).not.toContain('id="age-gate-title"');
});

test("age gate: 'I am under 18' leaves the site, with scripts and before them", async ({ page, request }) => {
  await page.route("https://www.google.com/**", (route) => route.fulfill({ status: 200, body: "left", contentType: "text/plain" }));
  await page.goto(paths.home());
  await hydrated(page);
  await page.getByRole("button", { name: "I am under 18" }).click();
  await expect(page).toHaveURL(/^https:\/\/www\.google\.com\//);

  // Before the scripts have run, the same button posts the form, and the answer is a redirect away (a route
  // cannot catch the redirect's target in the browser, so it is read here).
  const res = await request.post(paths.ageVerification(), { form: { answer: "minor" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/^https:\/\/www\.google\.com\//);
  expect(res.headers()["set-cookie"] ?? "").not.toContain("ageVerified");
});

test("age gate works without JavaScript (form post sets the cookie)", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}${paths.category("amateur")}`);
  await page.getByRole("button", { name: "I am 18 or older" }).click();
  await expect(page).toHaveURL(/\/category\/amateur$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});

test("a visitor verified earlier in localStorage gets the cookie mirrored", async ({ page }) => {
  await page.goto(paths.robots());
  await page.evaluate(() => localStorage.setItem("ageVerified", "true"));
  await page.goto(paths.home());
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === "ageVerified")?.value).toBe("true");
});
