import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { STREAM_ASSERTION, TRAINED_ALGORITHMIC_MEDIA } from "../../core/content-credentials";
import { paths } from "../../core/paths";
import { type ManifestReport, readManifest } from "../../server/media/c2pa/sdk";
import { runFfmpeg } from "../../server/media/ffmpeg";
import { newVisitor, signedInWithRole } from "../support/account-session";
import { expect, test } from "./support";
import { removeUploadedVideos } from "./uploaded-videos";

/**
 * Content credentials (issue 22 item 5): every published video's poster carries a signed C2PA manifest and its
 * stream a signed sidecar; the video page links to a readable view of them. The files a visitor can download
 * are read back here with the library that signed them (server/media/c2pa/sdk.ts).
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "content-credentials-e2e-"));
test.afterAll(async ({ browser }) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await removeUploadedVideos(browser, "lantern drift");
});

async function bytes(request: APIRequestContext, url: string): Promise<Buffer> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return res.body();
}

/** The data of one assertion of a manifest read back (the test fails if there is none). */
function assertion<T>(report: ManifestReport | undefined, label: string): T {
  const found = report?.manifest.assertions?.find((a) => a.label === label);
  expect(found, label).toBeDefined();
  return found?.data as T;
}
type Actions = { actions: { action: string; digitalSourceType?: string }[] };

/** Follows the video page's link, checks the readable view and reads both signed files back; returns the poster's. */
async function checkCredentials(page: Page, videoPath: string, title: string) {
  await page.goto(videoPath);
  await page.getByRole("link", { name: "Content credentials" }).click();
  await expect(page).toHaveURL(`${videoPath}/credentials`);
  await expect(page.getByRole("heading", { level: 1, name: "Content credentials" })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveAttribute("href", videoPath);
  // No real certificate is configured here: the page says so plainly.
  await expect(page.getByRole("note")).toContainText("Development certificate");
  for (const name of ["Poster image", "Video stream"]) {
    const section = page.getByRole("region", { name });
    await expect(section).toContainText("Created by a trained AI model (IPTC: trainedAlgorithmicMedia)");
    await expect(section).toContainText("Valid: the file has not changed since it was signed");
    await expect(section).toContainText("DEVELOPMENT");
  }
  const link = (name: string) =>
    page.getByRole("region", { name }).getByRole("link", { name: "Download the signed file" }).getAttribute("href");
  const poster = (await link("Poster image")) as string;
  const stream = (await link("Video stream")) as string;

  // The poster, as anyone downloads it, read back: the assertion, an intact signature and image hash.
  const posterReport = await readManifest(await bytes(page.request, poster), "image/jpeg");
  expect(assertion<Actions>(posterReport, "c2pa.actions.v2").actions[0]).toEqual({
    action: "c2pa.created",
    digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
  });
  expect(posterReport?.success.map((s) => s.code)).toEqual(
    expect.arrayContaining(["claimSignature.validated", "assertion.dataHash.match"]),
  );
  expect(posterReport?.failure).toEqual([]);

  // The stream's sidecar: signed the same way, and every playlist and segment it names is the one served.
  const streamReport = await readManifest(await bytes(page.request, stream), "image/png");
  expect(assertion<Actions>(streamReport, "c2pa.actions.v2").actions[0]?.digitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA);
  expect(streamReport?.success.map((s) => s.code)).toContain("claimSignature.validated");
  expect(streamReport?.failure).toEqual([]);
  const { files } = assertion<{ files: { path: string; sha256: string }[] }>(streamReport, STREAM_ASSERTION);
  expect(files[0]?.path).toBe("master.m3u8");
  expect(files.some((f) => f.path.endsWith(".ts"))).toBe(true);
  const base = stream.replace(/[^/]+$/, "");
  for (const f of [files[0]!, files[1]!, files.at(-1)!]) {
    const served = crypto
      .createHash("sha256")
      .update(await bytes(page.request, base + f.path))
      .digest("hex");
    expect(served, f.path).toBe(f.sha256);
  }
  return posterReport!;
}

test("a visitor follows 'Content credentials' from a demo video and can check what the page says", async ({ browser, baseURL }) => {
  const { context, page } = await newVisitor(browser, baseURL);
  await page.goto(paths.category("amateur"));
  const videoPath = (await page.locator("main article a").first().getAttribute("href")) as string;
  await page.goto(videoPath);
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) as string;
  await checkCredentials(page, videoPath, title);
  await page.screenshot({ path: path.join("test-results", "content-credentials", "view.png"), fullPage: true });
  await context.close();
});

test("an uploaded video is signed when published; hidden, its credentials page is gone like its page", async ({ browser, baseURL }) => {
  const clip = path.join(tmp, "lantern-drift.mp4");
  await runFfmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=24:duration=3", "-f", "lavfi", "-i", "sine=frequency=330:duration=3"],
    ...["-c:a", "aac", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip],
  ]);
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "credentials-admin" });
  await admin.page.goto(paths.admin.newVideo());
  await admin.page.getByLabel("Video file").setInputFiles(clip);
  await admin.page.getByLabel("Title").fill("Lantern drift");
  await admin.page.getByLabel("Category").selectOption("Amateur");
  await admin.page.getByLabel(/^Public/).setChecked(true);
  await admin.page.getByRole("checkbox", { name: /^I attest/ }).check(); // the upload attestation (issue 22)
  await admin.page.getByRole("button", { name: "Upload video" }).click();
  await expect(admin.page.getByText("The video is ready and public.")).toBeVisible({ timeout: 120_000 });
  const videoPath = (await admin.page.getByRole("link", { name: "Watch the video" }).getAttribute("href")) as string;
  const videoId = videoPath.split("/").pop() as string;

  const visitor = await newVisitor(browser, baseURL);
  const report = await checkCredentials(visitor.page, videoPath, "Lantern drift");
  // This video's own manifest: signed for it, in its own folder.
  expect(report.manifest.title).toBe("Lantern drift");

  // Made private: both pages answer 404, the credentials page with the video page's own words.
  const update = (isPublic: boolean) =>
    admin.page.request.post(paths.admin.video(videoId), {
      form: { intent: "update", title: "Lantern drift", description: "", category: "Amateur", ...(isPublic ? { isPublic: "on" } : {}) },
      headers: { Origin: baseURL as string },
      maxRedirects: 0,
    });
  expect((await update(false)).status()).toBeLessThan(400);
  expect((await visitor.page.goto(videoPath))?.status()).toBe(404);
  expect((await visitor.page.goto(`${videoPath}/credentials`))?.status()).toBe(404);
  await expect(visitor.page.getByRole("heading", { name: "Video not found" })).toBeVisible();
  expect((await visitor.page.request.get(`${videoPath}/credentials.data`)).status()).toBe(404);

  await admin.page.goto(paths.admin.video(videoId));
  await admin.page.getByRole("button", { name: "Delete video…" }).click();
  await admin.page.getByRole("button", { name: "Yes, delete permanently" }).click();
  await visitor.context.close();
  await admin.context.close();
});

test("unknown and malformed ids: the credentials page is the video page's not-found", async ({ page }) => {
  for (const p of ["/video/not-a-uuid/credentials", "/video/00000000-0000-4000-8000-000000000000/credentials"]) {
    const res = await page.goto(p);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("The requested video could not be found.")).toBeVisible();
  }
});
