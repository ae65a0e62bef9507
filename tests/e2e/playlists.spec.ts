import type { Browser, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { accountState, newVisitor, signInOverHttp, testVideo, uniqueEmail } from "../support/account-session";
import { playToEnd } from "./player-steps";
import { expect, hydrated, test } from "./support";

/**
 * Playlists and Watch Later (issue 23 item 1, docs/decisions/0034-playlists.md) in Chromium against the
 * built server: saving from the video page and from a card's menu, the Save dialog, a playlist's page
 * (create, rename, reorder by keyboard and by drag, remove, delete), public and private pages seen from
 * another browser, the forms without JavaScript, the play-through queue, and 375 px. Every outcome is read
 * back from the database through the test hook, not only from the page.
 */

async function person(browser: Browser, baseURL: string | undefined, tag: string, javaScriptEnabled = true) {
  const { context, page, ip } = await newVisitor(browser, baseURL, { baseURL, javaScriptEnabled });
  const email = uniqueEmail(`playlists-${tag}`);
  await signInOverHttp(context.request, email, ip);
  return { context, page, email };
}

const lists = async (baseURL: string | undefined, email: string) => (await accountState(baseURL, email)).playlists ?? [];
const watchLater = async (baseURL: string | undefined, email: string) =>
  (await lists(baseURL, email)).find((l) => l.kind === "watch_later")?.videos ?? [];

/** Writes straight to the endpoint (as the page's fetchers do), for setting a list up. */
async function write(page: Page, form: Record<string, string>) {
  const res = await page.request.post(paths.api.playlists(), { form, headers: { Accept: "application/json" } });
  expect(res.status(), JSON.stringify(form)).toBe(200);
  return (await res.json()) as { ok: true; playlistId?: string };
}

async function titleOf(page: Page, videoId: string): Promise<string> {
  await page.goto(paths.video(videoId));
  return (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
}

test("Watch Later from the video page (one click, kept after a reload) and from a card's menu by keyboard; the Save dialog", async ({
  browser,
  baseURL,
}) => {
  const { context, page, email } = await person(browser, baseURL, "save");
  const videoId = await testVideo(baseURL);
  await page.goto(paths.video(videoId));
  const button = page.getByRole("button", { name: "Watch later" });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => watchLater(baseURL, email)).toEqual([videoId]);
  // The page is the shared cached one: the pressed state comes from /api/viewer-state after hydration.
  await page.reload();
  await expect(page.getByRole("button", { name: "Watch later" })).toHaveAttribute("aria-pressed", "true");

  // The Save dialog, by keyboard: it opens on Enter, lists Watch Later ticked, makes a playlist with the video.
  const save = page.getByRole("button", { name: "Save", exact: true });
  await save.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Save to playlist" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Watch Later" })).toBeChecked();
  await dialog.getByRole("button", { name: "+ New playlist" }).click();
  await dialog.getByLabel("Title").fill("   ");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Title is required.");
  await dialog.getByLabel("Title").fill("Evening picks");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("checkbox", { name: "Evening picks" })).toBeChecked();
  await expect
    .poll(async () => (await lists(baseURL, email)).map((l) => [l.title, l.videos]))
    .toEqual([
      ["Watch Later", [videoId]],
      ["Evening picks", [videoId]],
    ]);
  // Unticking Watch Later in the dialog takes it out, and the page's button follows.
  await dialog.getByRole("checkbox", { name: "Watch Later" }).uncheck();
  await expect.poll(() => watchLater(baseURL, email)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(save).toBeFocused();
  await expect(page.getByRole("button", { name: "Watch later" })).toHaveAttribute("aria-pressed", "false");

  // A card's "More" menu on the home page, by keyboard: Enter opens it on its first item, Escape closes it
  // and gives focus back; choosing "Save to Watch Later" saves that card's video.
  await page.goto(paths.home());
  const firstCard = page.locator("main article").first();
  const cardVideo = ((await firstCard.locator("a").first().getAttribute("href")) ?? "").replace("/video/", "");
  const more = firstCard.getByRole("button", { name: /^More: / });
  await expect(more).toHaveAttribute("aria-haspopup", "menu");
  await more.focus();
  await page.keyboard.press("Enter");
  const menu = firstCard.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Save to Watch Later" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Save to playlist…" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(firstCard.getByRole("status")).toHaveText("Saved to Watch Later.");
  await expect.poll(() => watchLater(baseURL, email)).toEqual([cardVideo]);
  // The card HTML carries only the button: no menu until it is opened.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await context.close();
});

