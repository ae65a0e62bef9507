import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { paths } from "../../core/paths";
import { codeFromOutbox, newVisitor, outbox, requestCode, signInOnPage, uniqueEmail, uniqueIp } from "../support/account-session";
import { e2eSite } from "../support/e2e-site";
import { signInFormToken } from "../support/form-token";
import { type OidcProvider, startOidcProvider } from "../support/oidc-provider";
import { mailsMentioning } from "../support/outbox";
import { expect, test } from "./support";

/**
 * Accounts (issue 10): e-mail codes read from the server's outbox, Google through a real OpenID Connect
 * provider on loopback (GOOGLE_ISSUER in playwright.config.ts), the user menu, the signed-in-only pages,
 * sign-out, rate limits and refusals. Each test has its own X-Forwarded-For address (the server trusts the
 * loopback proxy), hence its own rate-limit buckets, and its own e-mail address.
 */

const PROTECTED = [
  { path: "/profile", heading: "Profile", text: null },
  { path: "/favorites", heading: "Favorites", text: "Your favorite videos will appear here." },
  { path: "/history", heading: "Watch History", text: "Your recently watched videos will appear here." },
  { path: "/settings", heading: "Settings", text: "Manage your account preferences here." },
] as const;

test("a visitor asking for a signed-in page signs in with an e-mail code and lands on it; menu; sign-out", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL);
  const email = uniqueEmail("code");

  await page.goto(paths.favorites());
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffavorites$/);
  await expect(page.getByRole("heading", { name: "Sign In to Your Account" })).toBeVisible();
  await signInOnPage(page, email);
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByText("Your favorite videos will appear here.")).toBeVisible();

  // The session cookie: httpOnly, SameSite=Lax; not Secure over plain http.
  const session = (await context.cookies()).find((c) => c.name === "better-auth.session_token");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });

  // The menu: no full name yet, so the e-mail names the account; the initial avatar stands in for a picture.
  const menuButton = page.getByRole("button", { name: `Account menu for ${email}` });
  await expect(menuButton).toBeVisible();
  await expect(page.locator('header [data-avatar="initial"]')).toHaveAttribute("data-glyph", email[0]?.toUpperCase() as string);
  await menuButton.click();
  const menu = page.getByRole("menu", { name: "Account" });
  for (const item of ["Profile", "Favorites", "Watch History", "Settings", "Sign Out"]) {
    await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
  }
  // Keyboard: focus starts on the first item, arrows move, Escape closes and returns focus.
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Favorites" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  // Outside click closes.
  await menuButton.click();
  await page.locator("footer").click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();
  // Route change closes; Profile greets by e-mail (no full name).
  await menuButton.click();
  await menu.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(menu).toBeHidden();
  await expect(page.getByText(`Welcome, ${email}!`)).toBeVisible();
  await expect(page.getByText("Member", { exact: true })).toBeVisible();

  // The operator command works beside the running site (its embedded PostgreSQL) and applies on the next request.
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "cli", "--", "user:role", email, "creator"], {
    env: { ...process.env, DATA_DIR: e2eSite().dataDir },
  });
  expect(stdout).toContain(`${email} is now creator`);
  await page.reload();
  await expect(page.getByText("Creator (comment moderator)")).toBeVisible();

  // Every signed-in page opens.
  for (const p of PROTECTED) {
    await page.goto(p.path);
    await expect(page.getByRole("heading", { level: 1, name: p.heading })).toBeVisible();
    if (p.text) await expect(page.getByText(p.text)).toBeVisible();
  }

  // Sign Out returns to / signed out, and the old cookie no longer opens anything.
  const oldCookie = (await context.cookies()).find((c) => c.name === "better-auth.session_token");
  await menuButton.click();
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  const replay = await page.request.get(paths.profile(), {
    headers: { cookie: `better-auth.session_token=${oldCookie?.value}` },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(302);
  expect(replay.headers().location).toBe("/login?redirectTo=%2Fprofile");
  await context.close();
});

test("signed out, every signed-in page sends the visitor to sign in (history replaced); Sign In comes back", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newVisitor(browser, baseURL);
  for (const p of PROTECTED) {
    const res = await page.request.get(p.path, { maxRedirects: 0 });
    expect(res.status(), p.path).toBe(302);
    expect(res.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(p.path)}`);
  }
  // Sign In comes back to the page it was pressed on.
  await page.goto(paths.blog());
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fblog$/);
  await signInOnPage(page, uniqueEmail("back"));
  await expect(page).toHaveURL(/\/blog$/);

  // A session that ends while the page is open: a client-side navigation to a signed-in page is redirected
  // to sign in, replacing the entry, so Back returns to the page before.
  await page.goto(paths.home());
  const menu = page.getByRole("button", { name: /Account menu for/ });
  await expect(menu).toBeVisible(); // the shared page's viewer has arrived
  await context.clearCookies({ name: "better-auth.session_token" });
  await menu.click();
  await page.getByRole("menuitem", { name: "Favorites" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffavorites$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/`);
  // An open redirect is refused: the sign-in page only returns to paths on this site.
  await page.goto("/login?redirectTo=https://evil.example/");
  await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("/");
  await page.goto("/login?redirectTo=//evil.example/x");
  await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("/");
  await context.close();
});

