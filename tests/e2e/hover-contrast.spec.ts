import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { signedIn, signedInWithRole, uniqueEmail } from "../support/account-session";
import { settled, violationsOf } from "./axe-checks";
import { demoContent } from "./site-pages";
import { expect, hydrated, test } from "./support";

/**
 * Text contrast under the pointer (WCAG 1.4.3 in the hover state, docs/accessibility.md): axe checks a page
 * as it rests, so a hover colour that drowns its text would pass it. Here every control with a hover style is
 * hovered in turn and axe's contrast rule checks it as it is then drawn. Controls that share their classes look
 * alike, so one of each look is hovered, once per test (the header's and the footer's on the first page only).
 */

const DESKTOP = { width: 1366, height: 900 };

/**
 * Marks one visible element of each class list with a hover style not in `seen` (the looks met on earlier pages:
 * the header, sidebar and footer repeat on every page); returns the looks it marked, in the order of their marks.
 */
function markHoverables(seen: string[]): string[] {
  const known = new Set(seen);
  const marked: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('[class*="hover:"]')) {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden" || el.closest("[inert], [aria-hidden='true']")) continue;
    const look = el.getAttribute("class") ?? "";
    if (known.has(look)) continue;
    known.add(look);
    el.dataset.hoverProbe = String(marked.length);
    marked.push(look);
  }
  return marked;
}

/** Opens each page and hovers each control of a new look in turn, axe's contrast rule on it alone; one line per failure. */
async function hoverFindings(page: Page, pagePaths: string[]): Promise<string[]> {
  const seen: string[] = [];
  const found: string[] = [];
  for (const path of pagePaths) {
    await page.goto(path);
    await hydrated(page);
    await page.mouse.move(0, 0);
    const marked = await page.evaluate(markHoverables, seen);
    seen.push(...marked);
    for (let i = 0; i < marked.length; i++) {
      const control = page.locator(`[data-hover-probe="${i}"]`);
      // A control that a previous hover covered or closed is not reachable by the pointer now.
      if (!(await control.isVisible())) continue;
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      if (!box) continue;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await settled(page);
      const report = await violationsOf(page, [], { selector: `[data-hover-probe="${i}"]`, rules: ["color-contrast"] });
      for (const line of report) found.push(`${path}, hovered:\n${line}`);
    }
    await page.mouse.move(0, 0);
  }
  expect(seen.length, "controls with a hover style").toBeGreaterThan(0);
  return found;
}

test.describe("hovered controls keep their contrast", () => {
  test.use({ viewport: DESKTOP, reducedMotion: "reduce" });

  test("the public pages", async ({ page, request }) => {
    const { videoId, postSlug } = await demoContent(request);
    const found = await hoverFindings(page, [
      paths.home(),
      paths.video(videoId),
      paths.blogPost(postSlug),
      paths.login(),
      paths.search({ q: "aurora" }),
    ]);
    expect(found, found.join("\n")).toEqual([]);
  });

  test("a member's pages", async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL, uniqueEmail("hover"), paths.settings(), {
      viewport: DESKTOP,
      reducedMotion: "reduce",
    });
    const found = await hoverFindings(page, [paths.settings(), paths.profile(), paths.playlists()]);
    expect(found, found.join("\n")).toEqual([]);
    await context.close();
  });

  test("the console's pages", async ({ browser, baseURL }) => {
    const { context, page } = await signedInWithRole(browser, baseURL, "admin", {
      tag: "hover-admin",
      viewport: DESKTOP,
      reducedMotion: "reduce",
    });
    const found = await hoverFindings(page, [
      paths.admin.dashboard(),
      paths.admin.videos(),
      paths.admin.blog(),
      paths.admin.ads(),
      paths.admin.reports(),
    ]);
    expect(found, found.join("\n")).toEqual([]);
    await context.close();
  });
});