test("a playlist's page: create, rename, reorder by keyboard and by drag, remove, make public, delete", async ({ browser, baseURL }) => {
  const { context, page, email } = await person(browser, baseURL, "edit");
  const videos = [await testVideo(baseURL), await testVideo(baseURL), await testVideo(baseURL), await testVideo(baseURL)];
  const titles = [];
  for (const id of videos) titles.push(await titleOf(page, id));

  await page.goto(paths.playlists());
  await expect(page.getByRole("heading", { level: 1, name: "Playlists" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Watch Later/ })).toBeVisible();
  await expect(page.getByText("Playlists you create will appear here.")).toBeVisible();
  // Spaces only: refused by the server with the field's sentence, next to the field.
  await page.getByLabel("Title").fill("   ");
  await page.getByRole("button", { name: "Create playlist" }).click();
  await expect(page.getByRole("alert")).toHaveText("Title is required.");
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Title").fill("Road trip");
  await page.getByLabel("Description").fill("Long drives.");
  await page.getByRole("button", { name: "Create playlist" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Road trip" })).toBeVisible();
  const id = /\/playlists\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
  expect(id).toBeTruthy();
  await expect(page.getByText("Videos you save to this playlist will appear here.")).toBeVisible();
  for (const v of videos) await write(page, { intent: "add", playlist: id, videoId: v });
  await page.reload();
  const rows = page.getByTestId("playlist-item");
  await expect(rows).toHaveCount(4);
  await expect(page.locator("p", { hasText: "Long drives." })).toBeVisible();

  // By keyboard: the first one down a place; the live region says where it went, focus stays on the button.
  const down = page.getByRole("button", { name: `Move down: ${titles[0]}` });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Moved" })).toHaveText(`Moved ${titles[0]} to position 2 of 4.`);
  await expect(down).toBeFocused();
  await expect
    .poll(async () => (await lists(baseURL, email)).find((l) => l.id === id)?.videos)
    .toEqual([videos[1], videos[0], videos[2], videos[3]]);
  // At the top, "Move up" refuses without losing focus.
  const up = page.getByRole("button", { name: `Move up: ${titles[1]}` });
  await expect(up).toHaveAttribute("aria-disabled", "true");

  // By drag: the last row onto the first.
  await rows.nth(3).dragTo(rows.nth(0));
  await expect(rows.first()).toContainText(titles[3] as string);
  await expect
    .poll(async () => (await lists(baseURL, email)).find((l) => l.id === id)?.videos)
    .toEqual([videos[3], videos[1], videos[0], videos[2]]);
  await page.reload();
  await expect(rows.first()).toContainText(titles[3] as string);

  // Remove one.
  await page.getByRole("button", { name: `Remove: ${titles[1]}` }).click();
  await expect(rows).toHaveCount(3);
  await expect.poll(async () => (await lists(baseURL, email)).find((l) => l.id === id)?.videos).toEqual([videos[3], videos[0], videos[2]]);

  // Rename and make it public: the shareable link shows.
  await page.getByText("Edit details").click();
  await page.getByLabel("Title").fill("Road trip 2");
  await page.getByLabel(/Public/).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Road trip 2" })).toBeVisible();
  await expect(page.getByLabel("Shareable link")).toHaveValue(new RegExp(`/playlists/${id}$`));
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL as string });
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByLabel("Shareable link").inputValue());
  await expect
    .poll(async () => (await lists(baseURL, email)).find((l) => l.id === id))
    .toMatchObject({ title: "Road trip 2", isPublic: true });

  // Delete, after the second confirmation.
  await page.getByText("Delete playlist").click();
  await page.getByRole("button", { name: "Yes, delete this playlist" }).click();
  await expect(page).toHaveURL(/\/playlists$/);
  await expect(page.getByRole("link", { name: /Road trip/ })).toHaveCount(0);
  await expect.poll(async () => (await lists(baseURL, email)).map((l) => l.kind)).toEqual([]);
  await context.close();
});

