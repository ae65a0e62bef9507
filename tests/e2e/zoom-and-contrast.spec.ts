import type { Page } from "@playwright/test";
import sharp from "sharp";
import { paths, pathsIn } from "../../core/paths";
import { signedIn, signedInWithRole, uniqueEmail } from "../support/account-session";
import { ACCOUNT_PAGES, CONSOLE_LISTS, consoleEditors, demoContent } from "./site-pages";
import { expect, hydrated, test } from "./support";

/**
 * What axe does not check (docs/accessibility.md "How each promise is tested"): reflow at 400 % zoom (WCAG 1.4.10)
 * and the contrast of controls' boundaries and focus indicators (1.4.11).
 *
 * 400 % of a 1280 px window is 320 CSS px: at that width no page may scroll sideways (the player and the
 * search suggestions' list are sized to the page, not exempt). Boundaries: every text field, select and text
 * area shows its edge (its border or its own background) at 3:1 or more against what it sits on; every focus
 * ring reached by Tab does too, at both widths the suite checks.
 */

const ZOOMED = { width: 320, height: 640 };

const PUBLIC_PAGES = [
  paths.home(),
  paths.category("amateur"),
  paths.search({ q: "aurora" }),
  paths.blog(),
  paths.faq(),
  paths.values(),
  paths.contact(),
  paths.takedown(),
  paths.trust(),
  paths.login(),
  pathsIn("ar").home(),
];

/** What sticks out past the viewport's right edge (or left, right to left), by tag, id and classes. */
async function overflow(page: Page): Promise<{ scroll: number; width: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        // Inside a box that scrolls on its own (a row of chips), sticking out is that box's business.
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const x = getComputedStyle(p).overflowX;
          if (x === "auto" || x === "scroll" || x === "hidden" || x === "clip") return false;
        }
        return box.right > width + 1 || box.left < -1;
      })
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 6).join(".")}`);
    return { scroll: document.documentElement.scrollWidth, width, wide };
  });
}

async function expectReflow(page: Page, pagePaths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of pagePaths) {
    // The page itself: not a 404, not a redirect to sign in.
    expect((await page.goto(path))?.status(), path).toBe(200);
    expect(new URL(page.url()).pathname, path).toBe(new URL(path, page.url()).pathname);
    await hydrated(page);
    const { scroll, width, wide } = await overflow(page);
    // What sticks out names the culprit; a word too long for its line (an e-mail address) shows only in the width.
    if (scroll > width) found.push(`${path}: ${scroll} px wide in ${width}; ${wide.join(", ") || "text wider than its box"}`);
  }
  expect(found, found.join("\n")).toEqual([]);
}

test.describe("at 320 px (400 % zoom)", () => {
  test.use({ viewport: ZOOMED });

  test("the public pages reflow: nothing scrolls sideways", async ({ page, request }) => {
    const html = await (await request.get(paths.home(), { headers: { cookie: "ageVerified=true" } })).text();
    const videoId = /href="\/video\/([0-9a-f-]{36})"/.exec(html)?.[1] as string;
    await expectReflow(page, [...PUBLIC_PAGES, paths.video(videoId), paths.report({ type: "video", id: videoId })]);
  });

  test("the account's pages reflow too", async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL, uniqueEmail("zoom"), paths.profile(), { viewport: ZOOMED });
    await expectReflow(page, ACCOUNT_PAGES);
    await context.close();
  });

  test("the console's pages reflow too", async ({ browser, baseURL, request }) => {
    const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "zoom-admin", viewport: ZOOMED });
    await expectReflow(page, [...CONSOLE_LISTS, ...(await consoleEditors(page, (await demoContent(request)).videoId))]);
    await context.close();
  });
});

/**
 * In the page: contrast of each field's edge against what it sits on, and of the focused element's ring.
 * Colours are read by painting them (any CSS colour, oklch included) and layered over the backgrounds behind.
 */
function contrastReport(mode: "fields" | "focus"): string[] {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
  type Rgba = [number, number, number, number];
  const rgba = (color: string): Rgba => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data as unknown as number[];
    return [r as number, g as number, b as number, (a as number) / 255];
  };
  const over = (top: Rgba, under: Rgba): Rgba => {
    const a = top[3];
    return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
  };
  /** The colour behind `el`: its ancestors' backgrounds layered from the page's down. */
  const behind = (el: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let p = el; p; p = p.parentElement) layers.push(rgba(getComputedStyle(p).backgroundColor));
    return layers.reverse().reduce<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : ""}${el.id ? `#${el.id}` : ""}`;
  const visible = (el: Element) => {
    // A form's trap for bots (off screen, out of the tab order, hidden from assistive technology) is no field.
    if (el.closest('[aria-hidden="true"]')) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const found: string[] = [];
  if (mode === "fields") {
    const fields = document.querySelectorAll(
      "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]), select, textarea",
    );
    for (const field of [...fields].filter(visible)) {
      // A file field shows its own edge, or its button's (the button against the field's own ground).
      const parts: [CSSStyleDeclaration, Rgba][] = [[getComputedStyle(field), behind(field.parentElement)]];
      if (field instanceof HTMLInputElement && field.type === "file")
        parts.push([getComputedStyle(field, "::file-selector-button"), behind(field)]);
      const measured = parts.map(([style, ground]) => ({
        edge: Number.parseFloat(style.borderBottomWidth) >= 1 ? ratio(over(rgba(style.borderBottomColor), ground), ground) : 0,
        fill: ratio(over(rgba(style.backgroundColor), ground), ground),
      }));
      const edge = Math.max(...measured.map((m) => m.edge));
      const fill = Math.max(...measured.map((m) => m.fill));
      if (Math.max(edge, fill) < 3) found.push(`${name(field)}: edge ${edge.toFixed(2)}:1, fill ${fill.toFixed(2)}:1`);
    }
    return found;
  }
  const el = document.activeElement;
  if (!el || el === document.body || !visible(el)) return found;
  const style = getComputedStyle(el);
  const ground = behind(el.parentElement);
  const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 1 ? rgba(style.outlineColor) : undefined;
  // A ring drawn as a box shadow (Tailwind's ring utilities): its colour is the shadow's first colour.
  const shadow =
    style.boxShadow !== "none" ? /^((?:rgba?|oklch|oklab|lab|lch|color|hsla?)\([^)]*\)|#\w+)/.exec(style.boxShadow)?.[1] : undefined;
  const rings = [outline, shadow ? rgba(shadow) : undefined].filter((c): c is Rgba => c !== undefined);
  const best = Math.max(0, ...rings.map((c) => ratio(over(c, ground), ground)));
  if (best < 3) found.push(`${name(el)} "${(el.textContent ?? "").trim().slice(0, 30)}": focus ring ${best.toFixed(2)}:1`);
  return found;
}

