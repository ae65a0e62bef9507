import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { WITHHELD_STILL } from "../../core/age-assurance";
import { paths } from "../../core/paths";
import { freeLoopbackPort } from "../../server/process";
import { signedIn, uniqueEmail, uniqueIp } from "../support/account-session";
import { type AppProcess, startApp } from "../support/app-process";
import { type OidcProvider, startOidcProvider } from "../support/oidc-provider";

/**
 * Age assurance (docs/decisions/0028-age-assurance.md) against a server of its own: visitors whose proxy
 * says they are in GB must pass an OpenID Connect age check, run against a local provider (the one the Google
 * sign-in tests use), before explicit media are shown; everyone else keeps the self-declaration gate. The
 * shared e2e server keeps its configuration (no countries listed).
 */

const COUNTRY_HEADER = "X-Test-Country";
const ADULT = { email: "adult@age-check.example", name: "Adult" };
let app: AppProcess;
let oidc: OidcProvider;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  oidc = await startOidcProvider(await freeLoopbackPort(), { ...ADULT, extraClaims: { age_over_18: true } });
  app = await startApp({
    DEMO_MEDIA: "full",
    // The media the shared e2e server generated: linked, not rendered again.
    DEMO_MEDIA_CACHE: process.env.DEMO_MEDIA_CACHE ?? path.join(os.tmpdir(), "pleazure-demo-media-cache"),
    DEMO_PREROLL: "off",
    AGE_ASSURANCE_COUNTRIES: "GB",
    AGE_ASSURANCE_COUNTRY_HEADER: COUNTRY_HEADER,
    AGE_OIDC_ISSUER: oidc.issuer,
    AGE_OIDC_CLIENT_ID: "age-e2e",
    AGE_OIDC_CLIENT_SECRET: "age-e2e-secret",
  });
});

test.afterAll(async () => {
  await app?.stop();
  await oidc?.stop();
});

/** The provider's next answer: the over-18 claim as given ("missing": none). */
function providerSays(claim: boolean | "missing") {
  oidc.setUser({ ...ADULT, extraClaims: claim === "missing" ? {} : { age_over_18: claim } });
}

/** A browser context in `country`, past the self-declaration gate unless `declared` is false. */
async function visitor(browser: Browser, country: string, declared = true) {
  const context = await browser.newContext({ extraHTTPHeaders: { [COUNTRY_HEADER]: country, "X-Forwarded-For": uniqueIp() } });
  if (declared) await context.addCookies([{ name: "ageVerified", value: "true", url: app.origin }]);
  return { context, page: await context.newPage() };
}

/** The first video page linked from the home page. */
async function firstVideo(page: Page): Promise<string> {
  await page.goto(`${app.origin}${paths.home()}`);
  const href = await page.locator("main article a[href^='/video/']").first().getAttribute("href");
  return `${app.origin}${href}`;
}

/** Presses "Verify my age" under the withheld player and waits until the provider sent the browser back. */
async function verifyAge(page: Page, where = page.getByTestId("withheld-player")) {
  const back = page.waitForResponse((r) => r.url().startsWith(`${app.origin}/age-check/callback`));
  await where.getByRole("button", { name: "Verify my age" }).click();
  await back;
  await page.waitForLoadState();
}

async function expectWithheld(page: Page, videoUrl: string) {
  const res = await page.goto(videoUrl);
  const html = (await res?.text()) ?? "";
  await expect(page.getByTestId("withheld-player")).toBeVisible();
  await expect(page.locator("video")).toHaveCount(0);
  // Nothing of the video's own media is named in the page or its hydration data.
  expect(html).not.toMatch(/\/media\/(demo|videos)\//);
  // Crawlers still read the page: title, description, structured data.
  await expect(page.locator("h1")).not.toBeEmpty();
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? "{}")).toMatchObject({ "@type": "VideoObject", name: expect.any(String) });
  // The server refuses what the page does not offer.
  const videoId = new URL(videoUrl).pathname.split("/").pop() as string;
  const token = await page.request.post(`${app.origin}${paths.api.playToken()}`, { form: { videoId } });
  expect(token.status()).toBe(403);
  expect(await token.json()).toEqual({ token: null, reason: "age-check" });
}

async function expectShown(page: Page, videoUrl: string) {
  await page.goto(videoUrl);
  await expect(page.getByTestId("withheld-player")).toHaveCount(0);
  await expect(page.locator("video")).toHaveCount(1);
  await expect(page.locator("video + picture img")).toHaveAttribute("src", /\/media\/.*\/poster\.jpg$/);
  const videoId = new URL(videoUrl).pathname.split("/").pop() as string;
  const token = await page.request.post(`${app.origin}${paths.api.playToken()}`, { form: { videoId } });
  expect(token.status()).toBe(200);
  expect((await token.json()).token).toEqual(expect.any(String));
}

