import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { accountState, newVisitor, signedIn, signInOnPage, testVideo, uniqueEmail } from "../support/account-session";
import { expect, startPlayback, test } from "./support";

/**
 * Accounts are real (docs/product.md "Accounts", issue 10 item 5): favorites, watch history with the resume offer, the
 * pause switch, settings (display name, data export, sign out everywhere, deletion). Every outcome is read
 * back from the database through the test hooks, not only from the page.
 */

const form = (fields: Record<string, string>) => ({ form: fields, maxRedirects: 0, failOnStatusCode: false });

async function shortestVideo(baseURL: string | undefined): Promise<{ id: string; duration: number }> {
  const { video } = (await (await fetch(`${baseURL}/__test/shortest-video`)).json()) as { video: { id: string; duration: number } };
  return video;
}

test("favorites: a visitor signs in from the button and comes back; add, list with pages, remove from a card", async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("fav");
  const { context, page } = await newVisitor(browser, baseURL);
  const videoId = await testVideo(baseURL);
  await page.goto(paths.video(videoId));
  await page.getByRole("link", { name: "Favorite" }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/video/${videoId}`)}$`));
  await signInOnPage(page, email);
  await expect(page).toHaveURL(new RegExp(`/video/${videoId}$`));

  const button = page.getByRole("button", { name: "Favorite", exact: true });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await accountState(baseURL, email)).favorites).toBe(1);
  await page.reload();
  await expect(page.getByRole("button", { name: "Favorite", exact: true })).toHaveAttribute("aria-pressed", "true");

  // 16 more: two pages, the newest first.
  const more: string[] = [];
  for (let i = 0; i < 16; i++) more.push(await testVideo(baseURL));
  for (const id of more) {
    const res = await page.request.post(paths.api.favorites(), form({ videoId: id, favorite: "true" }));
    expect(res.status()).toBe(200);
  }
  expect((await accountState(baseURL, email)).favorites).toBe(17);
  await page.goto(paths.favorites());
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(page.locator("article")).toHaveCount(16);
  await expect(page.locator("article").first().locator("a").first()).toHaveAttribute("href", `/video/${more.at(-1)}`);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/favorites\?page=2$/);
  await expect(page.locator("article")).toHaveCount(1);

  // The card's control removes it; the list revalidates to the empty page's redirect-free state.
  const cardControl = page
    .locator("article")
    .first()
    .getByRole("button", { name: /^Favorite: / });
  await expect(cardControl).toHaveAttribute("aria-pressed", "true");
  await cardControl.click();
  await expect.poll(async () => (await accountState(baseURL, email)).favorites).toBe(16);
  // Past the last page now: sent to page 1.
  await page.goto("/favorites?page=2");
  await expect(page).toHaveURL(/\/favorites$/);

  for (const id of more) await page.request.post(paths.api.favorites(), form({ videoId: id, favorite: "false" }));
  await page.goto(paths.favorites());
  await expect(page.getByText("Your favorite videos will appear here.")).toBeVisible();
  expect((await accountState(baseURL, email)).favorites).toBe(0);
  await context.close();
});

test("listing cards carry the favorite control for a signed-in user; pages are never shared-cached; 'Loading...' on the way to one", async ({
  browser,
  baseURL,
}) => {
  const [chosen, other] = [await testVideo(baseURL), await testVideo(baseURL)];
  const card = (page: Page, id: string) => page.locator("article", { has: page.locator(`a[href="/video/${id}"]`) });

  // Visitors: no control on cards; the page is per visitor (age gate), so only their browser may keep it.
  const visitor = await newVisitor(browser, baseURL);
  const visitorHome = await visitor.page.goto(paths.home());
  expect(visitorHome?.headers()["cache-control"]).toBe("private, no-cache");
  await expect(card(visitor.page, chosen)).toBeVisible();
  await expect(card(visitor.page, chosen).getByRole("button", { name: /^Favorite: / })).toHaveCount(0);
  await visitor.context.close();

  const email = uniqueEmail("cards");
  const { context, page } = await signedIn(browser, baseURL, email, "/");
  await page.request.post(paths.api.favorites(), form({ videoId: chosen, favorite: "true" }));
  const home = await page.goto(paths.home());
  // A signed-in user's pages show their menu: stored by no cache at all.
  expect(home?.headers()["cache-control"]).toBe("private, no-store");
  await expect(card(page, chosen).getByRole("button", { name: /^Favorite: / })).toHaveAttribute("aria-pressed", "true");
  const otherControl = card(page, other).getByRole("button", { name: /^Favorite: / });
  await expect(otherControl).toHaveAttribute("aria-pressed", "false");
  await otherControl.click();
  await expect(otherControl).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await accountState(baseURL, email)).favorites).toBe(2);
  await page.reload();
  await expect(card(page, other).getByRole("button", { name: /^Favorite: / })).toHaveAttribute("aria-pressed", "true");

  // A client-side navigation to a signed-in page says 'Loading...' while the server checks the session.
  await page.route("**/favorites.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Favorites" }).click();
  await expect(page.getByText("Loading...", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await context.close();
});