test.describe("Google", () => {
  let provider: OidcProvider;
  test.beforeAll(async () => {
    provider = await startOidcProvider(e2eSite().oidcPort, {
      email: uniqueEmail("grace"),
      name: "Grace Hopper",
      // A picture that cannot load: the menu falls back to the initial avatar.
      picture: "https://127.0.0.1:1/broken-avatar.png",
    });
  });
  test.afterAll(async () => provider?.stop());

  test("signs in through the provider and returns to the page asked for; a forged callback is refused", async ({ browser, baseURL }) => {
    const { context, page } = await newVisitor(browser, baseURL);
    const email = uniqueEmail("google");
    provider.setUser({ email, name: "Grace Hopper", picture: "https://127.0.0.1:1/broken-avatar.png" });

    await page.goto(paths.history());
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhistory$/);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByText("Your recently watched videos will appear here.")).toBeVisible();
    const menuButton = page.getByRole("button", { name: "Account menu for Grace Hopper" });
    await expect(menuButton).toBeVisible();
    await expect(page.locator('header [data-avatar="initial"]')).toHaveAttribute("data-glyph", "G");
    await page.goto(paths.profile());
    await expect(page.getByText("Welcome, Grace Hopper!")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // A callback with a state this browser never got is refused with a clear message, and signs no one in.
    const { context: other, page: attacker } = await newVisitor(browser, baseURL);
    await attacker.goto("/api/auth/callback/google?code=stolen&state=forged");
    await expect(attacker).toHaveURL(/\/login\?error=/);
    await expect(attacker.getByRole("alert")).toHaveText("Google sign-in could not be completed. Please try again.");
    await expect(attacker.getByRole("link", { name: "Sign In" })).toBeVisible();
    await other.close();
    await context.close();
  });
});

test("wrong, reused and expired codes are refused with a clear message", async ({ browser, baseURL, request }) => {
  const { context, page } = await newVisitor(browser, baseURL);
  const email = uniqueEmail("bad-code");
  await page.goto(paths.login());
  await requestCode(page, email);
  const code = await codeFromOutbox(email);
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not valid: codes work once, so check the e-mail or request a new one.");
  // The right code still works (2 attempts left), once.
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  // Reused from elsewhere (no session cookie): refused.
  const reused = await request.post(paths.login(), {
    form: { intent: "verify-code", email, code },
    headers: { Origin: baseURL as string, "X-Forwarded-For": uniqueIp() },
    maxRedirects: 0,
  });
  expect(reused.status()).toBe(400);
  await context.close();

  // Expired: the code's row is aged past its 5 minutes (test hook), then refused.
  const second = await newVisitor(browser, baseURL);
  const late = uniqueEmail("late");
  await second.page.goto(paths.login());
  await requestCode(second.page, late);
  const lateCode = await codeFromOutbox(late);
  expect((await fetch(`${baseURL}/__test/auth/expire-codes`, { method: "POST" })).ok).toBe(true);
  await second.page.getByLabel("6-digit code").fill(lateCode);
  await second.page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(second.page.getByRole("alert")).toHaveText("That code has expired. Please request a new one.");
  await second.context.close();
});

test('an empty request says what docs/product.md "Accounts" says; works without JavaScript', async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL, { javaScriptEnabled: false });
  await page.goto("/login?redirectTo=%2Fsettings");
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByRole("alert")).toHaveText("You must provide either an email or phone number.");
  const email = uniqueEmail("nojs");
  await signInOnPage(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("Manage your account preferences here.")).toBeVisible();
  await context.close();
});

test("code requests: 3 per address in 5 minutes, then 429 with Retry-After and a clear message", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL);
  const email = uniqueEmail("limit");
  await page.goto(paths.login());
  for (let i = 0; i < 3; i++) {
    const formToken = await signInFormToken(baseURL as string);
    const res = await page.request.post(paths.login(), {
      form: { intent: "request-code", email, formToken },
      headers: { Origin: baseURL as string },
    });
    expect(res.status()).toBe(200);
  }
  const refused = await page.request.post(paths.login(), {
    form: { intent: "request-code", email, formToken: await signInFormToken(baseURL as string) },
    headers: { Origin: baseURL as string },
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(200);
  expect(await refused.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes\./);
  // In the page too.
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Too many attempts\. Please try again in \d+ minutes\./);
  await context.close();
});

test("the Google return is limited to 15 sign-in attempts per IP in 5 minutes", async ({ request }) => {
  const headers = { "X-Forwarded-For": uniqueIp() };
  for (let i = 0; i < 15; i++) {
    const res = await request.get("/api/auth/callback/google?code=x&state=y", { headers, maxRedirects: 0 });
    expect(res.status()).toBe(302);
  }
  const refused = await request.get("/api/auth/callback/google?code=x&state=y", { headers, maxRedirects: 0 });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.text()).toContain("Too many attempts.");
});

test("cross-site posts are refused: no code is sent, no one is signed out", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL);
  const email = uniqueEmail("csrf");
  for (const url of ["/login", "/login.data"]) {
    const res = await page.request.post(url, {
      form: { intent: "request-code", email },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(res.status(), url).toBe(403);
  }
  await new Promise((r) => setTimeout(r, 300));
  expect(mailsMentioning(outbox(), email)).toEqual([]);

  await page.goto(paths.login());
  await signInOnPage(page, uniqueEmail("victim"));
  await expect(page).toHaveURL(`${baseURL}/`);
  const forged = await page.request.post(paths.logout(), { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  await page.goto(paths.profile());
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await context.close();
});
