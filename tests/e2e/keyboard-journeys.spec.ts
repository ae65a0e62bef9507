import type { Locator, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { signedIn, uniqueEmail } from "../support/account-session";
import { captionedDemoVideo } from "../support/demo-videos";
import { expect, hydrated, test } from "./support";

/**
 * The main journeys by keyboard alone (issue 36 item 2, docs/accessibility.md): find a video, play it, seek,
 * change captions and quality, like, save to a playlist, comment and report, with Tab, Enter, Space, arrows and
 * Escape only. Every stop on the way must be on screen with a visible focus indicator and not covered by
 * anything (the sticky header, the player's overlays: WCAG 2.4.7 and 2.4.11).
 */

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1366, height: 900 } });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking every stop on the way: on screen, with a
 * focus indicator, not covered by anything. Fails with the stops that were not seen, or when `target` is not
 * reached within `max` presses. One round trip to the page per stop.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  const wanted = await target.elementHandle();
  const problems: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const stop = await page.evaluate((goal) => {
      const el = document.activeElement as HTMLElement | null;
      const reached = el === goal;
      if (!el || el === document.body) return { reached, problem: "focus is on nothing" };
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      const box = el.getBoundingClientRect();
      const problem = (() => {
        if (box.width < 1 || box.height < 1) return `${name} has no size`;
        if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth)
          return `${name} is off screen`;
        const style = getComputedStyle(el);
        if (style.outlineStyle === "none" && style.boxShadow === "none") return `${name} shows no focus indicator`;
        const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit) || hit.contains(el))) return null;
        return `${name} is covered by ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}` : "nothing"}`;
      })();
      return { reached, problem };
    }, wanted);
    if (stop.problem) problems.push(stop.problem);
    if (stop.reached) {
      expect(problems, "every focus stop on the way was seen").toEqual([]);
      return;
    }
  }
  throw new Error(`not reached in ${max} presses of Tab: ${target}`);
}

const currentTime = (page: Page) => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);

/** In the search field (focused): types the title, sends it, and opens the video from the results. */
async function searchAndOpen(page: Page, video: { id: string; title: string }): Promise<void> {
  await page.keyboard.type(video.title);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  await hydrated(page);
  await tabTo(page, page.locator(`main a[href="${paths.video(video.id)}"]`).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${paths.video(video.id)}$`));
  await hydrated(page);
}

/** Plays the video from its Play button (muted: CI has no sound card). */
async function playByKeyboard(page: Page): Promise<void> {
  await page.locator("video").evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await tabTo(page, page.getByRole("button", { name: "Play", exact: true }));
  await page.keyboard.press("Enter");
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.2);
}

