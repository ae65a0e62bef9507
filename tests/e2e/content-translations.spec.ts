import { paths, pathsIn } from "../../core/paths";
import { signedInWithRole } from "../support/account-session";
import { expect, test } from "./support";

/**
 * Translated content (docs/i18n.md "Content"): the demo ships in every language, so a German page shows a video's
 * German title unmarked; once the console sets the German version back to a draft, the German page shows the
 * English title marked lang="en" (the cached page dropped by the save), /admin/translations counts and links it,
 * and publishing it again brings the German back.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

let video: { id: string; duration: number };

test.beforeAll(async ({ baseURL }) => {
  const res = await fetch(`${baseURL}/__test/shortest-video`);
  video = ((await res.json()) as { video: { id: string; duration: number } }).video;
});

test("a German page shows the published German title, the English one marked once the German is a draft", async ({
  page,
  browser,
  baseURL,
}) => {
  const heading = page.getByRole("heading", { level: 1 });
  await page.goto(paths.video(video.id));
  const english = (await heading.textContent())?.trim() ?? "";
  await page.goto(pathsIn("de").video(video.id));
  const german = (await heading.textContent())?.trim() ?? "";
  expect(german).not.toBe(english);
  expect(await heading.getAttribute("lang")).toBeNull();
  // The category link keeps the English slug's address, whatever name it shows.
  await expect(page.locator('a[href^="/de/category/"]').first()).toBeVisible();

  const { context, page: admin } = await signedInWithRole(browser, baseURL, "admin", { tag: "translations-admin" });
  await admin.goto(paths.admin.video(video.id));
  const section = admin.getByRole("region", { name: "Translations" });
  const germanForm = section.locator("details").filter({ has: admin.locator("summary", { hasText: "German" }) });
  await expect(germanForm.locator("summary")).toContainText("Published");
  await germanForm.locator("summary").click();
  await expect(germanForm.getByLabel("Title (German)")).toHaveValue(german);
  await germanForm.getByLabel("State").selectOption("draft");
  await germanForm.getByRole("button", { name: "Save German" }).click();
  await expect(germanForm.getByText("Translation saved.")).toBeVisible();

  await page.goto(pathsIn("de").video(video.id));
  await expect(heading).toHaveText(english);
  await expect(heading).toHaveAttribute("lang", "en");

  await admin.goto(paths.admin.translations());
  const videos = admin.getByRole("region", { name: /^Videos/ });
  await expect(
    videos
      .getByRole("row", { name: /^German/ })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("1");
  await expect(videos.locator(`a[href="${paths.admin.video(video.id)}#translations"]`)).toHaveText(english);

  // Published again: the German title is back, unmarked.
  await admin.goto(paths.admin.video(video.id));
  await germanForm.locator("summary").click();
  await germanForm.getByLabel("State").selectOption("published");
  await germanForm.getByRole("button", { name: "Save German" }).click();
  await expect(germanForm.getByText("Translation saved.")).toBeVisible();
  await page.goto(pathsIn("de").video(video.id));
  await expect(heading).toHaveText(german);
  expect(await heading.getAttribute("lang")).toBeNull();
  await context.close();
});

test("search on a German page finds a video by its German title and by its English one", async ({ page }) => {
  const heading = page.getByRole("heading", { level: 1 });
  await page.goto(pathsIn("de").video(video.id));
  const german = (await heading.textContent())?.trim() ?? "";
  await page.goto(paths.video(video.id));
  const english = (await heading.textContent())?.trim() ?? "";
  for (const q of [german, english]) {
    await page.goto(pathsIn("de").search({ q }));
    await expect(page.locator(`a[href="${pathsIn("de").video(video.id)}"]`).first()).toBeVisible();
  }
  // The result is titled in German either way.
  await expect(page.locator(`a[href="${pathsIn("de").video(video.id)}"]`).first()).toContainText(german);
});
