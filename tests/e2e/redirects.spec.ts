import { type APIRequestContext, type APIResponse, expect, type PlaywrightWorkerArgs, test } from "@playwright/test";
import { codeFromOutbox, signInOverHttp, testVideo, uniqueEmail, uniqueIp } from "../support/account-session";
import { e2eSite } from "../support/e2e-site";
import { signInFormToken } from "../support/form-token";
import { HOSTILE_REDIRECTS } from "../support/hostile-redirects";
import { type OidcProvider, startOidcProvider } from "../support/oidc-provider";

/**
 * No open redirect (issue 19 item 1): every place that sends a visitor to `redirectTo` is tried over HTTP with
 * every hostile target of tests/support/hostile-redirects.ts, and each answer's Location must stay on the site:
 * the sign-in page for a signed-in visitor, the e-mail code sign-in, the return from Google, and the
 * favorites form without JavaScript (signed in and as a visitor), and the age gate's return to the page it was
 * answered on.
 */

test.describe.configure({ timeout: 180_000 });

/** Fails with the target when `location` would take a browser off `origin`, as sent or percent-decoded. */
function expectOnSite(origin: string, target: string, location: string | undefined) {
  expect(location, `no Location for ${JSON.stringify(target)}`).toBeTruthy();
  for (const form of [location as string, decodeURIComponent(location as string)]) {
    const resolved = new URL(form, origin);
    expect(resolved.origin, `${JSON.stringify(target)} → ${location}`).toBe(origin);
    if (!/^https?:/.test(form)) expect(form, `${JSON.stringify(target)} → ${location}`).toMatch(/^\/(?![/\\])/);
  }
}

/**
 * An answer to a hostile target: a redirect that stays on the site, or (for a target the HTTP layer cannot read,
 * such as one with a control character) a 400 that redirects nowhere. Returns whether it redirected.
 */
function expectNoWayOff(origin: string, target: string, res: APIResponse): boolean {
  if (res.status() === 400) {
    expect(res.headers().location, JSON.stringify(target)).toBeUndefined();
    return false;
  }
  expect([302, 303], JSON.stringify(target)).toContain(res.status());
  expectOnSite(origin, target, res.headers().location);
  return true;
}

async function signedInRequest(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string) {
  const ip = uniqueIp();
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip } });
  await signInOverHttp(request, uniqueEmail("redirects"), ip);
  return request;
}

test("the sign-in page sends a signed-in visitor only to this site", async ({ playwright, baseURL }) => {
  const origin = baseURL as string;
  const request = await signedInRequest(playwright, origin);
  let redirected = 0;
  for (const target of HOSTILE_REDIRECTS) {
    const res = await request.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    if (expectNoWayOff(origin, target, res)) redirected++;
  }
  expect(redirected).toBeGreaterThan(30);
  // The reported case, as an attacker would send it (unencoded in the query).
  const raw = await request.get("/login?redirectTo=/.//evil.example/x", { maxRedirects: 0 });
  expect(raw.headers().location).toBe("/");
  await request.dispose();
});

test("signing in with an e-mail code lands only on this site", async ({ playwright, baseURL }) => {
  const origin = baseURL as string;
  let redirected = 0;
  for (const target of HOSTILE_REDIRECTS) {
    const ip = uniqueIp();
    const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": ip } });
    const email = uniqueEmail("redirect-code");
    // The code is asked for without the target: a form the HTTP layer cannot read is refused before any mail.
    const asked = await request.post("/login", { form: { intent: "request-code", email, formToken: await signInFormToken(origin) } });
    expect(asked.status(), JSON.stringify(target)).toBe(200);
    const code = await codeFromOutbox(email);
    const res = await request.post("/login", { form: { intent: "verify-code", email, code, redirectTo: target }, maxRedirects: 0 });
    if (expectNoWayOff(origin, target, res)) redirected++;
    await request.dispose();
  }
  expect(redirected).toBeGreaterThan(30);
});

test("the favorites form without JavaScript goes back only to this site", async ({ playwright, baseURL }) => {
  const origin = baseURL as string;
  const videoId = await testVideo(origin);
  const signedIn = await signedInRequest(playwright, origin);
  const visitor = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() } });
  for (const [who, request] of [
    ["signed in", signedIn],
    ["visitor", visitor],
  ] as const) {
    for (const [i, target] of HOSTILE_REDIRECTS.entries()) {
      const res = await request.post("/api/favorites", {
        form: { videoId, favorite: i % 2 === 0 ? "true" : "false", redirectTo: target },
        headers: { Accept: "text/html", Origin: origin },
        maxRedirects: 0,
      });
      if (!expectNoWayOff(origin, `${who} ${target}`, res)) continue;
      const location = res.headers().location;
      // A visitor is sent to sign in first; the page to come back to must be safe too.
      const back = new URL(location as string, origin).searchParams.get("redirectTo");
      if (back !== null) expectOnSite(origin, target, back);
    }
  }
  await signedIn.dispose();
  await visitor.dispose();
});

test("the age gate without JavaScript goes back only to this site", async ({ request, baseURL }) => {
  const origin = baseURL as string;
  let tried = 0;
  for (const target of HOSTILE_REDIRECTS) {
    // The page the gate was answered on, as the browser reports it: this site's origin and the hostile path.
    let referer: string;
    try {
      referer = new URL(`${origin}${target.startsWith("/") ? target : `/${target}`}`).href;
    } catch {
      continue;
    }
    if (!/^[\x20-\x7e]*$/.test(referer)) continue; // not sendable as a header
    tried++;
    const res = await request.post("/age-verification", { form: { answer: "adult" }, headers: { Referer: referer }, maxRedirects: 0 });
    expect(res.status(), referer).toBe(302);
    expectOnSite(origin, referer, res.headers().location);
  }
  expect(tried).toBeGreaterThan(30);
});

test.describe("Google", () => {
  let provider: OidcProvider;
  test.beforeAll(async () => {
    provider = await startOidcProvider(e2eSite().oidcPort, { email: uniqueEmail("redirect-google"), name: "R" });
  });
  test.afterAll(async () => provider?.stop());

  /** Goes from the sign-in form through the provider and back; returns where the site sends the browser then. */
  async function returnFromGoogle(request: APIRequestContext, target: string): Promise<string | undefined> {
    const start = await request.post("/login", { form: { intent: "google", redirectTo: target }, maxRedirects: 0 });
    if (start.status() === 400) return undefined; // unreadable: refused before Google was asked
    expect(start.status(), JSON.stringify(target)).toBe(302);
    const authorize = await request.get(start.headers().location as string, { maxRedirects: 0 });
    expect(authorize.status(), JSON.stringify(target)).toBe(302);
    const callback = await request.get(authorize.headers().location as string, { maxRedirects: 0 });
    expect(callback.status(), JSON.stringify(target)).toBe(302);
    return callback.headers().location;
  }

  test("the return from Google lands only on this site", async ({ playwright, baseURL }) => {
    const origin = baseURL as string;
    let redirected = 0;
    for (const target of HOSTILE_REDIRECTS) {
      const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() } });
      provider.setUser({ email: uniqueEmail("redirect-google"), name: "R" });
      const location = await returnFromGoogle(request, target);
      if (location === undefined) continue;
      redirected++;
      expectOnSite(origin, target, location);
      await request.dispose();
    }
    expect(redirected).toBeGreaterThan(30);
  });
});
