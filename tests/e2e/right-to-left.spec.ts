import { pathsIn } from "../../core/paths";
import { expect, hydrated, test } from "./support";

/**
 * Arabic, right to left (docs/i18n.md "Right to left"), at a phone's and a desktop's width: the layout mirrored
 * (the logo at the right, the page's text starting at the right), nothing wider than the screen, the player's
 * controls left to right as other players keep them. And the texts as the browser fetches them (docs/i18n.md
 * "Texts"): a page's HTML carries none, a client-side navigation fetches the next page's and shows it worded.
 */

const ar = pathsIn("ar");

for (const width of [375, 1366]) {
  test(`Arabic pages mirror at ${width} px, nothing wider than the screen, the player left to right`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // A demo video (its media made): the home page's newest may be another test's, still without a stream.
    await page.goto(ar.category("amateur"));
    const video = (await page.locator('a[href^="/ar/video/"]').first().getAttribute("href")) ?? "";
    for (const path of [
      ar.home(),
      ar.category("amateur"),
      video,
      ar.search({ q: "aurora" }),
      ar.blog(),
      ar.faq(),
      ar.contact(),
      ar.login(),
    ]) {
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("dir", "rtl");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} overflows`).toBeLessThanOrEqual(
        0,
      );
      // The logo, the first thing of the header, is at the right; the page's heading starts at the right.
      const logo = await page.getByRole("banner").getByRole("link").first().boundingBox();
      expect(logo && logo.x > width / 2, `${path}: logo at the right`).toBe(true);
      // (A centred heading, as the sign-in card's, has no side to start at.)
      const heading = page.locator("main h1").first();
      if (await heading.count()) {
        const [box, textRight, align] = await heading.evaluate((h) => {
          const range = document.createRange();
          range.selectNodeContents(h);
          return [
            h.getBoundingClientRect().toJSON() as DOMRect,
            range.getBoundingClientRect().right,
            getComputedStyle(h).textAlign,
          ] as const;
        });
        if (align !== "center") expect(Math.abs(box.right - textRight), `${path}: the heading's text starts at the right`).toBeLessThan(4);
      }
    }
    await page.goto(video);
    const controls = page.getByTestId("player-controls");
    await expect(controls).toHaveAttribute("dir", "ltr");
    const play = await controls.getByRole("button", { name: "تشغيل" }).first().boundingBox();
    const time = await page.getByTestId("player-time").boundingBox();
    expect(play && time && play.x < time.x, "play before the time, left to right").toBe(true);
  });
}

test("a page's HTML carries no texts; a client-side navigation fetches the next page's and shows it worded", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/assets/texts/")) fetched.push(new URL(r.url()).pathname.split("/").slice(-2).join("/"));
  });
  const html = await (await page.goto(pathsIn("de").home()))?.text();
  // The save dialog's words are in the layout's namespaces, but not on the screen: not in the page either.
  expect(html).not.toContain("Neue Playlist");
  // Named in <head>, fetched once the LCP image has painted (app/lib/hydration-start.server.ts).
  expect(html).toMatch(
    /<link rel="x-preload-later" as="fetch" crossorigin="anonymous" href="\/assets\/texts\/[0-9a-f]{12}\/de\/common\.json"/,
  );
  await expect.poll(() => fetched).toContain("de/common.json");
  await page.goto(pathsIn("de").category("amateur"));
  await hydrated(page);
  await page.locator('a[href^="/de/video/"]').first().click();
  await page.waitForURL(/\/de\/video\//);
  await expect(page.locator("main")).toContainText("Gefällt mir");
  await expect(page.getByRole("button", { name: "Abspielen" }).first()).toBeAttached();
  expect(fetched).toEqual(expect.arrayContaining(["de/video.json", "de/player.json", "de/community.json"]));
  // Each once: after hydration the layout names no texts for the browser to preload a second time.
  for (const file of ["de/video.json", "de/player.json", "de/community.json"]) expect(fetched.filter((f) => f === file)).toHaveLength(1);
  // No message id shows anywhere (a text missing from what was fetched would show its id).
  expect(await page.locator("main").textContent()).not.toMatch(/\b(video|player|community|playlists|common)\.[a-z]+[A-Z]\w*/);
});
