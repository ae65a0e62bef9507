import type { Browser, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { newVisitor, type Role, setRole, signedInWithRole, testVideo } from "../support/account-session";
import { type AppProcess, startApp } from "../support/app-process";
import { expect, playToken, test } from "./support";

/**
 * The console's Dashboard, Users and Audit log sections (issue 11) against the built server, on an app of
 * its own (its own database), so this file knows every admin there is: the dashboard's numbers against the
 * tables after a counted view and a like, a role change and its audit entry, the last admin kept, and the
 * three sections closed to everyone but admins.
 */

let app: AppProcess;
/** Every admin this file made, so a test can leave exactly one. */
const admins: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startApp();
});

test.afterAll(async () => {
  await app?.stop();
});

async function account(email: string): Promise<{ exists: boolean; id?: string; role?: Role }> {
  return (await fetch(`${app.origin}/__test/account?email=${encodeURIComponent(email)}`)).json();
}

const CONTEXT = { viewport: { width: 1280, height: 900 } };

const visitor = (browser: Browser) => newVisitor(browser, app.origin, CONTEXT);

/** A signed-in browser with `role` on this file's app (the account is made by signing in, then given the role). */
async function signedIn(browser: Browser, role: Role, tag: string = role) {
  const session = await signedInWithRole(browser, app.origin, role, { tag, dataDir: app.dataDir, ...CONTEXT });
  if (role === "admin") admins.push(session.email);
  return session;
}

async function siteTotals(): Promise<Record<string, number>> {
  return (await fetch(`${app.origin}/__test/site-totals`)).json();
}

/** Each total card's number as the dashboard shows it. */
async function shownTotals(page: Page): Promise<Record<string, number>> {
  const shown: Record<string, number> = {};
  for (const key of ["videos", "views", "likes", "comments", "messages"]) {
    const text = await page.locator(`[data-total="${key}"] dd`).first().textContent();
    shown[key] = Number((text ?? "").replace(/,/g, ""));
  }
  return shown;
}

/** Today's views in the chart's table (0 when the chart is empty). */
async function todaysViews(page: Page): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const row = page.locator("tr", { has: page.locator(`time[datetime="${today}"]`) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.locator("td").nth(1).textContent())?.replace(/,/g, ""));
}