test("a public playlist is readable by another browser without its owner's details; a private one is a 404 to them", async ({
  browser,
  baseURL,
}) => {
  const owner = await person(browser, baseURL, "owner");
  const [a, b] = [await testVideo(baseURL), await testVideo(baseURL)];
  const { playlistId } = await write(owner.page, { intent: "create", title: "Shared <b>list</b>", visibility: "private" });
  const id = playlistId as string;
  await write(owner.page, { intent: "add", playlist: id, videoId: a });
  await write(owner.page, { intent: "add", playlist: id, videoId: b });

  const other = await newVisitor(browser, baseURL, { baseURL });
  const stranger = await person(browser, baseURL, "stranger");
  for (const page of [other.page, stranger.page]) {
    expect((await page.request.get(paths.playlist(id))).status()).toBe(404);
    expect((await page.request.get(`/api/playlists/${id}/queue?video=${a}`)).status()).toBe(404);
  }
  // Nobody else changes it.
  const refused = await stranger.page.request.post(paths.api.playlists(), {
    form: { intent: "remove", playlist: id, videoId: a },
    headers: { Accept: "application/json" },
  });
  expect(refused.status()).toBe(404);
  // Someone else's Watch Later is only ever their own (empty); a visitor is asked to sign in.
  expect((await other.page.request.get("/playlists/watch-later", { maxRedirects: 0 })).status()).toBe(302);

  await write(owner.page, { intent: "update", playlist: id, title: "Shared <b>list</b>", description: "", visibility: "public" });
  await other.page.goto(paths.playlist(id));
  await expect(other.page.getByRole("heading", { level: 1, name: "Shared <b>list</b>" })).toBeVisible();
  await expect(other.page.getByTestId("playlist-item")).toHaveCount(2);
  await expect(other.page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(other.page.getByText("Edit details")).toHaveCount(0);
  const html = await (await other.page.request.get(paths.playlist(id))).text();
  expect(html).not.toContain(owner.email);
  expect(html).not.toContain("<b>list</b>");
  expect((await lists(baseURL, owner.email)).find((l) => l.id === id)?.videos).toEqual([a, b]);
  for (const c of [owner, stranger]) await c.context.close();
  await other.context.close();
});

test("without JavaScript: Watch Later added and removed from the video page; a playlist's rows moved and removed", async ({
  browser,
  baseURL,
}) => {
  const { context, page, email } = await person(browser, baseURL, "nojs", false);
  const [a, b] = [await testVideo(baseURL), await testVideo(baseURL)];
  const titleB = await titleOf(page, b);
  await page.goto(paths.video(a));
  await page.getByRole("button", { name: "Watch later" }).click();
  await expect(page).toHaveURL(new RegExp(`/video/${a}$`));
  expect(await watchLater(baseURL, email)).toEqual([a]);
  await page.goto(paths.video(b));
  await page.getByRole("button", { name: "Watch later" }).click();
  expect(await watchLater(baseURL, email)).toEqual([a, b]);

  await page.goto("/playlists/watch-later");
  await expect(page.getByTestId("playlist-item")).toHaveCount(2);
  await page
    .getByTestId("playlist-item")
    .nth(1)
    .getByRole("button", { name: /^Move up/ })
    .click();
  await expect(page).toHaveURL(/\/playlists\/watch-later$/);
  expect(await watchLater(baseURL, email)).toEqual([b, a]);
  await expect(page.getByTestId("playlist-item").first()).toContainText(titleB);
  await page
    .getByTestId("playlist-item")
    .first()
    .getByRole("button", { name: /^Remove/ })
    .click();
  expect(await watchLater(baseURL, email)).toEqual([a]);
  await expect(page.getByTestId("playlist-item")).toHaveCount(1);

  // A refused write says why in words, as a page.
  const refusal = await page.request.post(paths.api.playlists(), {
    form: { intent: "create", title: "" },
    headers: { Accept: "text/html" },
  });
  expect(refusal.status()).toBe(400);
  expect(await refusal.text()).toBe("Title is required.");
  await context.close();
});

test("play through: ?list= shows the queue with the position, the current video marked, links that keep the list; 375 px", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await person(browser, baseURL, "queue");
  const videos = [await testVideo(baseURL), await testVideo(baseURL), await testVideo(baseURL)];
  const { playlistId } = await write(page, { intent: "create", title: "Queue list" });
  const id = playlistId as string;
  for (const v of videos) await write(page, { intent: "add", playlist: id, videoId: v });

  await page.goto(paths.playlist(id));
  await page.getByRole("link", { name: "Play all" }).click();
  await expect(page).toHaveURL(new RegExp(`/video/${videos[0]}\\?list=${id}$`));
  const queue = page.getByRole("region", { name: "Queue list" });
  await expect(queue).toContainText("1 / 3");
  const items = queue.getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0).getByRole("link")).toHaveAttribute("aria-current", "true");
  await expect(items.nth(1).getByRole("link")).toHaveAttribute("href", `/video/${videos[1]}?list=${id}`);
  await queue.getByRole("link", { name: /^Next: / }).click();
  await expect(page).toHaveURL(new RegExp(`/video/${videos[1]}\\?list=${id}$`));
  await expect(queue).toContainText("2 / 3");
  await expect(items.nth(1).getByRole("link")).toHaveAttribute("aria-current", "true");

  // By keyboard: the third item is reachable and opens with Enter.
  await items.nth(2).getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/video/${videos[2]}\\?list=${id}$`));
  await expect(queue).toContainText("3 / 3");
  await expect(queue.getByRole("link", { name: /^Next: / })).toHaveCount(0);

  // A list that is not theirs, or no list at all: said plainly; an unreadable one is refused.
  await page.goto(`/video/${videos[0]}?list=00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText("This playlist is not available.")).toBeVisible();
  expect((await page.request.get(`/video/${videos[0]}?list=nope`)).status()).toBe(400);

  // At 375 px: the queue and the playlist's page fit without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/video/${videos[0]}?list=${id}`);
  await expect(queue).toContainText("1 / 3");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto(paths.playlist(id));
  await expect(page.getByTestId("playlist-item")).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test("played from a playlist, the end of a video offers the list's next one (the up-next card), the list kept", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await person(browser, baseURL, "upnext");
  await page.goto(paths.category("amateur"));
  const hrefs = await page.locator("main article a[href^='/video/']").evaluateAll((as) => as.map((a) => a.getAttribute("href") as string));
  const [first, second] = [...new Set(hrefs)].slice(-2).map((p) => p.replace("/video/", "")) as [string, string];
  const { playlistId } = await write(page, { intent: "create", title: "Up next list" });
  for (const v of [first, second]) await write(page, { intent: "add", playlist: playlistId as string, videoId: v });

  await page.goto(`/video/${first}?list=${playlistId}`, { waitUntil: "load" });
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Up next list" })).toContainText("1 / 2");
  await playToEnd(page);
  const card = page.getByTestId("up-next");
  await expect(card).toContainText("Next in playlist");
  await expect(card.getByRole("link", { name: "Play now" })).toHaveAttribute("href", `/video/${second}?list=${playlistId}`);
  await context.close();
});
