import crypto from "node:crypto";
import path from "node:path";
import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { e2eSite } from "./e2e-site";
import { formTokenIn } from "./form-token";
import { awaitSignInCode } from "./outbox";

/**
 * Signing in for the end-to-end tests: the real e-mail code flow, the code read from the server's outbox as
 * a person reads the message, in a page or over HTTP; a role given through the test hook; a public test
 * video. Each visitor gets its own X-Forwarded-For address, hence its own rate-limit buckets. Everything
 * talks to the test's shared e2e server (tests/support/e2e-site.ts) unless a spec that starts its own passes its origin and
 * data dir.
 */

export type Role = "user" | "creator" | "admin";

/** A new browser context's options, and the data dir of the server it signs in to (the shared server's if none). */
export type SessionOptions = BrowserContextOptions & { dataDir?: string };

/** The folder the server writes its mail to. */
export const outbox = (dataDir = e2eSite().dataDir) => path.join(dataDir, "outbox");

export function uniqueIp(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c ?? 1)}`;
}

export const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(5).toString("hex")}@example.com`;

/** A browser context past the age gate, from an address of its own (`ip`), and a page in it. */
export async function newVisitor(browser: Browser, origin: string | undefined, options: SessionOptions = {}) {
  const { dataDir: _, ...contextOptions } = options;
  const ip = uniqueIp();
  const context = await browser.newContext({
    acceptDownloads: true,
    ...contextOptions,
    extraHTTPHeaders: { ...contextOptions.extraHTTPHeaders, "X-Forwarded-For": ip },
  });
  await context.addCookies([{ name: "ageVerified", value: "true", url: origin as string }]);
  return { context, page: await context.newPage(), ip };
}

/**
 * The newest sign-in code mailed to `email`, waiting up to 10 s for it. With `skip`, messages in it are
 * passed over and the one read is added (so a second sign-in never takes the first one's code). Several
 * data dirs: the outboxes of several app instances, whichever sent it.
 */
export async function codeFromOutbox(
  email: string,
  options: { dataDir?: string | readonly string[]; skip?: Set<string> } = {},
): Promise<string> {
  const dirs = (Array.isArray(options.dataDir) ? options.dataDir : [options.dataDir]).map((d) => outbox(d as string | undefined));
  return awaitSignInCode(dirs, email, options.skip);
}

/** Messages whose code a sign-in below has used. */
const used = new Set<string>();

/** On the sign-in page (already open): asks for a code for `email` and waits for the page to say it was sent. */
export async function requestCode(page: Page, email: string): Promise<void> {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
}

/** On the sign-in page (already open): signs in with an e-mail code and waits to leave /login. */
export async function signInOnPage(page: Page, email: string, options: { dataDir?: string } = {}): Promise<void> {
  await requestCode(page, email);
  await page.getByLabel("6-digit code").fill(await codeFromOutbox(email, { dataDir: options.dataDir, skip: used }));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new visitor signed in as `email` (the account is created on first sign-in), on `landing`. */
export async function signedIn(
  browser: Browser,
  origin: string | undefined,
  email: string,
  landing = paths.profile(),
  options: SessionOptions = {},
) {
  const visitor = await newVisitor(browser, origin, options);
  await visitor.page.goto(`${origin}${paths.login(landing)}`);
  await signInOnPage(visitor.page, email, options);
  return visitor;
}

/** Signs `email` in on `request` (a browser context's request shares its cookies with the pages), from `ip`. */
export async function signInOverHttp(request: APIRequestContext, email: string, ip: string): Promise<void> {
  const headers = { "X-Forwarded-For": ip };
  const formToken = formTokenIn(await (await request.get(paths.login(), { headers })).text());
  const asked = await request.post(paths.login(), { form: { intent: "request-code", email, redirectTo: "/", formToken }, headers });
  if (asked.status() >= 400) throw new Error(`code request answered ${asked.status()}`);
  const code = await codeFromOutbox(email, { skip: used });
  const verified = await request.post(paths.login(), {
    form: { intent: "verify-code", email, code, redirectTo: "/" },
    headers,
    maxRedirects: 0,
  });
  if (verified.status() !== 302) throw new Error(`sign-in answered ${verified.status()}`);
}

/** POSTs `body` as JSON to a test hook (tests/support/composition/test-routes.ts); throws unless it answers 2xx. */
export async function postTestHook(origin: string | undefined, hook: string, body: unknown): Promise<Response> {
  const res = await fetch(`${origin}/__test/${hook}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${hook} hook answered ${res.status}`);
  return res;
}

/** Sets the account's role (the users service behind `user:role`) and returns its id. */
export async function setRole(origin: string | undefined, email: string, role: Role): Promise<string> {
  const res = await postTestHook(origin, "users/role", { email, role });
  const { user } = (await res.json()) as { user: { id: string } | null };
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/**
 * A new visitor signed in on the home page as a new account (`<tag>-…@example.com`, `tag` the role unless
 * given) that is then given `role`: its email and id come along.
 */
export async function signedInWithRole(
  browser: Browser,
  origin: string | undefined,
  role: Role,
  { tag = role, ...options }: SessionOptions & { tag?: string } = {},
) {
  const email = uniqueEmail(tag);
  const session = await signedIn(browser, origin, email, "/", options);
  await expect(session.page.getByRole("button", { name: /^Account menu for/ })).toBeVisible();
  return { ...session, email, id: await setRole(origin, email, role) };
}

export interface AccountState {
  exists: boolean;
  id?: string;
  name?: string | null;
  role?: Role;
  emailVerified?: boolean;
  avatarUrl?: string | null;
  providers?: string[];
  historyPaused?: boolean;
  favorites?: number;
  history?: { video_id: string; position_seconds: number }[];
  likes?: number;
  sessions?: number;
  comments?: number;
  playlists?: { id: string; kind: "playlist" | "watch_later"; title: string; isPublic: boolean; videos: string[] }[];
}

/** What the database holds for the account (tests/support/composition/test-routes.ts). */
export async function accountState(baseURL: string | undefined, email: string): Promise<AccountState> {
  const res = await fetch(`${baseURL}/__test/account?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`account hook answered ${res.status}`);
  return (await res.json()) as AccountState;
}

/** A public video of its own without media (the page says so), in a category of its own, so counts start at 0. */
export async function testVideo(origin: string | undefined, duration = 120): Promise<string> {
  const res = await postTestHook(origin, "videos", { duration });
  return ((await res.json()) as { videoId: string }).videoId;
}
