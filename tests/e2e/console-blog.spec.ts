import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { paths, pathsIn } from "../../core/paths";
import { signedInWithRole } from "../support/account-session";
import { expect, freshGet, holdRequests, hydrated, test } from "./support";

/**
 * The console's Blog section (issue 11): write a post with the live preview, publish it, and the public
 * list, post page (with its meta tags), feed and sitemap show each change at once in every worker process;
 * slug conflicts and the content policy answer next to their fields; everyone but admins gets 404.
 */

test.describe.configure({ mode: "serial" });

const SHOTS = path.join(process.cwd(), "test-results", "console-blog-screens");

async function everyWorker(url: string, times = 6) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await freshGet(url));
  return answers;
}

async function publicState(baseURL: string | undefined, slug: string, title: string) {
  const post = await everyWorker(`${baseURL}/blog/${slug}`);
  const list = await everyWorker(`${baseURL}/blog`, 2);
  const feed = await freshGet(`${baseURL}/blog/feed.xml`);
  const sitemap = await freshGet(`${baseURL}/sitemap.xml`);
  return {
    postStatuses: [...new Set(post.map((a) => a.status))],
    postShowsTitle: post.every((a) => a.body.includes(title)),
    listShowsTitle: list.every((a) => a.body.includes(title)),
    feedHasSlug: feed.body.includes(`/blog/${slug}<`),
    sitemapHasSlug: sitemap.body.includes(`/blog/${slug}<`),
  };
}

const preview = (page: Page) => page.getByTestId("post-preview");

