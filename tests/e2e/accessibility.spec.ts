import type { APIRequestContext, Page } from "@playwright/test";
import { paths, pathsIn } from "../../core/paths";
import { signedIn, signedInWithRole, uniqueEmail } from "../support/account-session";
import { captionedDemoVideo } from "../support/demo-videos";
import { type Found, STATES } from "./accessibility-states";
import { expectNoViolations, expectNoViolationsOn, load } from "./axe-checks";
import { expect, test } from "./support";

/**
 * WCAG 2.2 A and AA as axe-core checks them (docs/accessibility.md, docs/decisions/0042-axe-in-the-e2e-tests.md):
 * every page of the table and every state a person reaches on them, at a phone's and a desktop's width, with no
 * violation. An exception names its rule and page in `allow`, with the reason written in docs/accessibility.md.
 */

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
];

/** Every page is checked as a visitor past the age gate sees it (the gate itself is a state below). */
const PAGES: { name: string; path: (found: Found) => string; allow?: string[] }[] = [
  { name: "home", path: () => paths.home() },
  { name: "category", path: () => paths.category("amateur") },
  { name: "video", path: (f) => paths.video(f.videoId) },
  { name: "search results", path: () => paths.search({ q: "aurora" }) },
  { name: "search without results (empty state)", path: () => paths.search({ q: "qqzzxq" }) },
  { name: "blog list", path: () => paths.blog() },
  { name: "blog post", path: (f) => paths.blogPost(f.postSlug) },
  { name: "values", path: () => paths.values() },
  { name: "faq", path: () => paths.faq() },
  { name: "contact", path: () => paths.contact() },
  { name: "report", path: (f) => paths.report({ type: "video", id: f.videoId }) },
  { name: "trust", path: () => paths.trust() },
  { name: "takedown", path: () => paths.takedown() },
  { name: "login", path: () => paths.login() },
  { name: "404", path: () => "/no-such-page" },
  { name: "unknown video (404)", path: () => paths.video("00000000-0000-4000-8000-000000000000") },
  { name: "Arabic home", path: () => pathsIn("ar").home() },
  { name: "Arabic video", path: (f) => pathsIn("ar").video(f.videoId) },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const entry of PAGES) {
      test(`${entry.name}: no WCAG 2.2 A/AA violation`, async ({ page, request }) => {
        const path = entry.path(await demoContent(request));
        await load(page, path);
        await expectNoViolations(page, `${entry.name} (${path})`, entry.allow);
      });
    }

    for (const state of STATES) {
      test(`${state.name}: no WCAG 2.2 A/AA violation`, async ({ browser, page, request, baseURL }) => {
        const found = await demoContent(request);
        const shown = await state.reach({ browser, page, baseURL: baseURL as string, found, phone: viewport.width < 768 });
        try {
          await expectNoViolations(shown, state.name, state.allow);
        } finally {
          if (shown.context() !== page.context()) await shown.context().close();
        }
      });
    }
  });
}

/** The account's pages, as a signed-in member with nothing saved yet sees them (empty states included). */
const ACCOUNT_PAGES = [
  paths.profile(),
  paths.favorites(),
  paths.history(),
  paths.playlists(),
  paths.playlist("watch-later"),
  paths.settings(),
];

/** The console's pages, each list and each editor (ids read from the lists: a category, a blog post). */
async function consolePages(admin: Page, found: Found): Promise<string[]> {
  const idIn = async (path: string, pattern: RegExp) => {
    const id = pattern.exec(await (await admin.request.get(path)).text())?.[1];
    if (!id) throw new Error(`no id in ${path}`);
    return id;
  };
  const categoryId = await idIn(paths.admin.categories(), /data-category-id="([0-9a-f-]{36})"/);
  const postId = await idIn(paths.admin.blog(), /href="\/admin\/blog\/([0-9a-f-]{36})"/);
  const a = paths.admin;
  return [
    a.dashboard(),
    a.reports(),
    a.videos(),
    a.newVideo(),
    a.video(found.videoId),
    a.categories(),
    a.category(categoryId),
    a.translations(),
    a.blog(),
    a.newBlogPost(),
    a.blogPost(postId),
    a.blogPost(postId, { lang: "de" }),
    a.comments(),
    a.messages(),
    a.takedowns(),
    a.users(),
    a.ads(),
    a.audit(),
    // The lists as a moderator narrows them: filtered, paged, the removed rows, and a filter that finds nothing.
    a.videos({ visibility: "private" }),
    a.videos({ q: "aurora" }),
    a.videos({ q: "qqzzxq" }),
    a.videos({ page: 2 }),
    a.videos({ deleted: true }),
    a.blog({ deleted: true }),
    a.comments({ user: "qqzzxq" }),
    a.messages({ q: "qqzzxq" }),
  ];
}

