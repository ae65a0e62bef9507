import type { Browser, Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { codeFromOutbox, newVisitor, requestCode, signedIn, signedInWithRole, testVideo, uniqueEmail } from "../support/account-session";
import { load, settled, untilShown } from "./axe-checks";
import { fullscreenPlayer, playFromButton, revealControls } from "./player-steps";
import type { DemoContent } from "./site-pages";
import { expect } from "./support";

/** The states a person reaches on the pages (menus, dialogs, the player's states, errors) that the accessibility spec checks. */

/** What the states need from the demo content: the public pages' (site-pages.ts) and a video with captions. */
export interface Found extends DemoContent {
  /** A demo video with captions (the seed captions a few: server/seed/demo-captions.ts). */
  captionedId: string;
}

/**
 * A state: brings `page` (past the age gate, at the test's width), or a page of a context of its own (closed after
 * the check), to the state and returns the page to check.
 */
export type Reach = (args: { browser: Browser; page: Page; baseURL: string; found: Found; phone: boolean }) => Promise<Page>;

export const STATES: { name: string; reach: Reach; allow?: string[] }[] = [
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
      await page.locator("video").hover();
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
    name: "the player playing, its controls shown",
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.videoId));
      await playWithControlsShown(page);
      return page;
    },
  },
  {
    name: "the player in fullscreen, its controls shown",
    reach: async ({ page, found }) => {
      await load(page, paths.video(found.videoId));
      await playWithControlsShown(page);
      await page.getByRole("button", { name: "Fullscreen", exact: true }).click();
      await expect.poll(() => fullscreenPlayer(page)).not.toBeNull();
      await playWithControlsShown(page);
      await expect(page.getByRole("button", { name: "Exit fullscreen" })).toBeVisible();
      return page;
    },
  },
  {
    name: "the player's error shown",
    // Only the stream's playlist fails, in this page alone, as a broken origin would.
    reach: async ({ page, found }) => {
      await page.route("**/master.m3u8", (route) => route.fulfill({ status: 404, body: "gone" }));
      await load(page, paths.video(found.videoId));
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Failed to load video." })).toBeVisible();
      await settled(page);
      return page;
    },
  },
  {
    name: "the report form's error shown",
    // Sent without a reason: refused, so nothing is stored and no video is hidden for the other specs.
    reach: async ({ page, found }) => {
      await load(page, paths.report({ type: "video", id: found.videoId }));
      await page.getByRole("button", { name: "Send Report" }).click();
      await expect(page.getByText("Choose a reason for your report.")).toBeVisible();
      await settled(page);
      return page;
    },
  },
  {
    name: "the report's confirmation shown",
    // About a video of the test's own, from an address of its own: the report hides that video only, and the demo
    // videos the other specs play stay as they are.
    reach: async ({ browser, page, baseURL }) => {
      const videoId = await testVideo(baseURL);
      const { page: visitor } = await newVisitor(browser, baseURL, { baseURL, viewport: page.viewportSize() ?? undefined });
      await load(visitor, paths.report({ type: "video", id: videoId }));
      await visitor.getByLabel("Spam or abuse").check();
      await visitor.getByRole("button", { name: "Send Report" }).click();
      await expect(visitor.getByRole("heading", { name: "Thank you, your report was received" })).toBeVisible();
      await expect(visitor.getByText("Your reference number is")).toBeVisible(); // received, not dropped
      await settled(visitor);
      return visitor;
    },
  },
  {
    name: "the sign-in code refused",
    reach: async ({ browser, page, baseURL }) => {
      const { page: visitor } = await newVisitor(browser, baseURL, { baseURL, viewport: page.viewportSize() ?? undefined });
      await load(visitor, paths.login());
      const email = uniqueEmail("a11y-code");
      await requestCode(visitor, email);
      const code = await codeFromOutbox(email);
      await visitor.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000"); // never the right one
      await visitor.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(visitor.getByRole("alert")).toContainText("That code is not valid");
      await settled(visitor);
      return visitor;
    },
  },
  {
    name: "the console's delete confirmation open",
    // Opened, never confirmed: the demo video stays.
    reach: async ({ browser, page, baseURL, found }) => {
      const { page: admin } = await signedInWithRole(browser, baseURL, "admin", { tag: "a11y-confirm", viewport: page.viewportSize() });
      await load(admin, paths.admin.video(found.videoId));
      await untilShown(
        admin.getByRole("button", { name: "Delete video…" }),
        admin.getByRole("button", { name: "Yes, delete permanently" }),
      );
      return admin;
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

/** Plays (muted) unless it already plays, and brings the controls back with a pointer move, settled. */
async function playWithControlsShown(page: Page): Promise<void> {
  await playFromButton(page);
  await revealControls(page);
  await expect(page.getByTestId("player-controls")).toHaveAttribute("data-visible", "true");
  await settled(page);
}