test("an admin writes a post with a live preview, publishes, edits, unpublishes and deletes it; the public blog follows at once", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "blog-admin" });
  const page = admin.page;
  const tag = crypto.randomBytes(3).toString("hex");
  const title = `Console notes ${tag}`;
  const slug = `console-notes-${tag}`;

  // Every worker remembers that the address names nothing yet (a cached miss).
  expect((await publicState(baseURL, slug, title)).postStatuses).toEqual([404]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.admin.blog());
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Blog" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(slug);
  await page
    .getByLabel("Content (markdown)", { exact: true })
    .fill("Intro paragraph.\n\n## Section heading\n\nSome **bold words** and a [link](https://example.com/x).\n\n<b>raw</b>");
  // The public renderer's output, re-rendered after typing pauses.
  await expect(preview(page).getByRole("heading", { level: 2, name: "Section heading" })).toBeVisible();
  await expect(preview(page).locator("strong", { hasText: "bold words" })).toBeVisible();
  await expect(preview(page).getByRole("link", { name: "link" })).toHaveAttribute("href", "https://example.com/x");
  await expect(preview(page).getByText("<b>raw</b>")).toBeVisible();
  await expect(preview(page).getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByLabel("Content (markdown)", { exact: true }).press("End");
  await page.getByLabel("Content (markdown)", { exact: true }).pressSequentially("\n\n- listed item");
  await expect(preview(page).getByRole("listitem").filter({ hasText: "listed item" })).toBeVisible();

  await page.getByLabel("Excerpt", { exact: true }).fill("A short excerpt for the list.");
  await page.getByLabel("Tags", { exact: true }).fill("console, notes");
  await page.getByLabel("Author", { exact: true }).fill("The Editors");
  await page.getByLabel("Search description", { exact: true }).fill(`Meta description ${tag} for search engines.`);
  await page.getByLabel("Social title", { exact: true }).fill(`Social title ${tag}`);
  await expect(page.getByTestId("search-preview")).toContainText(`${title} | Pleazure`);
  await expect(page.getByTestId("search-preview")).toContainText(`Meta description ${tag} for search engines.`);
  await expect(page.getByTestId("search-preview")).toContainText(`blog › ${slug}`);
  await expect(page.getByTestId("social-preview")).toContainText(`Social title ${tag}`);
  await expect(preview(page).getByRole("list", { name: "Tags" })).toContainText("console");
  await page.screenshot({ path: path.join(SHOTS, "editor-1280.png"), fullPage: true });

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "Created." })).toBeVisible();
  await expect(page.getByText("Draft: only admins can see it.")).toBeVisible();
  expect((await publicState(baseURL, slug, title)).postStatuses).toEqual([404]);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  expect(await publicState(baseURL, slug, title)).toEqual({
    postStatuses: [200],
    postShowsTitle: true,
    listShowsTitle: true,
    feedHasSlug: true,
    sitemapHasSlug: true,
  });
  const visitorPage = await browser.newPage();
  await visitorPage.context().addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  await visitorPage.goto(`${baseURL}${paths.blogPost(slug)}`);
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitorPage.getByRole("heading", { level: 2, name: "Section heading" })).toBeVisible();
  await expect(visitorPage.locator('meta[name="description"]')).toHaveAttribute("content", `Meta description ${tag} for search engines.`);
  await expect(visitorPage.locator('meta[property="og:title"]')).toHaveAttribute("content", `Social title ${tag}`);
  await expect(visitorPage.locator('meta[property="article:tag"]').first()).toHaveAttribute("content", "console");

  // An edit shows at once in every worker (each had the post cached from the requests above).
  const edited = `${title} revised`;
  await page.getByLabel("Title", { exact: true }).fill(edited);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(slug); // an existing post keeps its address
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const afterEdit = await publicState(baseURL, slug, edited);
  expect(afterEdit).toMatchObject({ postStatuses: [200], postShowsTitle: true, listShowsTitle: true });
  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { level: 1, name: edited })).toBeVisible();

  // Unsaved edits survive a reload (or an error page) in the same tab and are offered back.
  await page.getByLabel("Author", { exact: true }).fill("Kept Author");
  await page.reload();
  await expect(page.getByLabel("Author", { exact: true })).toHaveValue("The Editors");
  await page.getByRole("button", { name: "Restore them" }).click();
  await expect(page.getByLabel("Author", { exact: true })).toHaveValue("Kept Author");

  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Unpublished." })).toBeVisible();
  expect(await publicState(baseURL, slug, edited)).toEqual({
    postStatuses: [404],
    postShowsTitle: false,
    listShowsTitle: false,
    feedHasSlug: false,
    sitemapHasSlug: false,
  });

  // Phone: Write and Preview are tabs.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("tab", { name: "Write" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Content (markdown)", { exact: true })).toBeVisible();
  await expect(preview(page)).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, "editor-write-390.png") });
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(preview(page).getByRole("heading", { level: 2, name: "Section heading" })).toBeVisible();
  await expect(page.getByLabel("Content (markdown)", { exact: true })).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, "editor-preview-390.png") });
  await page.getByRole("tab", { name: "Preview" }).press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Write" })).toBeFocused();
  await expect(page.getByLabel("Content (markdown)", { exact: true })).toBeVisible();
  await page.getByTestId("search-preview").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "seo-previews-390.png") });

  await page.goto(paths.admin.blog());
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: edited }) });
  await expect(row).toContainText("Draft");
  await page.screenshot({ path: path.join(SHOTS, "list-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, "list-1280.png"), fullPage: true });
  await row.getByRole("button", { name: `Delete ${edited}` }).click();
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Delete ${edited}` }).click();
  await row.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("heading", { name: edited })).toHaveCount(0);
  const changes = page.getByRole("list", { name: "Recent blog changes" });
  for (const action of ["blog.create", "blog.publish", "blog.update", "blog.unpublish", "blog.delete"])
    await expect(changes.getByText(action).first()).toBeVisible();
  expect((await publicState(baseURL, slug, edited)).postStatuses).toEqual([404]);
  await visitorPage.close();
  await admin.context.close();
});

test("a post's German version: a draft leaves German readers the English, marked; published, it is the German page", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page, context } = await signedInWithRole(browser, baseURL, "admin", { tag: "blog-admin" });
  const tag = crypto.randomBytes(3).toString("hex");
  const [title, german, slug] = [`Translated notes ${tag}`, `Übersetzte Notizen ${tag}`, `translated-notes-${tag}`];
  await page.goto(paths.admin.newBlogPost());
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content (markdown)", { exact: true }).fill("The English text.");
  await page.getByRole("button", { name: "Publish" }).click();
  const languages = page.getByRole("navigation", { name: "Languages of this post" });
  await languages.getByRole("link", { name: "German: Missing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `German version of “${title}”` })).toBeVisible();
  await page.getByLabel("Title (German)", { exact: true }).fill(german);
  await page.getByLabel("Content (markdown)", { exact: true }).fill("Der deutsche Text.");
  await expect(preview(page).getByRole("heading", { level: 1, name: german })).toHaveAttribute("lang", "de");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(languages.getByRole("link", { name: "German: Draft" })).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.context().addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  await visitor.goto(pathsIn("de").blogPost(slug));
  await expect(visitor.getByRole("note")).toHaveText("Dieser Beitrag ist nur auf Englisch verfügbar.");
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toHaveAttribute("lang", "en");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  const dePage = `${baseURL}${pathsIn("de").blogPost(slug)}`;
  for (const answer of await everyWorker(dePage, 4)) expect(answer.body).toContain(`>${german}</h1>`);
  const hreflangs = () =>
    visitor.locator("link[rel=alternate][hreflang]").evaluateAll((links) => links.map((l) => l.getAttribute("hreflang")).join(" "));
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: german })).not.toHaveAttribute("lang", /./);
  await expect(visitor.getByRole("note")).toHaveCount(0);
  await expect(visitor.locator("link[rel=canonical]")).toHaveAttribute("href", dePage);
  expect(await hreflangs()).toBe("en de x-default");
  // French readers: the English text, marked, its canonical the English post.
  await visitor.goto(pathsIn("fr").blogPost(slug));
  await expect(visitor.getByRole("note")).toHaveText("Cet article n’est disponible qu’en anglais.");
  await expect(visitor.locator("link[rel=canonical]")).toHaveAttribute("href", `${baseURL}${paths.blogPost(slug)}`);
  expect(await hreflangs()).toBe("en de x-default");
  expect((await freshGet(`${baseURL}${pathsIn("de").sitemap()}`)).body).toContain(`/de/blog/${slug}<`);
  expect((await freshGet(`${baseURL}${pathsIn("fr").sitemap()}`)).body).not.toContain(`/blog/${slug}<`);

  await page.goto(paths.admin.blog());
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(row.getByRole("link", { name: "German: Published" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent blog changes" }).getByText("blog.translation.publish").first()).toBeVisible();
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await row.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  expect((await freshGet(dePage)).status).toBe(404);
  await visitor.close();
  await context.close();
});

test("a post typed before the console's scripts ran: once they run, the slug follows the title and saving answers", async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "blog-admin" });
  const page = admin.page;
  const scripts = await holdRequests(page, /\/assets\/.+\.js$/);
  await page.goto(paths.admin.newBlogPost(), { waitUntil: "domcontentloaded" });
  await page.getByLabel("Title", { exact: true }).fill("Welcome to Pleazure"); // the demo post's, so saving is refused
  await page.getByLabel("Content (markdown)", { exact: true }).fill("Typed early.");
  await scripts.release();
  await hydrated(page);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue("welcome-to-pleazure");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Welcome to Pleazure");
  await expect(page.getByLabel("Content (markdown)", { exact: true })).toHaveValue("Typed early.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator("#post-slug-error")).toHaveText(
    'Another post already uses the slug "welcome-to-pleazure". Choose another one.',
  );
  await admin.context.close();
});

test("a taken slug and the content policy are refused next to their fields; racing creates store one post", async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "blog-admin" });
  const page = admin.page;
  await page.goto(paths.admin.newBlogPost());
  await hydrated(page); // the scripted form: the slug made from the title, the status after saving
  // The demo post "Welcome to Pleazure" owns the slug this title makes.
  await page.getByLabel("Title", { exact: true }).fill("Welcome to Pleazure");
  await page.getByLabel("Content (markdown)", { exact: true }).fill("Another post.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator("#post-slug-error")).toHaveText(
    'Another post already uses the slug "welcome-to-pleazure". Choose another one.',
  );
  await expect(page.getByLabel("Slug", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await page.screenshot({ path: path.join(SHOTS, "slug-conflict-1280.png") });

  // Checked in the browser before sending...
  await page.getByLabel("Slug", { exact: true }).fill("Not A Slug");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator("#post-slug-error")).toContainText("lower-case letters");
  await expect(page.getByLabel("Slug", { exact: true })).toBeFocused();
  // ...and the policy on the server, next to the field.
  await page.getByLabel("Slug", { exact: true }).fill(`policy-${crypto.randomBytes(3).toString("hex")}`);
  await page.getByLabel("Title", { exact: true }).fill("Notes for teens");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator("#post-title-error")).toContainText("suggests minors");
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);

  // Two creates with one slug at the same moment: the unique index lets one through, the other is told.
  const raceSlug = `race-${crypto.randomBytes(3).toString("hex")}`;
  const form = (i: number) => ({ intent: "save", title: `Race ${i}`, slug: raceSlug, content: "Racing." });
  const answers = await Promise.all(
    [1, 2].map((i) => page.request.post(paths.admin.newBlogPost(), { form: form(i), maxRedirects: 0, failOnStatusCode: false })),
  );
  const statuses = answers.map((a) => a.status()).sort();
  expect(statuses).toEqual([302, 409]);
  const location = answers.find((a) => a.status() === 302)?.headers().location ?? "";
  const postId = /\/admin\/blog\/([0-9a-f-]{36})/.exec(location)?.[1] as string;
  expect(postId).toBeTruthy();
  const removed = await page.request.post(paths.admin.blog(), { form: { intent: "delete", postId }, failOnStatusCode: false });
  expect(removed.status()).toBe(200);
  await admin.context.close();
});

test("visitors, users and creators get 404 for every blog console page and action, and change nothing", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "blog-admin" });
  const slug = `role-matrix-${crypto.randomBytes(3).toString("hex")}`;
  const created = await admin.page.request.post(paths.admin.newBlogPost(), {
    form: { intent: "save", title: "Role matrix draft", slug, content: "Draft body." },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const postId = /\/admin\/blog\/([0-9a-f-]{36})/.exec(created.headers().location ?? "")?.[1] as string;

  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  const people = [
    { context: visitor, page: await visitor.newPage() },
    await signedInWithRole(browser, baseURL, "user", { tag: "blog-user" }),
    await signedInWithRole(browser, baseURL, "creator", { tag: "blog-creator" }),
  ];
  const pages = [
    "/admin/blog",
    "/admin/blog/new",
    `/admin/blog/${postId}`,
    "/admin/blog/preview",
    "/admin/blog.data",
    `/admin/blog/${postId}.data`,
  ];
  const actions: [string, Record<string, string>][] = [
    ["/admin/blog", { intent: "publish", postId }],
    ["/admin/blog", { intent: "delete", postId }],
    ["/admin/blog/new", { intent: "save", title: "Intruder", slug: `${slug}-x`, content: "x" }],
    [`/admin/blog/${postId}`, { intent: "publish", title: "Hijacked", slug, content: "x" }],
    [`/admin/blog/${postId}`, { intent: "delete" }],
    ["/admin/blog/preview", { content: "# hi" }],
  ];
  for (const person of people) {
    for (const url of pages) {
      const res = await person.page.request.get(`${baseURL}${url}`, { maxRedirects: 0 });
      expect(res.status(), url).toBe(404);
    }
    const shown = await person.page.goto(`${baseURL}${paths.admin.blog()}`);
    expect(shown?.status()).toBe(404);
    await expect(person.page.getByText("Page Not Found")).toBeVisible();
    for (const [url, form] of actions) {
      const res = await person.page.request.post(`${baseURL}${url}`, { form, headers: { Origin: baseURL as string }, maxRedirects: 0 });
      expect(res.status(), `${url} ${form.intent ?? "preview"}`).toBe(404);
    }
    await person.context.close();
  }

  // Nothing changed: still the same draft, nothing public, no intruder post.
  await admin.page.goto(paths.admin.blogPost(postId));
  await expect(admin.page.getByLabel("Title", { exact: true })).toHaveValue("Role matrix draft");
  await expect(admin.page.getByText("Draft: only admins can see it.")).toBeVisible();
  expect((await freshGet(`${baseURL}/blog/${slug}`)).status).toBe(404);
  await admin.page.goto(paths.admin.blog());
  await expect(admin.page.getByRole("heading", { name: "Intruder" })).toHaveCount(0);
  await expect(admin.page.getByRole("heading", { name: "Role matrix draft" })).toBeVisible();
  const removed = await admin.page.request.post(paths.admin.blog(), { form: { intent: "delete", postId } });
  expect(removed.status()).toBe(200);
  await admin.context.close();
});