test("watch history: recorded while watching, resume offer seeks the player, remove one, clear all, pause switch", async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("hist");
  const video = await shortestVideo(baseURL);
  const { context, page } = await signedIn(browser, baseURL, email, `/video/${video.id}`);
  await startPlayback(page);
  // A pause reports the position at once.
  const target = Math.max(6, Math.min(video.duration - 12, video.duration / 2));
  await page.locator("video").evaluate((v: HTMLVideoElement, s) => {
    v.currentTime = s;
  }, target);
  // Playing on from there for a moment (the player reports its time), then a pause reports it at once.
  await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(target + 0.5);
  // The pause reports at once (unless the 10-second report has just sent the same second).
  await page.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
  const paused = await page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(async () => (await accountState(baseURL, email)).history?.[0]?.position_seconds ?? 0)
    .toBeGreaterThanOrEqual(Math.floor(target));
  const stored = Number((await accountState(baseURL, email)).history?.[0]?.position_seconds);
  expect(Math.abs(stored - paused)).toBeLessThan(1.5);

  // The offer on the next visit, at the stored position; pressing it seeks and plays.
  await page.reload();
  const offer = page.getByRole("button", { name: /^Resume at \d+:\d{2}$/ });
  await expect(offer).toHaveText(`Resume at 0:${String(Math.floor(stored)).padStart(2, "0")}`);
  await offer.click();
  await expect
    .poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(Math.floor(target));
  await expect(offer).toBeHidden();
  await page.locator("video").evaluate((v: HTMLVideoElement) => v.pause());

  // Leaving the page sends its last report (pagehide): done before the second video is recorded, so that
  // report cannot land after it and make the first video the newest again.
  await page.goto(paths.home());
  // A second video, recorded through the endpoint: the list is newest first.
  const second = await testVideo(baseURL, 300);
  expect((await page.request.post(paths.api.history(), form({ videoId: second, position: "42.5" }))).status()).toBe(200);
  await page.goto(paths.history());
  await expect(page.getByRole("heading", { level: 1, name: "Watch History" })).toBeVisible();
  const rows = page.getByRole("list", { name: "Recently watched videos" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Stopped at 0:42 of 5:00");

  // Remove one, then clear all.
  await rows
    .first()
    .getByRole("button", { name: /^Remove / })
    .click();
  await expect(rows).toHaveCount(1);
  expect((await accountState(baseURL, email)).history?.map((h) => h.video_id)).toEqual([video.id]);
  await page.getByRole("button", { name: "Clear all history" }).click();
  await expect(page.getByText("Your recently watched videos will appear here.")).toBeVisible();
  expect((await accountState(baseURL, email)).history).toEqual([]);

  // Paused: nothing is recorded, neither by the player nor by a direct post.
  const pause = page.getByRole("switch", { name: "Pause watch history" });
  await expect(pause).toHaveAttribute("aria-checked", "false");
  await pause.click();
  await expect(pause).toHaveAttribute("aria-checked", "true");
  expect((await accountState(baseURL, email)).historyPaused).toBe(true);
  expect(await (await page.request.post(paths.api.history(), form({ videoId: second, position: "10" }))).json()).toEqual({
    recorded: false,
    reason: "paused",
  });
  await page.goto(paths.video(video.id));
  await startPlayback(page);
  await page.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
  await page.waitForTimeout(1000);
  expect((await accountState(baseURL, email)).history).toEqual([]);
  await page.goto(paths.history());
  await page.getByRole("switch", { name: "Pause watch history" }).click();
  await expect(page.getByRole("switch", { name: "Pause watch history" })).toHaveAttribute("aria-checked", "false");
  expect((await accountState(baseURL, email)).historyPaused).toBe(false);
  await context.close();
});

test("settings: display name (validated) and initial, data export, sign out of every device", async ({ browser, baseURL }) => {
  const email = uniqueEmail("settings");
  const { context, page } = await signedIn(browser, baseURL, email, "/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByText("Manage your account preferences here.")).toBeVisible();

  const name = page.getByRole("textbox", { name: "Display name" });
  await name.fill("   ");
  await page.getByRole("region", { name: "Display name" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Display name is required")).toBeVisible();
  expect((await accountState(baseURL, email)).name).toBe(""); // e-mail code sign-ups start without a name
  // The server refuses what the browser would (a direct post).
  const refused = await page.request.post(paths.settings(), {
    ...form({ intent: "name", name: "x".repeat(51) }),
    headers: { origin: baseURL as string },
  });
  expect(refused.status()).toBe(400);
  await name.fill("  Ada   Lovelace ");
  await page.getByRole("region", { name: "Display name" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Display name saved.")).toBeVisible();
  expect((await accountState(baseURL, email)).name).toBe("Ada Lovelace");
  await expect(page.getByRole("button", { name: "Account menu for Ada Lovelace" })).toBeVisible();
  await expect(page.locator('header [data-avatar="initial"]')).toHaveAttribute("data-glyph", "A");
  await page.goto(paths.profile());
  await expect(page.getByText("Welcome, Ada Lovelace!")).toBeVisible();

  // Download my data: the JSON file holds the profile, favorites and history.
  const videoId = await testVideo(baseURL);
  await page.request.post(paths.api.favorites(), form({ videoId, favorite: "true" }));
  await page.request.post(paths.api.history(), form({ videoId, position: "33" }));
  await page.goto(paths.settings());
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pleazure-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path()) as string, "utf8"));
  expect(exported).toMatchObject({
    profile: { email, name: "Ada Lovelace" },
    comments: [],
    likes: [],
    favorites: [{ videoId }],
    history: [{ videoId, positionSeconds: 33 }],
  });
  expect(JSON.stringify(exported)).not.toMatch(/token|password/i);

  // A second device, then sign out of every device from the first.
  const other = await signedIn(browser, baseURL, email, "/profile");
  expect((await accountState(baseURL, email)).sessions).toBe(2);
  await page.getByRole("button", { name: "Sign out of every device" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  expect((await accountState(baseURL, email)).sessions).toBe(0);
  await other.page.goto(paths.profile());
  await expect(other.page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await other.context.close();
  await context.close();
});

test("deleting the account: confirmation, likes counted down, comments kept as placeholders, signed out", async ({ browser, baseURL }) => {
  const email = uniqueEmail("delete");
  const videoId = await testVideo(baseURL);
  const { context, page } = await signedIn(browser, baseURL, email, "/settings");
  const activity = (await (
    await fetch(`${baseURL}/__test/account/activity`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, videoId }),
    })
  ).json()) as { commentId: string; likes: number };
  expect(activity.likes).toBe(1);
  await page.request.post(paths.api.favorites(), form({ videoId, favorite: "true" }));
  await page.request.post(paths.api.history(), form({ videoId, position: "12" }));
  expect(await accountState(baseURL, email)).toMatchObject({ exists: true, likes: 1, comments: 1, favorites: 1, sessions: 1 });

  await page.getByRole("button", { name: "Delete my account…" }).click();
  const confirm = page.getByRole("button", { name: "Delete my account permanently" });
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Type DELETE to confirm").fill("delete");
  await expect(confirm).toBeDisabled();
  // The server checks the word too.
  const unconfirmed = await page.request.post(paths.settings(), {
    ...form({ intent: "delete", confirm: "nope" }),
    headers: { origin: baseURL as string },
  });
  expect(unconfirmed.status()).toBe(400);
  expect((await accountState(baseURL, email)).exists).toBe(true);

  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await confirm.click();
  await expect(page).toHaveURL(/\/\?account=deleted$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(await accountState(baseURL, email)).toEqual({ exists: false });
  const after = (await (await fetch(`${baseURL}/__test/community?videoId=${videoId}`)).json()) as {
    likes: number;
    comments: { id: string; user_id: string | null; parent_id: string | null; content: string; is_deleted: boolean }[];
  };
  expect(after.likes).toBe(0);
  expect(after.comments).toHaveLength(2);
  expect(after.comments).toEqual(
    expect.arrayContaining([
      { id: activity.commentId, user_id: null, parent_id: null, content: "[deleted]", is_deleted: true },
      expect.objectContaining({ parent_id: activity.commentId, content: "A reply that stays", is_deleted: false }),
    ]),
  );
  await page.goto(paths.settings());
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  await context.close();
});

/** The HTTP role matrix rows of the account features (issue 10 item 8): visitor vs user, asserted from the database. */
test("role matrix: visitors are refused every account write and page, users allowed on their own; cross-site refused", async ({
  browser,
  baseURL,
  request: visitor,
}) => {
  const email = uniqueEmail("matrix");
  const videoId = await testVideo(baseURL);
  const { context, page } = await signedIn(browser, baseURL, email, "/profile");
  const user: APIRequestContext = page.request;
  const origin = { origin: baseURL as string };
  const evil = { origin: "https://evil.example" };
  const state = () => accountState(baseURL, email);

  // Pages: visitors to sign in, users see them.
  for (const path of ["/profile", "/favorites", "/history", "/settings"]) {
    const v = await visitor.get(path, { maxRedirects: 0 });
    expect(v.status(), `visitor ${path}`).toBe(302);
    expect(v.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await user.get(path, { maxRedirects: 0 })).status(), `user ${path}`).toBe(200);
  }

  // Favorite / unfavorite.
  expect((await visitor.post(paths.api.favorites(), form({ videoId, favorite: "true" }))).status()).toBe(401);
  expect((await user.post(paths.api.favorites(), { ...form({ videoId, favorite: "true" }), headers: evil })).status()).toBe(403);
  expect((await state()).favorites).toBe(0);
  expect((await user.post(paths.api.favorites(), { ...form({ videoId, favorite: "true" }), headers: origin })).status()).toBe(200);
  expect((await state()).favorites).toBe(1);
  expect((await visitor.post(paths.api.favorites(), form({ videoId, favorite: "false" }))).status()).toBe(401);
  expect((await user.post(paths.api.favorites(), { ...form({ videoId, favorite: "false" }), headers: evil })).status()).toBe(403);
  expect((await state()).favorites).toBe(1);
  expect((await user.post(paths.api.favorites(), form({ videoId, favorite: "false" }))).status()).toBe(200);
  expect((await state()).favorites).toBe(0);

  // History record.
  expect((await visitor.post(paths.api.history(), form({ videoId, position: "20" }))).status()).toBe(401);
  expect((await user.post(paths.api.history(), { ...form({ videoId, position: "20" }), headers: evil })).status()).toBe(403);
  expect((await state()).history).toEqual([]);
  expect((await user.post(paths.api.history(), form({ videoId, position: "20" }))).status()).toBe(200);
  expect((await state()).history).toEqual([{ video_id: videoId, position_seconds: 20 }]);

  // History remove / clear / pause: page actions (cross-site posts never reach them).
  for (const fields of [{ intent: "remove", videoId }, { intent: "clear" }, { intent: "pause", paused: "true" }] as Record<
    string,
    string
  >[]) {
    const v = await visitor.post(paths.history(), form(fields));
    expect(v.status(), `visitor ${fields.intent}`).toBe(302);
    expect((await user.post(paths.history(), { ...form(fields), headers: evil })).status(), `cross-site ${fields.intent}`).toBe(403);
  }
  expect(await state()).toMatchObject({ history: [{ video_id: videoId }], historyPaused: false });
  expect((await user.post(paths.history(), { ...form({ intent: "remove", videoId }), headers: origin })).status()).toBe(200);
  expect((await state()).history).toEqual([]);
  await user.post(paths.api.history(), form({ videoId, position: "20" }));
  expect((await user.post(paths.history(), { ...form({ intent: "clear" }), headers: origin })).status()).toBe(200);
  expect((await state()).history).toEqual([]);
  expect((await user.post(paths.history(), { ...form({ intent: "pause", paused: "true" }), headers: origin })).status()).toBe(200);
  expect((await state()).historyPaused).toBe(true);

  // Export: visitors get 401, cross-site 403, the user their own file.
  expect((await visitor.post(paths.settingsExport(), form({}))).status()).toBe(401);
  expect((await user.post(paths.settingsExport(), { ...form({}), headers: evil })).status()).toBe(403);
  const mine = await user.post(paths.settingsExport(), form({}));
  expect(mine.status()).toBe(200);
  expect(mine.headers()["content-disposition"]).toMatch(/^attachment; filename="pleazure-data-/);
  expect((await mine.json()).profile.email).toBe(email);

  // Settings writes: display name, sign out everywhere, deletion.
  for (const fields of [
    { intent: "name", name: "Mallory" },
    { intent: "sign-out-everywhere" },
    { intent: "delete", confirm: "DELETE" },
  ] as Record<string, string>[]) {
    expect((await visitor.post(paths.settings(), form(fields))).status(), `visitor ${fields.intent}`).toBe(302);
    expect((await user.post(paths.settings(), { ...form(fields), headers: evil })).status(), `cross-site ${fields.intent}`).toBe(403);
  }
  expect(await state()).toMatchObject({ exists: true, name: "", sessions: 1 });
  expect((await user.post(paths.settings(), { ...form({ intent: "delete", confirm: "DELETE" }), headers: origin })).status()).toBe(302);
  expect(await state()).toEqual({ exists: false });
  await context.close();
});