const FORM_PAGES = [paths.login(), paths.contact(), paths.search({ q: "aurora" }), paths.takedown()];
/** The console's forms: new items, a video's editor (its chapters and captions too), searches, the ad units. */
const CONSOLE_FORM_PAGES = [
  paths.admin.newVideo(),
  paths.admin.newBlogPost(),
  paths.admin.categories(),
  paths.admin.users(),
  paths.admin.ads(),
];

/** Each page's fields, then the focus ring at each of its first 25 Tab stops; one line per shortfall. */
async function edgesAndRings(page: Page, pagePaths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of pagePaths) {
    await page.goto(path);
    await hydrated(page);
    for (const line of await page.evaluate(contrastReport, "fields" as const)) found.push(`${path}: ${line}`);
    // The first stops from the top of the page by Tab: header, menus, the page's own controls.
    for (let stop = 0; stop < 25; stop++) {
      await page.keyboard.press("Tab");
      for (const line of await page.evaluate(contrastReport, "focus" as const)) found.push(`${path}: ${line}`);
    }
  }
  return [...new Set(found)];
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
]) {
  test(`at ${viewport.width} px: fields' edges and focus rings contrast 3:1 with what they sit on`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const found = await edgesAndRings(page, FORM_PAGES);
    expect(found, found.join("\n")).toEqual([]);
  });

  test(`at ${viewport.width} px: the console's fields and focus rings too`, async ({ browser, baseURL, request }) => {
    const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "edges-admin", viewport });
    const found = await edgesAndRings(page, [...CONSOLE_FORM_PAGES, paths.admin.video((await demoContent(request)).videoId)]);
    expect(found, found.join("\n")).toEqual([]);
    await context.close();
  });
}

/**
 * A ring the style sheet gives is also a ring the screen shows: the house banner's box clips what lies outside it, so
 * its ring is drawn inside (docs/accessibility.md "Focus rings a component draws are the ones shown"). Read from the
 * pixels: focused by Tab, the middle of each edge, 3 px in, turns near white; blurred, it is the gradient again.
 */
test("the house banner's focus ring is drawn where it can be seen", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(paths.home());
  await hydrated(page);
  const banner = page.locator("[data-ad-fallback]").first();
  await banner.scrollIntoViewIfNeeded();
  // Tab from the element just before it, so the focus is a keyboard's (:focus-visible).
  await banner.evaluate((link) => {
    const stops = [...document.querySelectorAll<HTMLElement>("a[href], button")];
    stops[stops.indexOf(link as HTMLElement) - 1]?.focus();
  });
  await page.keyboard.press("Tab");
  await expect(banner).toBeFocused();
  expect(await banner.evaluate((link) => link.matches(":focus-visible"))).toBe(true);
  const focused = await edgePixels(page, banner);
  await page.keyboard.press("Shift+Tab");
  const blurred = await edgePixels(page, banner);
  for (const [side, [r, g, b]] of Object.entries(focused)) expect(Math.min(r, g, b), `${side} focused`).toBeGreaterThan(230);
  for (const [side, [r, g, b]] of Object.entries(blurred)) expect(Math.min(r, g, b), `${side} blurred`).toBeLessThan(200);
});

/** The colour 3 px inside the middle of each edge of `target`, as the screen shows it. */
async function edgePixels(page: Page, target: ReturnType<Page["locator"]>) {
  const box = (await target.boundingBox()) as { x: number; y: number; width: number; height: number };
  const { data, info } = await sharp(await page.screenshot({ clip: box, scale: "css" }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[i], data[i + 1], data[i + 2]] as [number, number, number];
  };
  const [w, h] = [info.width - 1, info.height - 1];
  return { top: at(w / 2, 3), bottom: at(w / 2, h - 3), start: at(3, h / 2), end: at(w - 3, h / 2) };
}
