import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated } from "./support";

/**
 * How the accessibility spec checks a page with axe-core (docs/accessibility.md): the WCAG 2.2 A and AA rules, on
 * a page that has settled (hydrated, its requests done, its transitions over).
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Opens `path` and waits until the page is hydrated, its requests done and its transitions over; its status. */
export async function load(page: Page, path: string): Promise<number | undefined> {
  const response = await page.goto(path);
  await page.waitForLoadState("networkidle");
  await settled(page);
  return response?.status();
}

/** Waits for every finite animation and transition to end, so colours are checked as they rest. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Presses `button` until `shown` is visible: a press before hydration does nothing (the page works without
 * JavaScript, so the button is there first), and a second press would close what the first opened.
 */
export async function untilShown(button: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await button.click();
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await settled(button.page());
}

/**
 * axe's WCAG 2.2 A/AA findings on `page` as it is (less `allow`, each written down in docs/accessibility.md), one
 * line each; `only` narrows the check to some rules on the elements a selector names (a hovered control's contrast).
 */
export async function violationsOf(page: Page, allow: string[] = [], only?: { selector: string; rules: string[] }): Promise<string[]> {
  // Legacy mode runs axe.run() in the page itself: the default runs each frame's part, then opens a blank page
  // to combine them, which took longer than the rules (1.5-2.5 s a check against 1.0-1.5 s, measured here). Our
  // pages have no frames of another origin that only the default could reach (app/ has no iframe).
  const axe = new AxeBuilder({ page }).setLegacyMode();
  if (only) axe.include(only.selector).withRules(only.rules);
  else axe.withTags(WCAG_TAGS);
  if (allow.length) axe.disableRules(allow);
  const { violations } = await axe.analyze();
  return violations.map(
    (v) =>
      `- ${v.id} (${v.impact}): ${v.help} <${v.helpUrl}>\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`).join("\n"),
  );
}

/** Expects no violation on `page` as it is. */
export async function expectNoViolations(page: Page, where: string, allow: string[] = []): Promise<void> {
  const report = await violationsOf(page, allow);
  expect(report.length, `${where} at ${page.viewportSize()?.width} px:\n${report.join("\n")}`).toBe(0);
}

/** The phone's and the desktop's widths the accessibility table checks (tests/e2e/accessibility.spec.ts). */
export const AXE_WIDTHS = [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
];

/**
 * axe's findings on `page` at each width in turn, without loading it again, then its own size back. A page
 * resized after its load is drawn as one loaded at that width: the layout follows the width by CSS alone (no
 * script of app/ reads the width; the player's short labels are CSS too).
 */
async function violationsAtBothWidths(page: Page, where: string, allow: string[] = []): Promise<string[]> {
  await hydrated(page);
  const own = page.viewportSize();
  const found: string[] = [];
  for (const viewport of AXE_WIDTHS) {
    await page.setViewportSize(viewport);
    await settled(page);
    const report = await violationsOf(page, allow);
    if (report.length) found.push(`${where} at ${viewport.width} px:\n${report.join("\n")}`);
  }
  if (own) await page.setViewportSize(own);
  return found;
}

/** Expects no violation on `page` as it is, at both widths (a state another spec reaches on its way, for one). */
export async function expectNoViolationsAtBothWidths(page: Page, where: string, allow: string[] = []): Promise<void> {
  const found = await violationsAtBothWidths(page, where, allow);
  expect(found, found.join("\n")).toEqual([]);
}

/** Loads each of `paths` in turn, once, and expects no violation on any at either width, listing every finding at once. */
export async function expectNoViolationsOn(page: Page, pagePaths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of pagePaths) {
    expect(await load(page, path), `${path}: the page itself, not an error page`).toBe(200);
    found.push(...(await violationsAtBothWidths(page, path)));
  }
  expect(found, found.join("\n")).toEqual([]);
}
