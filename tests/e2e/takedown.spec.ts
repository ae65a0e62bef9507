import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { runFfmpeg } from "../../server/media/ffmpeg";
import { newVisitor, outbox, signedIn, signedInWithRole, uniqueEmail } from "../support/account-session";
import { mailsTo as mailsIn } from "../support/outbox";
import { expectNoViolationsAtBothWidths } from "./axe-checks";
import { expect, freshGet, test } from "./support";
import { removeUploadedVideos } from "./uploaded-videos";

/**
 * Takedown requests (issue 22, item 3), end to end: a visitor files one from a video page without
 * JavaScript and gets a reference (on the page and by e-mail); an admin sees it on its 48-hour clock and
 * resolves it as removed: the video page answers 410 in every worker, the sitemap drops it, the page cache
 * does not serve it, its media answer 404, and uploading the same file again is refused by its fingerprint;
 * the requester is told. The uploader appeals once; the admin who removed it cannot decide, another can.
 * An overdue request is marked (words and colour) and e-mailed to every admin once.
 */

test.describe.configure({ mode: "serial", timeout: 240_000 });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "takedown-e2e-"));
const SCREENSHOTS = path.join("test-results", "takedown");
const FINGERPRINT = "The file was refused: This file matches a video that was removed after a takedown or moderation decision";
let clip: string;
let videoId: string;
let mediaPath: string;
let reference: string;
const requester = uniqueEmail("takedown-requester");
let uploaderEmail: string;
let removerEmail: string;

test.beforeAll(async () => {
  clip = path.join(tmp, "lantern-festival.mp4");
  await runFfmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=24:duration=2", "-f", "lavfi", "-i", "sine=frequency=330:duration=2"],
    ...["-c:a", "aac", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip],
  ]);
});
test.afterAll(async ({ browser }) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await removeUploadedVideos(browser, "lantern festival");
});

const mailsTo = (to: string) => mailsIn(outbox(), to);

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The console upload, as an admin does it; resolves with the page after the answer (ready, or refused). */
async function upload(page: Page, title: string) {
  await page.goto(paths.admin.newVideo());
  await page.getByLabel("Video file").setInputFiles(clip);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("Amateur");
  await page.getByLabel(/^Public/).setChecked(true);
  const attest = page.getByRole("checkbox", { name: /^I attest/ });
  if (await attest.count()) await attest.check();
  await page.getByRole("button", { name: "Upload video" }).click();
}

