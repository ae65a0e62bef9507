import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { newVisitor, setRole, signInOverHttp, uniqueEmail } from "../support/account-session";
import { expectNoViolationsAtBothWidths } from "./axe-checks";
import { expect, hydrated, test } from "./support";

/**
 * The console's moderation sections (issue 11): comments (soft delete and restore, seen on the public
 * video page), the contact inbox (unread, read, search, delete) and categories (create, rename, delete with
 * a move, seen in the public header and category page at once); everyone but admins gets 404.
 */

type Role = "visitor" | "user" | "creator" | "admin";

/** A browser context (past the age gate, an address of its own) signed in with `role` over HTTP. */
async function person(browser: Browser, baseURL: string | undefined, role: Role) {
  const { context, page, ip } = await newVisitor(browser, baseURL, { baseURL });
  if (role === "visitor") return { context, page, email: null };
  const email = uniqueEmail(`console-${role}`);
  await signInOverHttp(context.request, email, ip);
  await setRole(baseURL, email, role);
  return { context, page, email };
}

/** A public video in a category of its own ("View Test <hex>"), through the test hook. */
async function videoInOwnCategory(baseURL: string | undefined): Promise<{ videoId: string; categoryId: string }> {
  const res = await fetch(`${baseURL}/__test/videos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ duration: 60 }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as { videoId: string; categoryId: string };
}

async function storedMessages(baseURL: string | undefined, email: string): Promise<{ id: string }[]> {
  const res = await fetch(`${baseURL}/__test/contact-messages?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: { id: string }[] }).messages;
}

/** Sends a message through the public contact form, as a visitor does. */
async function sendContactMessage(browser: Browser, baseURL: string | undefined, email: string, subject: string) {
  const sender = await person(browser, baseURL, "visitor");
  await sender.page.goto(paths.contact());
  await expect(sender.page.getByRole("form", { name: "Contact form" })).toHaveAttribute("data-hydrated", "true");
  await sender.page.getByLabel("Name", { exact: true }).fill("Ada <i>Tester</i>");
  await sender.page.getByLabel("Email", { exact: true }).fill(email);
  await sender.page.getByLabel("Subject", { exact: true }).fill(subject);
  await sender.page.getByLabel("Message", { exact: true }).fill("Line one\nLine two with <script>alert(1)</script>");
  await sender.page.waitForTimeout(3_300); // the form's minimum fill time (bots are faster)
  await sender.page.getByRole("button", { name: "Send Message" }).click();
  await expect(sender.page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await sender.context.close();
}

/** Posts a comment as the page's script does; returns nothing (the admin finds it by video). */
async function postComment(page: Page, baseURL: string | undefined, videoId: string, content: string) {
  const res = await page.request.post(paths.api.comments(), {
    form: { videoId, content, js: "1" },
    headers: { Origin: baseURL as string },
  });
  expect(res.status()).toBe(200);
}

/** Opens the header's category menu (keyboard path) and returns its links. */
async function headerCategoryLinks(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const button = nav.getByRole("button", { name: "Categories" });
  // A press before the page has hydrated does nothing: press again until the menu says it is open.
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
  }).toPass();
  return nav.getByRole("link");
}

const hex = () => crypto.randomBytes(4).toString("hex");