test("a restricted visitor gets blurred stills, no stream, no storyboard and no play token; the files stay shut", async ({
  browser,
  request,
}) => {
  const { context, page } = await visitor(browser, "GB");
  const videoUrl = await firstVideo(page);
  await expect(page.getByRole("complementary", { name: "Age check" })).toBeVisible();
  const stills = await page.locator("main article img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  expect(stills.length).toBeGreaterThan(0);
  expect(new Set(stills)).toEqual(new Set([WITHHELD_STILL]));
  // No variants either: a withheld still is a plain <img>, no <picture> sources naming the real files.
  expect(await page.locator("main article picture, main article source, main article img[srcset]").count()).toBe(0);
  await expectWithheld(page, videoUrl);

  // The real files exist (a visitor from a country not listed loads them) but answer 403 to this one.
  const unrestricted = { headers: { [COUNTRY_HEADER]: "US" } };
  const open = await (await request.get(videoUrl, unrestricted)).text();
  const files = [...new Set(open.match(/\/media\/demo\/[^"'\s?]+\.(?:m3u8|jpg|avif|webp|vtt)/g) ?? [])];
  expect(files.length).toBeGreaterThan(1);
  for (const file of files) {
    expect((await request.get(`${app.origin}${file}`, unrestricted)).status(), file).toBe(200);
    // Without a country (a proxy that sets none, a client at the origin): unknown, so checked (issue 32 item 6).
    expect((await request.get(`${app.origin}${file}`)).status(), `${file} without a country`).toBe(403);
    expect((await page.request.get(`${app.origin}${file}`)).status(), file).toBe(403);
  }
  await context.close();
});

test("the page cache never sends one variant to the other visitor", async ({ request }) => {
  const open = { headers: { [COUNTRY_HEADER]: "US", cookie: "ageVerified=true" } };
  const restricted = { headers: { [COUNTRY_HEADER]: "GB", cookie: "ageVerified=true" } };
  // Until both variants have come from the cache twice (a page is kept 2 s: on a loaded machine a round can find it
  // expired and render it again, as CI once did), each visitor getting their own variant every time.
  let bothHits = 0;
  for (let round = 0; round < 20 && bothHits < 2; round++) {
    const a = await request.get(`${app.origin}${paths.home()}`, open);
    const b = await request.get(`${app.origin}${paths.home()}`, restricted);
    expect(await a.text()).not.toContain(WITHHELD_STILL);
    const withheld = await b.text();
    expect(withheld).toContain(WITHHELD_STILL);
    expect(withheld).not.toMatch(/\/media\/(demo|videos)\//);
    if (a.headers()["x-page-cache"] === "hit" && b.headers()["x-page-cache"] === "hit") bothHits++;
  }
  expect(bothHits, "rounds in which both variants were cache hits").toBe(2);
});

test("passing the check at the provider (over-18 claim true) shows the media, and is remembered in a signed cookie", async ({
  browser,
}) => {
  providerSays(true);
  const { context, page } = await visitor(browser, "GB");
  const videoUrl = await firstVideo(page);
  await page.goto(videoUrl);
  await verifyAge(page);
  // Through the provider and back to the same page.
  await expect(page).toHaveURL(videoUrl);
  await expectShown(page, videoUrl);
  const cookie = (await context.cookies()).find((c) => c.name === "ageAssured");
  expect(cookie?.httpOnly).toBe(true);
  // A tampered cookie counts for nothing.
  await context.addCookies([{ name: "ageAssured", value: `${cookie?.value.slice(0, -3)}AAA`, url: app.origin }]);
  await expectWithheld(page, videoUrl);
  await context.close();
});

test("the check works without JavaScript: plain form post, redirects and cookies", async ({ browser }) => {
  providerSays(true);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { [COUNTRY_HEADER]: "GB", "X-Forwarded-For": uniqueIp() },
  });
  await context.addCookies([{ name: "ageVerified", value: "true", url: app.origin }]);
  const page = await context.newPage();
  const videoUrl = await firstVideo(page);
  await page.goto(videoUrl);
  // The notice's button this time (the player's is the same form).
  await verifyAge(page, page.getByRole("complementary", { name: "Age check" }));
  await expect(page).toHaveURL(videoUrl);
  await expect(page.getByTestId("withheld-player")).toHaveCount(0);
  await expect(page.locator("video")).toHaveCount(1);
  await context.close();
});

for (const claim of ["missing", false] as const) {
  test(`a provider answer with the claim ${claim === "missing" ? "missing" : "false"} leaves the media withheld`, async ({ browser }) => {
    providerSays(claim);
    const { context, page } = await visitor(browser, "GB");
    const videoUrl = await firstVideo(page);
    await page.goto(videoUrl);
    await verifyAge(page);
    await expect(page).toHaveURL(/\/age-check\?result=failed/);
    await expect(page.getByRole("heading", { name: "We could not confirm your age" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "ageAssured")).toBe(false);
    await page.getByRole("link", { name: "Back to the page" }).click();
    await expect(page).toHaveURL(videoUrl);
    await expectWithheld(page, videoUrl);
    await context.close();
  });
}

test("a signed-in user's pass is remembered on the account: another browser shows media after signing in", async ({ browser }) => {
  providerSays(true);
  const email = uniqueEmail("age-assured");
  const country = { extraHTTPHeaders: { [COUNTRY_HEADER]: "GB" }, dataDir: app.dataDir };
  const first = await signedIn(browser, app.origin, email, "/", country);
  const videoUrl = await firstVideo(first.page);
  await first.page.goto(videoUrl);
  await verifyAge(first.page);
  await expect(first.page).toHaveURL(videoUrl);
  await expectShown(first.page, videoUrl);
  await first.context.close();

  // A new browser: withheld before signing in, shown after, without a second check.
  providerSays(false);
  const second = await signedIn(browser, app.origin, email, new URL(videoUrl).pathname, country);
  await expectShown(second.page, videoUrl);
  await second.context.close();
  const stranger = await visitor(browser, "GB");
  await expectWithheld(stranger.page, videoUrl);
  await stranger.context.close();
});

test("a visitor from a country not listed keeps today's self-declaration gate and sees the media", async ({ browser }) => {
  const { context, page } = await visitor(browser, "US", false);
  await page.goto(`${app.origin}${paths.home()}`);
  const gate = page.getByRole("dialog", { name: "Age Verification Required" });
  await expect(gate).toBeVisible();
  await page.getByRole("button", { name: "I am 18 or older" }).click();
  await expect(gate).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Age check" })).toHaveCount(0);
  const videoUrl = await firstVideo(page);
  await expectShown(page, videoUrl);
  await context.close();
});

test("the age-check pages are never cached and refuse what is not theirs", async ({ request }) => {
  const page = await request.get(`${app.origin}/age-check?result=failed&returnTo=//evil.example/x`);
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toContain("no-store");
  // The way back is a path of this site whatever the address said (the header's sign-in link only quotes the address).
  const html = await page.text();
  expect(html.includes('value="//evil.example')).toBe(false);
  expect(html.includes('href="//evil.example')).toBe(false);
  expect(html.includes('value="/"/><button type="submit"')).toBe(true);
  // A return without a check in progress starts nothing and sets nothing.
  const back = await request.get(`${app.origin}/age-check/callback?code=x&state=y`, { maxRedirects: 0 });
  expect(back.status()).toBe(302);
  expect(back.headers().location).toBe("/age-check?result=expired");
  expect(back.headers()["set-cookie"] ?? "").not.toContain("ageAssured=aa1");
  // A forged pending-check cookie is the same as none.
  const forged = await request.get(`${app.origin}/age-check/callback?code=x&state=y`, {
    maxRedirects: 0,
    headers: { cookie: "ageCheck=ac1~a~b~c~Lw~1.forged" },
  });
  expect(forged.headers().location).toBe("/age-check?result=expired");
});

/** A few of the hostile-input corpus's values (tests/e2e/hostile-input.spec.ts), already percent-encoded. */
const HOSTILE = [
  "%00",
  "x%0d%0aSet-Cookie:%20ageAssured=1",
  "%ff",
  "%",
  encodeURIComponent("<script>alert(1)</script>"),
  encodeURIComponent('"><img src=x onerror=alert(1)>'),
  "a".repeat(20_000),
  encodeURIComponent("//evil.example/x"),
  encodeURIComponent("https://evil.example/"),
];

test("hostile input to the age check, configured, answers below 500, reflects nothing and passes nobody", async ({ request }) => {
  const gb = { [COUNTRY_HEADER]: "GB", "X-Forwarded-For": uniqueIp(), "content-type": "application/x-www-form-urlencoded" };
  const answers = [];
  for (const v of HOSTILE) {
    answers.push(await request.get(`${app.origin}/age-check?result=${v}&returnTo=${v}`, { headers: gb, maxRedirects: 0 }));
    answers.push(await request.get(`${app.origin}/age-check/callback?code=${v}&state=${v}&error=${v}`, { headers: gb, maxRedirects: 0 }));
    answers.push(await request.post(`${app.origin}/age-check`, { headers: gb, data: `returnTo=${v}`, maxRedirects: 0 }));
  }
  for (const country of ["", "gb", "G B", "GB, FR", "<script>alert(1)</script>", "a".repeat(4000), "ZZ"]) {
    answers.push(await request.get(`${app.origin}${paths.home()}`, { headers: { ...gb, [COUNTRY_HEADER]: country }, maxRedirects: 0 }));
  }
  for (const res of answers) {
    expect(res.status(), res.url().slice(0, 200)).toBeLessThan(500);
    const body = await res.text();
    expect(body.includes("<script>alert(1)</script>") || body.includes("<img src=x onerror=alert(1)>"), res.url().slice(0, 200)).toBe(
      false,
    );
    expect(res.headers()["set-cookie"] ?? "").not.toMatch(/ageAssured=aa1/);
    // A start sends the visitor to the provider only, never to an address from the form.
    const location = res.headers().location ?? "";
    if (location) expect(/^\/(?!\/)/.test(location) || location.startsWith(`${oidc.issuer}/`), location).toBe(true);
  }
});
