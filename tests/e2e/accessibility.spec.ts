import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { paths, pathsIn } from "../../core/paths";
import { signedIn, signedInWithRole, uniqueEmail } from "../support/account-session";
import { captionedDemoVideo } from "../support/demo-videos";
import { expect, test } from "./support";

/**
 * WCAG 2.2 A and AA as axe-core checks them (docs/accessibility.md, docs/decisions/0042-axe-in-the-e2e-tests.md):
 * every page of the table and every state a person reaches on them, at a phone's and a desktop's width, with no
 * violation. An exception names its rule and page in `allow`, with the reason written in docs/accessibility.md.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
];

/** What the table's addresses need from the demo content: a public video and a published blog post. */
interface Found {
  videoId: string;
  /** A demo video with captions (the seed captions a few: server/seed/demo-captions.ts). */
  captionedId: string;
  postSlug: string;
}

/** Every page is checked as a visitor past the age gate sees it (the gate itself is a state below). */
const PAGES: { name: string; path: (found: Found) => string; allow?: string[] }[] = [
  { name: "home", path: () => paths.home() },
  { name: "category", path: () => paths.category("amateur") },
  { name: "video", path: (f) => paths.video(f.videoId) },
  { name: "search results", path: () => paths.search({ q: "aurora" }) },
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

/**
 * A state: brings `page` (past the age gate, at the test's width), or a page of a context of its own (closed after
 * the check), to the state and returns the page to check.
 */
type Reach = (args: { browser: Browser; page: Page; baseURL: string; found: Found; phone: boolean }) => Promise<Page>;

const STATES: { name: string; reach: Reach; allow?: string[] }[] = [
  {
    name: "the age gate shown",
    // A fresh context without the ageVerified cookie: a first visit.
    reach: async ({ browser, page, baseURL }) => {
      const visitor = await (await browser.newContext({ baseURL, viewport: page.viewportSize() })).newPage();
      await load(visitor, paths.home());
      await expect(visitor.getByRole("dialog", { name: "Age Verification Required" })).toBeVisible();
      return visitor;
    },
  },
  {
    name: "the search suggestions open",
    reach: async ({ page, phone }) => {
      await load(page, paths.home());
      // On a phone the search field is behind the header's Search button.
      if (phone) await untilShown(page.getByRole("button", { name: "Search", exact: true }), page.getByRole("combobox"));
      await page.getByRole("combobox", { name: "Search videos" }).pressSequentially("au");
      await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
      return page;
    },
  },
  {
    name: "the user menu open, signed in",
    reach: async ({ browser, page, baseURL }) => {
      const { page: member } = await signedIn(browser, baseURL, uniqueEmail("a11y"), paths.home(), { viewport: page.viewportSize() });
      await load(member, paths.home());
      await untilShown(member.getByRole("button", { name: /^Account menu for / }), member.getByRole("menu", { name: "Account" }));
      return member;
    },
  },
  {
    name: "the player's speed menu open",
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.videoId));
      await untilShown(page.getByRole("button", { name: /^Speed: / }), page.getByRole("menu", { name: "Speed" }));
      return page;
    },
  },
  {
    name: "the player's quality menu open",
    // The quality button comes with the stream's renditions, which the player loads on a pointer's approach.
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.videoId));
      await page.locator("video").hover({ force: true }); // at a phone's width the control bar covers the video's middle
      const quality = page.getByRole("button", { name: /^Quality: / });
      await expect(quality).toBeVisible();
      await untilShown(quality, page.getByRole("menu", { name: "Quality" }));
      return page;
    },
  },
  {
    name: "the share menu open",
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.videoId));
      await untilShown(page.getByRole("button", { name: "Share" }), page.getByRole("menu", { name: "Share" }));
      return page;
    },
  },
  {
    name: "the player's captions menu open",
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.captionedId));
      await untilShown(page.getByRole("button", { name: /^Captions: / }), page.getByRole("menu", { name: "Captions" }));
      return page;
    },
  },
  {
    name: "the caption style dialog open",
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.captionedId));
      await untilShown(page.getByRole("button", { name: /^Captions: / }), page.getByRole("menu", { name: "Captions" }));
      await page.getByRole("menuitem", { name: "Caption style" }).click();
      await expect(page.getByRole("dialog", { name: "Caption style" })).toBeVisible();
      await settled(page);
      return page;
    },
  },
  {
    name: "the transcript open",
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.captionedId));
      const section = page.getByRole("region", { name: "Transcript" });
      await section.getByText("Show transcript").click();
      await expect(section.getByTestId("transcript").getByRole("button").first()).toBeVisible();
      await settled(page);
      return page;
    },
  },
  {
    name: "a card's menu open, signed in",
    reach: async ({ browser, page, baseURL }) => {
      const { page: member } = await signedIn(browser, baseURL, uniqueEmail("a11y-card"), paths.home(), { viewport: page.viewportSize() });
      await load(member, paths.home());
      const card = member.locator("main article").first();
      await untilShown(card.getByRole("button", { name: /^More: / }), card.getByRole("menu"));
      return member;
    },
  },
  {
    name: "the save-to-playlist dialog open, signed in",
    reach: async ({ browser, page, baseURL, found }) => {
      const { page: member } = await signedIn(browser, baseURL, uniqueEmail("a11y-save"), paths.home(), { viewport: page.viewportSize() });
      await load(member, paths.video(found.videoId));
      await untilShown(member.getByRole("button", { name: "Save", exact: true }), member.getByRole("dialog", { name: "Save to playlist" }));
      return member;
    },
  },
  {
    name: "the contact form's errors shown",
    reach: async ({ page }) => {
      await load(page, paths.contact());
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Email is required")).toBeVisible();
      await settled(page);
      return page;
    },
  },
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

    test("the console's pages: no WCAG 2.2 A/AA violation", async ({ browser, baseURL, request }) => {
      test.slow(); // eighteen pages, each loaded, settled and checked
      const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "a11y-admin", viewport });
      await expectNoViolationsOn(page, await consolePages(page, await demoContent(request)));
      await context.close();
    });
  });
}