/** A counted view of a new 2 s video through the real endpoints (the play token, then the view). */
async function countOneView(): Promise<string> {
  const videoId = await testVideo(app.origin, 2);
  const { cookie, token } = await playToken(app.origin, videoId);
  await new Promise((r) => setTimeout(r, 1_100));
  const res = await fetch(`${app.origin}${paths.api.views()}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ videoId, token }),
  });
  expect(await res.json()).toMatchObject({ counted: true });
  return videoId;
}

test("the dashboard's numbers match the database after a counted view and a like", async ({ browser }, testInfo) => {
  const admin = await signedIn(browser, "admin");
  await admin.page.goto(`${app.origin}${paths.admin.dashboard()}`);
  await expect(admin.page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(admin.page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  expect(await shownTotals(admin.page)).toEqual(await siteTotals());
  await admin.page.getByRole("link", { name: "7 days" }).click();
  await expect(admin.page).toHaveURL(/\?period=7$/);
  await expect(admin.page.getByRole("heading", { name: "Views per day, last 7 days" })).toBeVisible();
  const viewsToday = await todaysViews(admin.page);

  const videoId = await countOneView();
  const liker = await signedIn(browser, "user", "liker");
  const like = await liker.page.request.post(`${app.origin}${paths.api.like(videoId)}`, {
    form: { liked: "true", js: "1" },
    headers: { Origin: app.origin },
  });
  expect(like.status()).toBe(200);
  await liker.context.close();

  await admin.page.reload();
  const totals = await siteTotals();
  expect(await shownTotals(admin.page)).toEqual(totals);
  // The chart has today's view, readable as a table too; the new video is in the week's top list.
  await expect(admin.page.getByRole("img", { name: /Views per day, last 7 days/ })).toBeVisible();
  expect(await todaysViews(admin.page)).toBe(viewsToday + 1);
  await admin.page.screenshot({ path: testInfo.outputPath("dashboard-1280.png"), fullPage: true });
  await admin.page.setViewportSize({ width: 390, height: 844 });
  await admin.page.screenshot({ path: testInfo.outputPath("dashboard-390.png"), fullPage: true });

  await admin.page.setViewportSize({ width: 1280, height: 900 });
  await admin.page.goto(`${app.origin}/admin?period=90`);
  await expect(admin.page.getByRole("img", { name: /Views per day, last 90 days/ })).toBeVisible();
  await admin.page.screenshot({ path: testInfo.outputPath("dashboard-90-1280.png"), fullPage: true });

  // A period outside 7/30/90 is refused, not guessed.
  expect((await admin.page.request.get(`${app.origin}/admin?period=365`)).status()).toBe(400);
  await admin.context.close();
});

test("an admin changes a user's role and finds it in the audit log", async ({ browser }, testInfo) => {
  const member = await signedIn(browser, "user", "member");
  await member.context.close();
  const admin = await signedIn(browser, "admin");
  await admin.page.goto(`${app.origin}${paths.admin.users()}`);
  await admin.page.getByLabel("Search by e-mail").fill(member.email.slice(0, 14).toUpperCase());
  await admin.page.getByRole("button", { name: "Search users" }).click();
  const row = admin.page.locator(`[data-user-email="${member.email}"]`);
  await expect(row).toHaveCount(1);
  await expect(admin.page.locator("[data-user-email]")).toHaveCount(1);
  await row.getByLabel(`Role of ${member.email}`).selectOption("creator");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("status")).toHaveText("Saved: Creator.");
  await expect(row.getByText("Creator · joined")).toBeVisible();
  expect((await account(member.email)).role).toBe("creator");
  await admin.page.screenshot({ path: testInfo.outputPath("users-1280.png"), fullPage: true });

  await admin.page.getByRole("link", { name: "Audit log" }).click();
  await admin.page.getByLabel("Action").selectOption("user.role");
  await admin.page.getByLabel("Admin's e-mail contains").fill(admin.email);
  await admin.page.getByRole("button", { name: "Filter" }).click();
  await expect(admin.page).toHaveURL(/action=user\.role/);
  const entry = admin.page.locator('[data-audit-action="user.role"]').first();
  await expect(entry).toContainText(member.email);
  await expect(entry).toContainText(`by ${admin.email}`);
  await expect(entry.getByRole("list", { name: "Changes" })).toHaveText(/role:\s*"user"\s*→?\s*changed to\s*"creator"/);
  await admin.page.screenshot({ path: testInfo.outputPath("audit-1280.png"), fullPage: true });
  await admin.page.setViewportSize({ width: 390, height: 844 });
  await admin.page.screenshot({ path: testInfo.outputPath("audit-390.png"), fullPage: true });
  await admin.page.goto(`${app.origin}/admin/users?q=${encodeURIComponent(member.email)}`);
  await admin.page.screenshot({ path: testInfo.outputPath("users-390.png"), fullPage: true });
  // Another admin's filter finds none of this admin's entries.
  await admin.page.goto(`${app.origin}/admin/audit?action=user.&actor=nobody-here`);
  await expect(admin.page.getByText("No entries match this filter.")).toBeVisible();
  await admin.context.close();
});

test("the last admin can neither be demoted nor delete their account", async ({ browser }) => {
  const admin = await signedIn(browser, "admin", "last");
  for (const other of admins.filter((e) => e !== admin.email)) await setRole(app.origin, other, "user");

  await admin.page.goto(`${app.origin}/admin/users?q=${encodeURIComponent(admin.email)}`);
  const row = admin.page.locator(`[data-user-email="${admin.email}"]`);
  await row.getByLabel(`Role of ${admin.email}`).selectOption("user");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("alert")).toHaveText("This is the last admin: make someone else an admin first.");
  await expect(row.getByLabel(`Role of ${admin.email}`)).toHaveAttribute("aria-invalid", "true");
  expect((await account(admin.email)).role).toBe("admin");

  await admin.page.goto(`${app.origin}${paths.settings()}`);
  await admin.page.getByRole("button", { name: "Delete my account…" }).click();
  await admin.page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await admin.page.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(admin.page.getByRole("alert")).toContainText("You are the last admin");
  expect((await account(admin.email)).exists).toBe(true);
  expect((await admin.page.request.get(`${app.origin}${paths.admin.dashboard()}`)).status()).toBe(200);
  await admin.context.close();
});

test("visitors, users and creators get 404 for every page and action of these sections, and change nothing", async ({ browser }) => {
  const people = [await visitor(browser), await signedIn(browser, "user"), await signedIn(browser, "creator")];
  for (const person of people) {
    for (const url of [
      "/admin",
      "/admin.data",
      "/admin?period=7",
      "/admin/users",
      "/admin/users.data",
      "/admin/users?q=a",
      "/admin/audit",
      "/admin/audit.data",
    ]) {
      const res = await person.page.request.get(`${app.origin}${url}`, { maxRedirects: 0 });
      expect(res.status(), url).toBe(404);
    }
    for (const url of ["/admin/users", "/admin/audit"]) {
      const page = await person.page.goto(`${app.origin}${url}`);
      expect(page?.status()).toBe(404);
      await expect(person.page.getByText("Page Not Found")).toBeVisible();
    }
    // Making themselves an admin: refused before the body counts.
    const email = "email" in person ? (person.email as string) : undefined;
    const userId = email ? ((await account(email)).id as string) : "someone";
    const res = await person.page.request.post(`${app.origin}${paths.admin.users()}`, {
      form: { intent: "role", userId, role: "admin" },
      headers: { Origin: app.origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(404);
    if (email) expect((await account(email)).role).not.toBe("admin");
    await person.context.close();
  }
});
