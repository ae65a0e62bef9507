import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ATTESTATION_REQUIRED, ATTESTATION_TEXT, ATTESTATION_VERSION } from "../../core/attestation";
import { paths } from "../../core/paths";
import { signedInWithRole } from "../support/account-session";
import { e2eSite } from "../support/e2e-site";
import { makeTestClip } from "../support/media";
import { expect, test } from "./support";
import { removeUploadedVideos } from "./uploaded-videos";

/**
 * The upload attestation (issue 22, item 6): no upload without it (checked in the browser before a byte is
 * sent, and again by the server), the minors policy on its note and on the file's name, and what was agreed
 * (who, when, the text, its version) shown on the console's video page.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "attestation-e2e-"));
const SCREENSHOTS = path.join("test-results", "upload-attestation");
test.afterAll(async ({ browser }) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await removeUploadedVideos(browser, "tide pools");
});

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function fill(page: Page, file: string, title: string) {
  await page.goto(paths.admin.newVideo());
  await page.getByLabel("Video file").setInputFiles(file);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("Amateur");
  await page.getByLabel(/^Public/).setChecked(true);
}

test("refused without the attestation, accepted with it, and shown in the console", async ({ browser, baseURL }) => {
  const clip = await makeTestClip(path.join(tmp, "tide-pools.mp4"), { size: "320x180", seconds: 1.5 });
  const { context, page, email } = await signedInWithRole(browser, baseURL, "admin", { tag: "attest-admin" });
  const tus: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/admin/uploads")) tus.push(r.method());
  });

  await fill(page, clip, "Tide pools");
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.locator("#upload-attest-error")).toHaveText(ATTESTATION_REQUIRED);
  await expect(page.getByRole("checkbox", { name: ATTESTATION_TEXT })).toHaveAttribute("aria-invalid", "true");
  // The policy on the note, in the browser too.
  await page.getByLabel(/^How were the people in it made/).fill("The model is barely legal");
  await page.getByRole("checkbox", { name: /^I attest/ }).check();
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.locator("#upload-consentNote-error")).toContainText(
    'Consent note contains a term that suggests minors ("barely legal")',
  );
  expect(tus).toEqual([]); // nothing was sent
  await shoot(page, "refused");

  // The server checks again: a form that skips the browser's check is refused with the same message.
  const direct = await page.request.post(paths.admin.newVideo(), {
    form: { intent: "create", uploadId: "f".repeat(32), title: "Tide pools", category: "Amateur", isPublic: "on" },
    headers: { Origin: baseURL as string },
  });
  expect(direct.status()).toBe(400);
  expect(JSON.stringify(await direct.json().catch(async () => direct.text()))).toContain(ATTESTATION_REQUIRED);

  await page.getByLabel(/^How were the people in it made/).fill("Every figure is generated; no real person was filmed.");
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByText("The video is ready and public.")).toBeVisible({ timeout: 120_000 });
  await page.getByRole("link", { name: "Watch the video" }).click();
  await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
  const videoId = page.url().split("/").pop() as string;

  await page.goto(paths.admin.video(videoId));
  const shown = page.getByTestId("video-attestation");
  await expect(shown).toContainText(ATTESTATION_TEXT);
  await expect(shown).toContainText("Note: Every figure is generated; no real person was filmed.");
  await expect(shown).toContainText(`Agreed by ${email} on `);
  await expect(shown).toContainText(`(text version ${ATTESTATION_VERSION})`);
  await shoot(page, "shown");
  await context.close();
});

test("a file whose name suggests minors is refused after upload and nothing of it is kept", async ({ browser, baseURL }) => {
  const clip = await makeTestClip(path.join(tmp, "schoolgirl-dance.mp4"), { size: "320x180", seconds: 1 });
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "attest-name" });
  await fill(page, clip, "Dance");
  await page.getByRole("checkbox", { name: /^I attest/ }).check();
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByRole("alert").filter({ hasText: 'File name contains a term that suggests minors ("schoolgirl")' })).toBeVisible({
    timeout: 60_000,
  });
  const uploads = path.join(e2eSite().dataDir, "uploads");
  await expect.poll(() => (fs.existsSync(uploads) ? fs.readdirSync(uploads) : [])).toEqual([]);
  await context.close();
});