let cached: Found | undefined;

/** The first video on the home page and the first blog post on the blog's, read once from the pages' HTML. */
async function demoContent(request: APIRequestContext): Promise<Found> {
  if (cached) return cached;
  const html = async (path: string) => (await request.get(path, { headers: { cookie: "ageVerified=true" } })).text();
  const videoId = /href="\/video\/([0-9a-f-]{36})"/.exec(await html(paths.home()))?.[1];
  const captionedId = (await captionedDemoVideo(request)).id;
  const postSlug = /href="\/blog\/([a-z0-9-]+)"/.exec(await html(paths.blog()))?.[1];
  if (!videoId || !postSlug) throw new Error(`no demo video (${videoId}) or blog post (${postSlug}) found`);
  cached = { videoId, captionedId, postSlug };
  return cached;
}

/** Opens `path` and waits until the page is hydrated, its requests done and its transitions over. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await settled(page);
}

/** Waits for every finite animation and transition to end, so colours are checked as they rest. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Presses `button` until `shown` is visible: a press before hydration does nothing (the page works without
 * JavaScript, so the button is there first), and a second press would close what the first opened.
 */
async function untilShown(button: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await button.click();
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await settled(button.page());
}

/** axe's WCAG 2.2 A/AA findings on `page` as it is (less `allow`, each written down in docs/accessibility.md), one line each. */
async function violationsOf(page: Page, allow: string[] = []): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (allow.length) axe.disableRules(allow);
  const { violations } = await axe.analyze();
  return violations.map(
    (v) =>
      `- ${v.id} (${v.impact}): ${v.help} <${v.helpUrl}>\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`).join("\n"),
  );
}

/** Expects no violation on `page` as it is. */
async function expectNoViolations(page: Page, where: string, allow: string[] = []): Promise<void> {
  const report = await violationsOf(page, allow);
  expect(report.length, `${where} at ${page.viewportSize()?.width} px:\n${report.join("\n")}`).toBe(0);
}

/** Loads each of `paths` in turn and expects no violation on any, listing every page's findings at once. */
async function expectNoViolationsOn(page: Page, pagePaths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of pagePaths) {
    await load(page, path);
    const report = await violationsOf(page);
    if (report.length) found.push(`${path}:\n${report.join("\n")}`);
  }
  expect(found, `at ${page.viewportSize()?.width} px:\n${found.join("\n")}`).toEqual([]);
}
