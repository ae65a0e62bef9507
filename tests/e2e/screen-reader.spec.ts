import { paths } from "../../core/paths";
import { captionedDemoVideo } from "../support/demo-videos";
import { revealControls } from "./player-steps";
import { expect, hydrated, test } from "./support";

/**
 * What a screen reader is given on the video page (issue 36 item 3, docs/accessibility.md), read from Chromium's
 * accessibility tree as Playwright's ARIA snapshots give it: the landmarks and headings in reading order, and the
 * player's controls with their names, roles and states before and while it plays.
 */

test.use({ viewport: { width: 1366, height: 900 } });

test("the video page reads in order: landmarks, its title, then chapters, transcript, related videos and comments", async ({
  page,
  request,
}) => {
  const video = await captionedDemoVideo(request);
  await page.goto(paths.video(video.id));
  await hydrated(page);
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
  const headings = await page
    .getByRole("main")
    .getByRole("heading")
    .evaluateAll((all) => all.map((h) => `${h.tagName} ${(h.textContent ?? "").trim()}`));
  expect(headings[0]).toBe(`H1 ${video.title}`);
  const order = ["H2 Chapters", "H2 Transcript", "H2 Related Videos", "H2 Comments"].map((h) =>
    headings.findIndex((found) => found.startsWith(h)),
  );
  expect(
    order.every((at) => at > 0),
    `headings: ${headings.join(" | ")}`,
  ).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test("the player's controls say what they are and what state they are in, before and while playing", async ({ page, request }) => {
  const video = await captionedDemoVideo(request);
  await page.goto(paths.video(video.id));
  await hydrated(page);
  const player = page.getByRole("region", { name: `Video player: ${video.title}` });
  await expect(player).toMatchAriaSnapshot(`
    - button "Play"
    - button "Mute"
    - slider "Volume"
    - paragraph: /Elapsed 0:00 of \\d+:\\d\\d/
  `);
  await expect(player.getByRole("slider", { name: "Seek" })).toHaveAttribute("aria-valuetext", /^0:00 of \d+:\d\d/);
  await expect(player.getByRole("button", { name: "Captions", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(player.getByRole("button", { name: "Captions: Off" })).toHaveAttribute("aria-haspopup", "menu");
  await expect(player.getByRole("switch", { name: "Autoplay" })).toHaveAttribute("aria-checked", /true|false/);

  // Playing: the button says Pause, the time moves on in words, captions on says so.
  await page.locator("video").evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await player.getByRole("button", { name: "Play", exact: true }).click();
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(player.getByRole("button", { name: "Unmute" })).toBeVisible();
  await expect(player.getByTestId("player-time")).toHaveText(/0:0[1-9] \/ /, { timeout: 15_000 });
  await expect(player.getByRole("slider", { name: "Volume" })).toHaveAttribute("aria-valuetext", "0%");
  await revealControls(page); // they fade out while it plays
  await player.getByRole("button", { name: "Captions", exact: true }).click();
  await expect(player.getByRole("button", { name: "Captions", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(player.getByRole("button", { name: "Captions: English" })).toBeVisible();
  // The chapter playing is named for screen readers around its title.
  await expect(player.getByTestId("player-chapter")).toContainText("Chapter:");
});