test("comments: an admin filters, soft-deletes and restores a comment; the public video page follows", async ({ browser, baseURL }) => {
  const { videoId } = await videoInOwnCategory(baseURL);
  const author = await person(browser, baseURL, "user");
  const text = `Moderate me <b>${hex()}</b>`;
  await postComment(author.page, baseURL, videoId, text);
  const admin = await person(browser, baseURL, "admin");
  const visitor = await person(browser, baseURL, "visitor");

  await admin.page.goto(`/admin/comments?video=${videoId}`);
  await expect(admin.page.getByRole("link", { name: "Comments", exact: true })).toHaveAttribute("aria-current", "page");
  const item = admin.page.getByRole("list", { name: "Comments" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item.getByText(text, { exact: true })).toBeVisible(); // the markup shows as text
  await expect(item.getByText(author.email as string, { exact: true })).toBeVisible();
  await expect(item.getByText("Visible")).toBeVisible();
  await expect(item.getByRole("link", { name: /^View test / })).toHaveAttribute(
    "href",
    `/video/${videoId}#comment-${await item.getAttribute("data-comment-id")}`,
  );

  // Filtering by the author's address finds it too; an unknown address finds nothing.
  await admin.page.goto(`/admin/comments?user=${encodeURIComponent(author.email as string)}`);
  await expect(admin.page.getByRole("list", { name: "Comments" }).getByRole("listitem")).toHaveCount(1);
  await admin.page.getByLabel("Author e-mail").fill(`nobody-${hex()}@example.com`);
  await admin.page.getByRole("button", { name: "Filter" }).click();
  await expect(admin.page.getByText("No comment matches these filters.")).toBeVisible();

  await admin.page.goto(`/admin/comments?video=${videoId}`);
  await item.getByRole("button", { name: /^Delete comment by/ }).click();
  await expect(item.getByText("Deleted")).toBeVisible();
  await expect(item.getByRole("button", { name: /^Restore comment by/ })).toBeEnabled();
  // A state the demo content never has, under axe where it is reached (docs/accessibility.md).
  await expectNoViolationsAtBothWidths(admin.page, "a removed comment's row");

  await visitor.page.goto(paths.video(videoId));
  await expect(visitor.page.getByText("Comment deleted by user")).toBeVisible();
  await expect(visitor.page.getByText(text)).toHaveCount(0);
  await admin.page.goto(paths.video(videoId));
  await expect(admin.page.getByText("Comment deleted by content moderation team")).toBeVisible();
  await expectNoViolationsAtBothWidths(admin.page, "a video page with a removed comment, as an admin sees it");

  await admin.page.goto(`/admin/comments?video=${videoId}`);
  await item.getByRole("button", { name: /^Restore comment by/ }).click();
  await expect(item.getByText("Visible")).toBeVisible();
  // "Visible" shows while the request is still on its way (optimistic): the enabled button says it was answered.
  await expect(item.getByRole("button", { name: /^Delete comment by/ })).toBeEnabled();
  await visitor.page.goto(paths.video(videoId));
  await expect(visitor.page.getByRole("article", { name: "Comment" }).getByText(text, { exact: true })).toBeVisible();

  for (const p of [author, admin, visitor]) await p.context.close();
});

test("messages: a contact message arrives unread, is opened (read), marked unread, found by search and deleted", async ({
  browser,
  baseURL,
}) => {
  test.slow(); // axe at two widths on two console pages, besides the journey itself (60 s on a loaded CI machine)
  const email = uniqueEmail("inbox");
  const subject = `Inbox check ${hex()}`;
  // Another one before it, so that the inbox shows a read and an unread message together (checked by axe below).
  const other = `Inbox neighbour ${hex()}`;
  await sendContactMessage(browser, baseURL, uniqueEmail("inbox"), other);
  await sendContactMessage(browser, baseURL, email, subject);

  const admin = await person(browser, baseURL, "admin");
  await admin.page.goto(paths.admin.messages());
  const list = admin.page.getByRole("list", { name: "Messages" });
  // Newest first: it is at the top, unread.
  const item = list.getByRole("listitem").first();
  await expect(item.getByRole("link", { name: subject })).toBeVisible();
  await expect(item).toHaveAttribute("data-read", "false");
  await expect(item.getByText("Unread")).toBeVisible();
  await expect(item.getByText(`Ada <i>Tester</i> <${email}>`)).toBeVisible();

  await item.getByRole("link", { name: subject }).click();
  await expect(admin.page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  await expect(admin.page.getByText("Line two with <script>alert(1)</script>")).toBeVisible();
  await expectNoViolationsAtBothWidths(admin.page, "a contact message's page");
  await admin.page.getByRole("link", { name: "← Back to messages" }).click();
  const mine = list.locator(`[data-message-id]`).filter({ hasText: subject });
  await expect(mine).toHaveAttribute("data-read", "true");
  await expect(list.locator("[data-message-id]").filter({ hasText: other })).toHaveAttribute("data-read", "false");
  await expectNoViolationsAtBothWidths(admin.page, "the inbox with a read and an unread message");

  await mine.getByRole("button", { name: `Mark unread: ${subject}` }).click();
  await expect(mine).toHaveAttribute("data-read", "false");
  await mine.getByRole("button", { name: `Mark read: ${subject}` }).click();
  await expect(mine).toHaveAttribute("data-read", "true");

  // From the open message: "Mark unread" returns to the inbox.
  // The inbox's own buttons are named "Mark unread: <subject>": the message's page must be there before its button is.
  await mine.getByRole("link", { name: subject }).click();
  await expect(admin.page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  await admin.page.getByRole("button", { name: "Mark unread", exact: true }).click();
  await expect(admin.page).toHaveURL(/\/admin\/messages$/);
  await expect(mine).toHaveAttribute("data-read", "false");
  await expect(mine.getByText("Unread")).toBeVisible();

  // Search by a piece of the e-mail, then of the subject, in another case.
  await admin.page.getByLabel("Search name, e-mail, subject or text").fill(email.slice(0, 16));
  await admin.page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await admin.page.goto(`/admin/messages?q=${encodeURIComponent(subject.toUpperCase())}`);
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await mine.getByText(`Delete… ${subject}`).click();
  await mine.getByRole("button", { name: "Delete message" }).click();
  await expect(admin.page.getByText("No message matches this search.")).toBeVisible();
  expect(await storedMessages(baseURL, email)).toEqual([]);
  await admin.context.close();
});

/** An admin on the categories console, ready to type (hydrated), a visitor beside, and a tag for unique names. */
async function categoriesConsole(browser: Browser, baseURL: string | undefined) {
  const admin = await person(browser, baseURL, "admin");
  const visitor = await person(browser, baseURL, "visitor");
  await admin.page.goto(paths.admin.categories());
  await hydrated(admin.page);
  return {
    admin,
    visitor,
    tag: hex(),
    field: admin.page.getByLabel("New category"),
    create: admin.page.getByRole("button", { name: "Create" }),
  };
}

test("categories: create (validated) and rename show in the public header at once", async ({ browser, baseURL }) => {
  const { admin, visitor, tag, field, create } = await categoriesConsole(browser, baseURL);
  const name = `Moderation ${tag}`;

  // The browser's check, then the server's (policy, uniqueness), each next to the field.
  await create.click();
  await expect(admin.page.locator("#new-category-name-error")).toHaveText("Enter a name");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("Teen Zone");
  await create.click();
  await expect(admin.page.locator("#new-category-name-error")).toContainText("suggests minors");
  await field.fill(name);
  await create.click();
  await expect(admin.page.getByRole("main").getByRole("status")).toHaveText("Category created.");
  await expect(field).toHaveValue("");
  const row = admin.page.locator(`[data-category-name="${name}"]`);
  await expect(row.getByText("0 videos")).toBeVisible();
  await field.fill(name.toUpperCase());
  await create.click();
  await expect(admin.page.locator("#new-category-name-error")).toHaveText("A category with this name already exists");

  await visitor.page.goto(paths.home());
  await expect((await headerCategoryLinks(visitor.page)).filter({ hasText: name })).toHaveAttribute("href", `/category/moderation-${tag}`);

  // Rename: the header and the page address follow at once.
  const renamed = `Renamed ${tag}`;
  const categoryId = (await row.getAttribute("data-category-id")) as string;
  const renameField = admin.page.getByLabel(`New name for ${name}`);
  await renameField.fill("Bad <name>");
  await row.getByRole("button", { name: `Rename ${name}` }).click();
  await expect(admin.page.locator(`#category-name-${categoryId}-error`)).toContainText("Use only letters");
  await renameField.fill(renamed);
  await row.getByRole("button", { name: `Rename ${name}` }).click();
  const renamedRow = admin.page.locator(`[data-category-id="${categoryId}"]`);
  await expect(renamedRow).toHaveAttribute("data-category-name", renamed);
  await visitor.page.goto(paths.home());
  const links = await headerCategoryLinks(visitor.page);
  await expect(links.filter({ hasText: renamed })).toHaveAttribute("href", `/category/renamed-${tag}`);
  await expect(links.filter({ hasText: name })).toHaveCount(0);

  await admin.context.close();
  await visitor.context.close();
});

/** A category's own console page (description, translations, delete), reached from its row, ready to click. */
async function openCategory(page: Page, name: string) {
  await page.getByRole("link", { name: `Description, translations, delete of ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await hydrated(page);
}

test("categories: delete with a move, and an empty one, show in the public header and pages at once", async ({ browser, baseURL }) => {
  const { admin, visitor, tag, field, create } = await categoriesConsole(browser, baseURL);
  const renamed = `Target ${tag}`;
  await field.fill(renamed);
  await create.click();
  const renamedRow = admin.page.locator(`[data-category-name="${renamed}"]`);
  await expect(renamedRow.getByText("0 videos")).toBeVisible();

  // Delete a category with a video: its video moves to the renamed one first, then the page shows it there.
  const { videoId, categoryId: fromId } = await videoInOwnCategory(baseURL);
  await admin.page.reload();
  await hydrated(admin.page);
  const from = admin.page.locator(`[data-category-id="${fromId}"]`);
  const fromName = (await from.getAttribute("data-category-name")) as string;
  await expect(from.getByText("1 video")).toBeVisible();
  await openCategory(admin.page, fromName);
  await admin.page.getByLabel("First move its video to").selectOption({ label: renamed });
  await admin.page.getByRole("button", { name: "Move videos and delete" }).click();
  // Gone, so the list answers, with the video in its new category.
  await expect(admin.page).toHaveURL(/\/admin\/categories$/);
  await expect(from).toHaveCount(0);
  await expect(renamedRow.getByText("1 video")).toBeVisible();

  await visitor.page.goto(`/category/target-${tag}`);
  await expect(visitor.page.getByRole("heading", { name: `${renamed} Videos` })).toBeVisible();
  await expect(visitor.page.locator(`a[href="/video/${videoId}"]`).first()).toBeVisible();
  await expect((await headerCategoryLinks(visitor.page)).filter({ hasText: fromName })).toHaveCount(0);

  // An empty category is deleted after the confirmation alone.
  const emptyName = `Empty ${tag}`;
  await field.fill(emptyName);
  await create.click();
  const empty = admin.page.locator(`[data-category-name="${emptyName}"]`);
  await expect(empty.getByText("0 videos")).toBeVisible();
  await openCategory(admin.page, emptyName);
  await expect(admin.page.getByText("It has no videos. Delete it for good?")).toBeVisible();
  await admin.page.getByRole("button", { name: "Delete category" }).click();
  await expect(admin.page).toHaveURL(/\/admin\/categories$/);
  await expect(empty).toHaveCount(0);
  await visitor.page.goto(paths.home());
  await expect((await headerCategoryLinks(visitor.page)).filter({ hasText: emptyName })).toHaveCount(0);

  await admin.context.close();
  await visitor.context.close();
});

test("visitors, users and creators get 404 for every moderation page and action, and change nothing", async ({ browser, baseURL }) => {
  const { videoId, categoryId } = await videoInOwnCategory(baseURL);
  const author = await person(browser, baseURL, "user");
  await postComment(author.page, baseURL, videoId, `Keep me ${hex()}`);
  await author.context.close();
  const admin = await person(browser, baseURL, "admin");
  await admin.page.goto(`/admin/comments?video=${videoId}`);
  const commentId = (await admin.page.locator("[data-comment-id]").first().getAttribute("data-comment-id")) as string;
  await admin.context.close();
  const senderEmail = uniqueEmail("matrix-sender");
  await sendContactMessage(browser, baseURL, senderEmail, `Matrix ${hex()}`);
  const [message] = await storedMessages(baseURL, senderEmail);
  const messageId = (message as { id: string }).id;

  const pages = [
    "/admin/comments",
    "/admin/messages",
    `/admin/messages/${messageId}`,
    "/admin/categories",
    `/admin/categories/${categoryId}`,
  ];
  const actions: [string, Record<string, string>][] = [
    ["/admin/comments", { intent: "delete", commentId }],
    ["/admin/messages", { intent: "delete", messageId: messageId }],
    ["/admin/messages", { intent: "read", messageId: messageId }],
    ["/admin/categories", { intent: "create", name: `Intruder ${hex()}` }],
    ["/admin/categories", { intent: "rename", categoryId, name: `Intruder ${hex()}` }],
    ["/admin/categories", { intent: "delete", categoryId, moveTo: "" }],
    [`/admin/categories/${categoryId}`, { intent: "delete", categoryId, moveTo: "" }],
    [`/admin/categories/${categoryId}`, { intent: "describe", categoryId, description: "Intruder" }],
  ];
  for (const role of ["visitor", "user", "creator"] as const) {
    const p = await person(browser, baseURL, role);
    for (const url of pages.flatMap((u) => [u, `${u}.data`])) {
      const res = await p.page.request.get(url, { maxRedirects: 0 });
      expect(res.status(), `${role} GET ${url}`).toBe(404);
    }
    const shown = await p.page.goto(paths.admin.categories());
    expect(shown?.status()).toBe(404);
    await expect(p.page.getByText("Page Not Found")).toBeVisible();
    for (const [url, form] of actions) {
      const res = await p.page.request.post(url, { form, headers: { Origin: baseURL as string }, maxRedirects: 0 });
      expect(res.status(), `${role} POST ${url} ${form.intent}`).toBe(404);
    }
    await p.context.close();
  }

  // Nothing changed: the comment shows, the category still holds the video, the message is still there.
  const check = await person(browser, baseURL, "admin");
  await check.page.goto(`/admin/comments?video=${videoId}`);
  await expect(check.page.locator(`[data-comment-id="${commentId}"]`).getByText("Visible")).toBeVisible();
  await check.page.goto(paths.admin.categories());
  await expect(check.page.locator(`[data-category-id="${categoryId}"]`).getByText("1 video")).toBeVisible();
  await expect(check.page.getByText("Intruder")).toHaveCount(0);
  await check.page.goto(paths.admin.messages());
  await expect(check.page.locator(`[data-message-id="${messageId}"]`)).toHaveAttribute("data-read", "false");
  await check.context.close();
});

test("screenshots of the three sections at 1280 and 390 px", async ({ browser, baseURL }, testInfo) => {
  const admin = await person(browser, baseURL, "admin");
  for (const width of [1280, 390]) {
    await admin.page.setViewportSize({ width, height: 900 });
    for (const section of ["comments", "messages", "categories"]) {
      await admin.page.goto(`/admin/${section}`);
      await admin.page.screenshot({ path: testInfo.outputPath(`${section}-${width}.png`), fullPage: false });
      if (section === "categories") {
        await admin.page
          .locator("[data-category-id]")
          .first()
          .getByRole("link", { name: /^Description, translations, delete/ })
          .click();
        await expect(admin.page.getByRole("link", { name: "All categories" })).toBeVisible();
        await admin.page.screenshot({ path: testInfo.outputPath(`category-${width}.png`), fullPage: false });
      }
    }
  }
  await admin.context.close();
});