for (const viewport of WIDTHS) {
  test.describe(`signed in at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the account's pages: no WCAG 2.2 A/AA violation", async ({ browser, baseURL }) => {
      const { context, page } = await signedIn(browser, baseURL, uniqueEmail("a11y-account"), paths.profile(), { viewport });
      await expectNoViolationsOn(page, ACCOUNT_PAGES);
      await context.close();
    });

    test("the account's pages with content: no WCAG 2.2 A/AA violation", async ({ browser, baseURL, request }) => {
      const { context, page } = await signedIn(browser, baseURL, uniqueEmail("a11y-saved"), paths.profile(), { viewport });
      await expectNoViolationsOn(page, await savedContent(page, await demoVideoIds(request)));
      await context.close();
    });

    test("the console's pages: no WCAG 2.2 A/AA violation", async ({ browser, baseURL, request }) => {
      test.slow(); // twenty-six pages, each loaded, settled and checked
      const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "a11y-admin", viewport });
      await expectNoViolationsOn(page, await consolePages(page, await demoContent(request)));
      await context.close();
    });
  });
}

/**
 * Fills a new member's account as a person would over a few visits: videos favorited, saved to Watch Later and
 * watched a little (history), and a playlist of their own; returns the account's pages that now list them.
 */
async function savedContent(member: Page, videoIds: string[]): Promise<string[]> {
  const post = async (path: string, form: Record<string, string>) =>
    expect((await member.request.post(path, { form, maxRedirects: 0 })).status(), `${path} ${JSON.stringify(form)}`).toBeLessThan(400);
  for (const videoId of videoIds) {
    await post(paths.api.favorites(), { videoId, favorite: "true" });
    await post(paths.api.playlists(), { intent: "add", playlist: "watch-later", videoId });
    await post(paths.api.history(), { videoId, position: "5" });
  }
  await post(paths.api.playlists(), { intent: "create", title: "Evening picks", videoId: videoIds[0] as string });
  const own = /href="\/playlists\/([0-9a-f-]{36})"/.exec(await (await member.request.get(paths.playlists())).text())?.[1];
  if (!own) throw new Error("the new playlist is not on /playlists");
  const lists = [paths.favorites(), paths.history(), paths.playlist("watch-later"), paths.playlist(own)];
  for (const list of lists) expect(await (await member.request.get(list)).text(), list).toContain(paths.video(videoIds[0] as string));
  return [...lists, paths.playlists()];
}

/** The first three videos on the home page. */
async function demoVideoIds(request: APIRequestContext): Promise<string[]> {
  const home = await (await request.get(paths.home(), { headers: { cookie: "ageVerified=true" } })).text();
  return [...new Set([...home.matchAll(/href="\/video\/([0-9a-f-]{36})"/g)].map((m) => m[1] as string))].slice(0, 3);
}

let cached: Found | undefined;

/** The first video on the home page and the first blog post on the blog's, read once from the pages' HTML. */
async function demoContent(request: APIRequestContext): Promise<Found> {
  if (cached) return cached;
  const html = async (path: string) => (await request.get(path, { headers: { cookie: "ageVerified=true" } })).text();
  const [videoId] = await demoVideoIds(request);
  const captionedId = (await captionedDemoVideo(request)).id;
  const postSlug = /href="\/blog\/([a-z0-9-]+)"/.exec(await html(paths.blog()))?.[1];
  if (!videoId || !postSlug) throw new Error(`no demo video (${videoId}) or blog post (${postSlug}) found`);
  cached = { videoId, captionedId, postSlug };
  return cached;
}