test("a visitor files a takedown from a video page without JavaScript and gets a reference by e-mail", async ({ browser, baseURL }) => {
  const uploader = await signedInWithRole(browser, baseURL, "admin", { tag: "takedown-uploader" });
  uploaderEmail = uploader.email;
  await upload(uploader.page, "Lantern festival");
  await expect(uploader.page.getByText("The video is ready and public.")).toBeVisible({ timeout: 120_000 });
  await uploader.page.getByRole("link", { name: "Watch the video" }).click();
  await expect(uploader.page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
  videoId = uploader.page.url().split("/").pop() as string;
  mediaPath = `/media/videos/${videoId}/master.m3u8`;
  await uploader.context.close();

  const { context, page } = await newVisitor(browser, baseURL, { javaScriptEnabled: false });
  await page.goto(paths.video(videoId));
  await page.getByRole("link", { name: "Request a takedown" }).click();
  await expect(page).toHaveURL(/\/takedown\?url=/);
  await expect(page.getByLabel(/^Addresses of the material/)).toHaveValue(`${baseURL}/video/${videoId}`);

  // Missing parts are refused next to their fields, with everything typed kept.
  await page.getByLabel("Your full name", { exact: true }).fill("Mara Example");
  await page.getByLabel("Email", { exact: true }).fill(requester);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Choose what the request is about")).toBeVisible();
  await expect(page.getByText("Confirm the good-faith statement")).toBeVisible();
  await expect(page.getByLabel("Your full name", { exact: true })).toHaveValue("Mara Example");
  await shoot(page, "form-errors");

  await page.getByLabel("Intimate imagery of a real person without their consent").check();
  await page.getByLabel(/^Describe the person/).fill("The woman in this clip has my face and my tattoo; I never agreed to it.");
  await page.getByLabel(/^I state in good faith/).check();
  await page.getByLabel(/^Electronic signature/).fill("Mara Example");
  await page.waitForTimeout(3200); // the form's 3-second minimum
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Request received" })).toBeVisible();
  reference = (await page.getByTestId("takedown-reference").textContent()) as string;
  expect(reference).toMatch(/^TD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await shoot(page, "sent");
  await context.close();

  await expect.poll(() => mailsTo(requester).length).toBe(1);
  expect(mailsTo(requester)[0]).toContain(`Its reference is ${reference}.`);
});

test("an admin sees the clock and resolves it as removed: the video is gone everywhere; the same file is refused; the requester is told", async ({
  browser,
  baseURL,
}) => {
  // Warm the page cache with the public page, then take it down.
  expect((await freshGet(`${baseURL}/video/${videoId}`)).status).toBe(200);
  expect((await freshGet(`${baseURL}${mediaPath}`)).status).toBe(200);
  expect((await freshGet(`${baseURL}/sitemap.xml`)).body).toContain(`/video/${videoId}<`);

  const remover = await signedInWithRole(browser, baseURL, "admin", { tag: "takedown-remover" });
  removerEmail = remover.email;
  const { page } = remover;
  await page.goto(paths.admin.takedowns());
  const item = page.getByTestId("takedown-request").filter({ hasText: reference });
  await expect(item.getByTestId("takedown-clock")).toHaveText(/^⏱ 4[78] h \d+ min left$/);
  await expect(item).not.toHaveAttribute("data-overdue", "true");
  await expect(item.getByRole("link", { name: "Lantern festival" })).toBeVisible();
  await shoot(page, "queue");
  await item.getByLabel("Note to the requester").fill("The likeness was confirmed.");
  await item.getByRole("button", { name: "Remove the video" }).click();
  await expect(page.getByTestId("takedown-resolved").filter({ hasText: reference })).toContainText("removed");

  for (const answer of await Promise.all(Array.from({ length: 6 }, () => freshGet(`${baseURL}/video/${videoId}`)))) {
    expect(answer.status).toBe(410);
    expect(answer.body).not.toContain("Lantern festival");
  }
  expect((await freshGet(`${baseURL}/sitemap.xml`)).body).not.toContain(videoId);
  expect((await freshGet(`${baseURL}/`)).body).not.toContain(videoId);
  expect((await freshGet(`${baseURL}${mediaPath}`)).status).toBe(404);

  await expect.poll(() => mailsTo(requester).length).toBe(2);
  expect(mailsTo(requester)[1]).toContain(`Subject: Takedown request ${reference}: material removed`);

  // The uploader tries the same file again.
  const uploader = await signedInWithRole(browser, baseURL, "admin", { tag: "takedown-reupload" });
  await upload(uploader.page, "Lantern festival again");
  await expect(uploader.page.getByText(FINGERPRINT)).toBeVisible({ timeout: 60_000 });
  await shoot(uploader.page, "refused");
  await uploader.context.close();
  await remover.context.close();
});

test("the uploader appeals once; the admin who removed it cannot decide, another admin can", async ({ browser, baseURL }) => {
  // The uploader's own session (signed in again with the same address).
  const uploader = await signedIn(browser, baseURL, uploaderEmail, "/admin/takedowns");
  const mine = uploader.page.getByTestId("removed-upload").filter({ hasText: "Lantern festival" });
  await mine.getByLabel(/^Why should the removal be reversed/).fill("This is a fully synthetic character; any likeness is chance.");
  await mine.getByRole("button", { name: "Send the appeal" }).click();
  await expect(mine).toContainText("Appeal waiting for another admin's decision");
  await expect(mine.getByRole("button", { name: "Send the appeal" })).toHaveCount(0);
  // A second appeal, posted directly, is refused.
  const again = await uploader.page.request.post(paths.admin.takedowns(), {
    form: { intent: "appeal", videoId, note: "Once more, with feeling please." },
    headers: { origin: baseURL as string },
  });
  expect(again.status()).toBe(409);
  await uploader.context.close();

  const remover = await signedIn(browser, baseURL, removerEmail, "/admin/takedowns");
  const appeal = remover.page.getByTestId("appeal").filter({ hasText: "Lantern festival" });
  await expect(appeal).toContainText("another admin decides it");
  await expect(appeal.getByRole("button", { name: /^Reverse/ })).toHaveCount(0);
  const forced = await remover.page.request.post(paths.admin.takedowns(), {
    form: { intent: "decide", videoId, decision: "reversed", note: "" },
    headers: { origin: baseURL as string },
  });
  expect(forced.status()).toBe(403);
  await remover.context.close();

  const other = await signedInWithRole(browser, baseURL, "admin", { tag: "takedown-decider" });
  await other.page.goto(paths.admin.takedowns());
  const toDecide = other.page.getByTestId("appeal").filter({ hasText: "Lantern festival" });
  await toDecide.getByLabel("Note to the uploader").fill("The likeness is clear; the removal stands.");
  await toDecide.getByRole("button", { name: "Uphold the removal" }).click();
  await expect(other.page.getByTestId("appeal").filter({ hasText: "Lantern festival" })).toHaveCount(0);
  await other.context.close();
  await expect.poll(() => mailsTo(uploaderEmail).filter((m) => m.includes("the removal stands")).length).toBe(1);
});

test("an overdue request is highlighted in words and colour, and e-mailed to every admin once", async ({ browser, baseURL }) => {
  const email = uniqueEmail("takedown-late");
  const { context, page } = await newVisitor(browser, baseURL);
  await page.goto(paths.takedown());
  await expect(page.getByRole("form", { name: "Takedown request" })).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Copyright infringement").check();
  await page.getByLabel("Your full name", { exact: true }).fill("Studio Example");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel(/^Addresses of the material/).fill("https://elsewhere.example/copied-work");
  await page.getByLabel(/^Describe the person/).fill("Our short film 'Tidal', copied frame by frame.");
  await page.getByLabel(/^I state in good faith/).check();
  await page.getByLabel(/^Electronic signature/).fill("Studio Example");
  await page.waitForTimeout(3200);
  await page.getByRole("button", { name: "Send request" }).click();
  const late = (await page.getByTestId("takedown-reference").textContent()) as string;
  await context.close();

  // The admin exists before the request is overdue: the job runner's minute may notify as soon as it is, and it
  // tells the admins there are then.
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "takedown-clock" });
  const moved = await fetch(`${baseURL}/__test/takedowns/backdate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reference: late, hours: 50 }),
  });
  expect(await moved.json()).toEqual({ moved: 1 });

  await admin.page.goto(paths.admin.takedowns());
  const first = admin.page.getByTestId("takedown-request").first();
  await expect(first).toContainText(late); // the most overdue sorts first
  await expect(first).toHaveAttribute("data-overdue", "true");
  await expect(first.getByTestId("takedown-clock")).toHaveText(/^⚠ Overdue by 2 h \d+ min$/);
  await shoot(admin.page, "overdue");
  await expectNoViolationsAtBothWidths(admin.page, "an overdue takedown request's row");
  await admin.page.goto(paths.admin.dashboard());
  await expect(admin.page.locator(`[data-total="takedowns"]`)).toContainText(/1 overdue/);

  // The job runner's minute may have sent it already; either way each admin gets exactly one notice.
  await fetch(`${baseURL}/__test/takedowns/overdue`, { method: "POST" });
  await fetch(`${baseURL}/__test/takedowns/overdue`, { method: "POST" });
  for (const to of [admin.email, removerEmail]) {
    const notices = mailsTo(to).filter((m) => m.includes("Overdue takedown requests") && m.includes(late));
    expect(notices, to).toHaveLength(1);
  }
  await admin.context.close();
});
