import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { signedIn, uniqueEmail } from "../support/account-session";
import { ACCOUNT_PAGES, demoContent, PUBLIC_PAGES } from "./site-pages";
import { expect, hydrated, test } from "./support";

/**
 * What a screen reader is given on every page, beyond the video page's own checks (screen-reader.spec.ts; issue 36
 * item 3, docs/accessibility.md "Screen readers"): read from Chromium's accessibility tree, each page has one of
 * each landmark, one main heading inside `main`, headings that never skip a level, a title and a language, and a
 * first Tab stop that skips to the content.
 */

test.use({ viewport: { width: 1366, height: 900 } });

/** The page's outline as the accessibility tree gives it, or the first way it fails a screen reader. */
async function outlineProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const count = async (role: "banner" | "main" | "contentinfo") => page.getByRole(role).count();
  for (const role of ["banner", "main", "contentinfo"] as const) {
    const n = await count(role);
    if (n !== 1) problems.push(`${n} ${role} landmarks`);
  }
  if (!(await page.title()).trim()) problems.push("no title");
  if (!(await page.locator("html").getAttribute("lang"))) problems.push("no lang on <html>");
  // Only what the accessibility tree holds: a heading in a closed menu or the hidden age gate is not read.
  const headings = await page.getByRole("heading").evaluateAll((all) =>
    all.map((h) => ({
      level: Number(h.getAttribute("aria-level") ?? h.tagName.slice(1)),
      text: (h.textContent ?? "").trim(),
      inMain: !!h.closest("main"),
    })),
  );
  const h1s = headings.filter((h) => h.level === 1);
  if (h1s.length !== 1 || !h1s[0]?.inMain) problems.push(`main headings: ${JSON.stringify(h1s)}`);
  headings.forEach((h, i) => {
    const before = headings[i - 1];
    if (before && h.level > before.level + 1) problems.push(`"${before.text}" (h${before.level}) is followed by "${h.text}" (h${h.level})`);
  });
  return problems;
}

/** The first Tab stop skips to the content: it names itself, and following it brings `main` into view. */
async function skipLinkProblems(page: Page): Promise<string[]> {
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return { href: active?.getAttribute("href"), text: active?.textContent?.trim() ?? "", tag: active?.tagName };
  });
  if (first.href !== "#main" || !first.text) return [`the first Tab stop is ${JSON.stringify(first)}, not a skip link`];
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  return (await page.locator("#main").isVisible()) ? [] : ["the skip link's target #main is not shown"];
}

test("every public page: one of each landmark, one main heading, no skipped level, a title, a language, a skip link first", async ({
  page,
  request,
}) => {
  const content = await demoContent(request);
  const found: string[] = [];
  for (const entry of PUBLIC_PAGES) {
    const path = entry.path(content);
    await page.goto(path);
    await hydrated(page);
    const problems = [...(await outlineProblems(page)), ...(await skipLinkProblems(page))];
    if (problems.length) found.push(`${entry.name} (${path}): ${problems.join("; ")}`);
  }
  expect(found).toEqual([]);
});

test("the account's pages: the same outline for a signed-in member", async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL, uniqueEmail("outline"), paths.profile(), {
    viewport: { width: 1366, height: 900 },
  });
  const found: string[] = [];
  for (const path of ACCOUNT_PAGES) {
    await page.goto(path);
    await hydrated(page);
    const problems = [...(await outlineProblems(page)), ...(await skipLinkProblems(page))];
    if (problems.length) found.push(`${path}: ${problems.join("; ")}`);
  }
  expect(found).toEqual([]);
  await context.close();
});
