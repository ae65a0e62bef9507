import type { APIRequestContext, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { signedIn, signedInWithRole, uniqueEmail } from "../support/account-session";
import { captionedDemoVideo } from "../support/demo-videos";
import { type Found, STATES } from "./accessibility-states";
import { AXE_WIDTHS, expectNoViolations, expectNoViolationsAtBothWidths, expectNoViolationsOn, load } from "./axe-checks";
import { ACCOUNT_PAGES, CONSOLE_LISTS, consoleEditors, demoVideoIds, demoContent as firstDemoContent, PUBLIC_PAGES } from "./site-pages";
import { expect, test } from "./support";

/**
 * WCAG 2.2 A and AA as axe-core checks them (docs/accessibility.md, docs/decisions/0042-axe-in-the-e2e-tests.md):
 * every page of the table and every state a person reaches on them, at a phone's and a desktop's width, with no
 * violation. An exception names its rule and page in `allow`, with the reason written in docs/accessibility.md.
 */

const WIDTHS = AXE_WIDTHS;

// Each page is loaded once and checked at both widths (axe-checks.ts); a state is reached at each width, since
// reaching it differs (the search behind its button on a phone).
test.describe("at 375 and 1366 px", () => {
  test.use({ viewport: WIDTHS[0] });
  for (const entry of PUBLIC_PAGES) {
    test(`${entry.name}: no WCAG 2.2 A/AA violation`, async ({ page, request }) => {
      const path = entry.path(await demoContent(request));
      await load(page, path);
      await expectNoViolationsAtBothWidths(page, `${entry.name} (${path})`, entry.allow);
    });
  }
});

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

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
const MEMBER_PAGES = [...ACCOUNT_PAGES, paths.playlist("watch-later")];

/** The console's pages, each list and each editor. */
async function consolePages(admin: Page, found: Found): Promise<string[]> {
  const a = paths.admin;
  return [
    ...CONSOLE_LISTS,
    ...(await consoleEditors(admin, found.videoId)),
    // The lists as a moderator narrows them: filtered, paged, the removed rows, and a filter that finds nothing.
    a.videos({ visibility: "private" }),
    a.videos({ q: "aurora" }),
    a.videos({ q: "qqzzxq" }),
    a.videos({ page: 2 }),
    a.videos({ deleted: true }),
    a.blog({ deleted: true }),
    a.comments({ user: "qqzzxq" }),
    a.messages({ q: "qqzzxq" }),
    // The dashboard's shortest period, the users found by a search and none, the audit log by action.
    a.dashboard({ period: 7 }),
    a.users({ q: "a11y" }),
    a.users({ q: "qqzzxq" }),
    a.audit({ action: "user." }),
  ];
}

test.describe("signed in, at 375 and 1366 px", () => {
  const viewport = WIDTHS[0];

  test("the account's pages: no WCAG 2.2 A/AA violation", async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL, uniqueEmail("a11y-account"), paths.profile(), { viewport });
    await expectNoViolationsOn(page, MEMBER_PAGES);
    await context.close();
  });

  test("the account's pages with content: no WCAG 2.2 A/AA violation", async ({ browser, baseURL, request }) => {
    const { context, page } = await signedIn(browser, baseURL, uniqueEmail("a11y-saved"), paths.profile(), { viewport });
    await expectNoViolationsOn(page, await savedContent(page, await demoVideoIds(request)));
    await context.close();
  });

  test("the console's pages: no WCAG 2.2 A/AA violation", async ({ browser, baseURL, request }) => {
    test.slow(); // thirty pages, each loaded, settled and checked at two widths
    const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "a11y-admin", viewport });
    await expectNoViolationsOn(page, await consolePages(page, await demoContent(request)));
    await context.close();
  });
});

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

let cached: Found | undefined;

/** The first video on the home page, the first blog post and a captioned video, read once from the pages' HTML. */
async function demoContent(request: APIRequestContext): Promise<Found> {
  cached ??= { ...(await firstDemoContent(request)), captionedId: (await captionedDemoVideo(request)).id };
  return cached;
}
