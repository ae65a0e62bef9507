import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page } from "@playwright/test";

/**
 * Signing in for account tests: the real e-mail code flow (the code read from the server's outbox, as in
 * tests/e2e/auth.spec.ts). Each context gets its own X-Forwarded-For address, hence its own rate-limit buckets.
 */

const OUTBOX = () => path.join(process.env.E2E_DATA_DIR as string, "outbox");

export function uniqueIp(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c ?? 1)}`;
}

export const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(5).toString("hex")}@example.com`;

export async function newVisitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() }, acceptDownloads: true });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  return { context, page: await context.newPage() };
}

/** The newest sign-in code mailed to `email` that was not used yet. */
async function codeFromOutbox(email: string, skip: Set<string>): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const files = fs.existsSync(OUTBOX()) ? fs.readdirSync(OUTBOX()).sort().reverse() : [];
    for (const file of files) {
      if (skip.has(file)) continue;
      const text = fs.readFileSync(path.join(OUTBOX(), file), "utf8");
      if (text.includes(`To: ${email}`)) {
        const code = /sign-in code is: (\d{6})/.exec(text)?.[1];
        if (code) {
          skip.add(file);
          return code;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code for ${email}`);
}

const used = new Set<string>();

/** On the sign-in page (already open): signs in with an e-mail code and waits to leave /login. */
export async function signInOnPage(page: Page, email: string): Promise<void> {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await page.getByLabel("6-digit code").fill(await codeFromOutbox(email, used));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new browser context signed in as `email` (created on first sign-in), on `landing`. */
export async function signedIn(browser: Browser, baseURL: string | undefined, email: string, landing = "/profile") {
  const visitor = await newVisitor(browser, baseURL);
  await visitor.page.goto(`/login?redirectTo=${encodeURIComponent(landing)}`);
  await signInOnPage(visitor.page, email);
  return visitor;
}

export interface AccountState {
  exists: boolean;
  id?: string;
  name?: string | null;
  historyPaused?: boolean;
  favorites?: number;
  history?: { video_id: string; position_seconds: number }[];
  likes?: number;
  sessions?: number;
  comments?: number;
}

/** What the database holds for the account (server/http/test-hooks.ts). */
export async function accountState(baseURL: string | undefined, email: string): Promise<AccountState> {
  const res = await fetch(`${baseURL}/__test/account?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`account hook answered ${res.status}`);
  return (await res.json()) as AccountState;
}

/** A public video without media (API tests), in a category of its own. */
export async function testVideo(baseURL: string | undefined, duration = 120): Promise<string> {
  const res = await fetch(`${baseURL}/__test/videos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ duration }),
  });
  return ((await res.json()) as { videoId: string }).videoId;
}