test("find a video, play, seek, captions, quality, like, save, comment and report, by keyboard alone", async ({
  browser,
  baseURL,
  request,
}) => {
  const video = await captionedDemoVideo(request);
  const { context, page } = await signedIn(browser, baseURL, uniqueEmail("keyboard"), paths.home(), {
    viewport: { width: 1366, height: 900 },
  });
  await page.goto(paths.home());
  await hydrated(page);

  // Find: the header's search, the title typed, Enter; then the result.
  await tabTo(page, page.getByRole("combobox", { name: "Search videos" }));
  await searchAndOpen(page, video);

  // Play, then seek 5 s on by the slider's arrow key.
  await playByKeyboard(page);
  // The seek bar sits above the buttons: one step back.
  await tabTo(page, page.getByRole("slider", { name: "Seek" }), { back: true, max: 3 });
  const before = await currentTime(page);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 4);

  // Captions: English from the menu.
  await tabTo(page, page.getByRole("button", { name: "Captions: Off" }));
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Captions: English" })).toBeFocused();
  // On (whether a cue shows at this moment depends on the file: other specs upload their own to demo videos).
  await expect(page.getByRole("button", { name: "Captions", exact: true })).toHaveAttribute("aria-pressed", "true");

  // Quality: the menu opens on its checked item; the next one chosen.
  const quality = page.getByRole("button", { name: /^Quality: / });
  await tabTo(page, quality);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu", { name: "Quality" })).toBeVisible();
  await expect(page.getByRole("menuitemradio", { name: /^Auto/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(quality).not.toHaveAccessibleName(/^Quality: Auto/);
  await expect(quality).toBeFocused(); // back on its button

  // Like.
  const like = page.getByRole("button", { name: /^Like / });
  await tabTo(page, like);
  await page.keyboard.press("Enter");
  await expect(like).toHaveAttribute("aria-pressed", "true");

  // Save to a playlist: the dialog, Watch Later ticked with Space, Escape back to the button.
  const save = page.getByRole("button", { name: "Save", exact: true });
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Save to playlist" });
  await expect(dialog).toBeVisible();
  const watchLater = dialog.getByRole("checkbox", { name: /Watch Later/ });
  await expect(watchLater).toBeVisible(); // the list is asked for when the dialog opens
  await tabTo(page, watchLater, { max: 10 });
  await page.keyboard.press("Space");
  await expect(watchLater).toBeChecked();
  await expect(dialog.getByRole("status")).toContainText("Watch Later");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(save).toBeFocused();

  // Comment.
  const text = `Typed without a mouse ${Date.now()}`;
  await tabTo(page, page.getByLabel("Add a comment"));
  await page.keyboard.type(text);
  await tabTo(page, page.getByRole("button", { name: "Post Comment" }), { max: 5 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article").getByText(text)).toBeVisible();

  // Report: back up the page to the Report link, a reason by arrow keys, sent.
  await tabTo(page, page.getByRole("link", { name: "Report", exact: true }), { back: true, max: 150 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Report", exact: true })).toBeVisible();
  await hydrated(page);
  await tabTo(page, page.getByRole("radio").first());
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Spam or abuse" })).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Send Report" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Thank you, your report was received" })).toBeVisible();
  await context.close();
});

test.describe("at a phone's width", () => {
  // Also what a desktop browser zoomed to 400 % lays out (WCAG 1.4.10): the header's menus behind buttons.
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu and its categories, the search, a video played, its speed and share menus, by keyboard alone", async ({
    page,
    request,
  }) => {
    const video = await captionedDemoVideo(request);
    await page.goto(paths.home());
    await hydrated(page);

    // The menu: opened, closed with Escape (focus back on its button), then a category from it.
    const menuButton = page.getByRole("button", { name: "Menu" });
    await tabTo(page, menuButton);
    await page.keyboard.press("Enter");
    const categoriesButton = page.locator("#mobile-menu").getByRole("button", { name: /Categories/ });
    await tabTo(page, categoriesButton, { max: 10 });
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await page.keyboard.press("Enter");
    await tabTo(page, categoriesButton, { max: 10 });
    await page.keyboard.press("Enter");
    await tabTo(page, page.locator("#mobile-categories").getByRole("link", { name: "Amateur" }), { max: 30 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/category\/amateur$/);
    await hydrated(page);
    // The menu closed with the navigation, and focus went back to its button rather than to nothing.
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    // The search behind its button: the field takes focus as it opens.
    await tabTo(page, page.getByRole("button", { name: "Search", exact: true }), { back: true });
    await page.keyboard.press("Enter");
    await expect(page.locator("#search-mobile")).toBeFocused();
    await searchAndOpen(page, video);

    // Played from its button, then the speed menu: opened, 1.25 chosen by arrows, focus back on the button.
    await playByKeyboard(page);
    const speed = page.getByRole("button", { name: /^Speed: / });
    await tabTo(page, speed, { max: 10 });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu", { name: "Speed" })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(speed).toBeFocused();
    await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.playbackRate)).not.toBe(1);

    // Share: the menu opens on its first item; Escape closes it and focus is back on Share.
    const share = page.getByRole("button", { name: "Share" });
    await tabTo(page, share, { max: 40 });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu", { name: "Share" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu", { name: "Share" })).toHaveCount(0);
    await expect(share).toBeFocused();
  });
});
