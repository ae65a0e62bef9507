import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { runFfmpeg } from "../../server/media/ffmpeg";
import { newVisitor, signedInWithRole } from "../support/account-session";
import { e2eSite } from "../support/e2e-site";
import { HOSTILE_FILES, readWatch, startRequestRecorder, TARGET_NAME } from "../support/hostile-media";
import { expect, hydrated, test } from "./support";
import { removeUploadedVideos } from "./uploaded-videos";

/**
 * The console's Videos section (issue 11): a resumable browser upload (tus) that survives a dropped
 * connection, the transcode followed live, the video playable on its public page, edit and delete, refused
 * files leaving nothing on disk, and the whole section closed to everyone but admins.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const CHUNK = 2 * 1024 * 1024; // UPLOAD_CHUNK_BYTES
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "console-videos-e2e-"));
const uploadsDir = () => path.join(e2eSite().dataDir, "uploads");
/** Files in the uploads folder: bytes of uploads in progress and their tus records. */
const uploadFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);
const SCREENSHOTS = path.join("test-results", "console-videos");

let clip: string;
let videoId: string;

test.beforeAll(async () => {
  // A few seconds of ffmpeg's abstract test pattern at a small size, at a constant 7 Mbit/s so the file
  // (about 3.5 MB) takes two upload chunks: the interruption below falls between them.
  clip = path.join(tmp, "harbour-lights.mp4");
  await runFfmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=24:duration=4", "-f", "lavfi", "-i", "sine=frequency=220:duration=4"],
    ...["-c:a", "aac", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...["-b:v", "7M", "-minrate", "7M", "-maxrate", "7M", "-bufsize", "2M", "-x264-params", "nal-hrd=cbr", clip],
  ]);
  expect(fs.statSync(clip).size).toBeGreaterThan(CHUNK);
});

test.afterAll(async ({ browser }) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await removeUploadedVideos(browser, "harbour");
});

async function fillFields(page: Page, fields: { title: string; description?: string; category?: string; isPublic?: boolean }) {
  await page.getByLabel("Title").fill(fields.title);
  await page.getByLabel(/^Description/).fill(fields.description ?? "");
  await page.getByLabel("Category").selectOption(fields.category ?? "Amateur");
  await page.getByLabel(/^Public/).setChecked(fields.isPublic ?? true);
  await page.getByRole("checkbox", { name: /^I attest/ }).check(); // the upload attestation (issue 22)
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an admin uploads a clip; the upload resumes from the stored offset after a dropped connection; the transcode is followed live; the video plays", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "videos-admin" });
  await page.goto(paths.admin.videos());
  await expect(page.getByRole("link", { name: "Videos", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Upload a video" }).click();
  await expect(page.getByRole("heading", { name: "Upload a video" })).toBeVisible();

  // The policy is checked before anything is sent, its error next to the field.
  const tusRequests: { method: string; offset: string | null }[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/admin/uploads"))
      tusRequests.push({ method: r.method(), offset: r.headers()["upload-offset"] ?? null });
  });
  await page.getByLabel("Video file").setInputFiles(clip);
  await fillFields(page, { title: "Harbour lights for kids" });
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.locator("#upload-title-error")).toContainText('Title contains a term that suggests minors ("kids")');
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  expect(tusRequests).toEqual([]);
  await shoot(page, "upload-error");

  // The second chunk's request is cut off: the client asks the server for its offset and carries on from there.
  let patches = 0;
  await page.route("**/admin/uploads/*", async (route) => {
    if (route.request().method() === "PATCH" && ++patches === 2) return route.abort("connectionreset");
    return route.continue();
  });
  const jobStates: string[] = [];
  page.on("response", async (r) => {
    if (/\/admin\/videos\/jobs\//.test(r.url()) && r.ok()) jobStates.push(((await r.json()) as { status: string }).status);
  });
  await fillFields(page, { title: "Harbour lights", description: "Boats coming home at dusk." });
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(page.getByText("The video is ready and public.")).toBeVisible({ timeout: 120_000 });
  await shoot(page, "upload-done");

  const posts = tusRequests.filter((r) => r.method === "POST");
  const patchOffsets = tusRequests.filter((r) => r.method === "PATCH").map((r) => r.offset);
  expect(posts).toHaveLength(1); // one upload, never started over
  expect(patchOffsets).toEqual(["0", String(CHUNK), String(CHUNK)]); // the cut chunk, then the same offset again
  const afterCut = tusRequests.findIndex((r, i) => r.method === "PATCH" && i > tusRequests.findIndex((x) => x.offset === String(CHUNK)));
  expect(tusRequests.slice(0, afterCut).some((r) => r.method === "HEAD")).toBe(true); // the offset was asked for
  // Transcode progress was shown while it ran (queued or running before done).
  expect(jobStates.at(-1)).toBe("done");
  expect(jobStates.some((s) => s === "queued" || s === "running")).toBe(true);
  await expect(page.getByRole("progressbar", { name: "Transcode progress" })).toHaveAttribute("aria-valuenow", "100");

  // The upload's bytes went to the pipeline, which removed them when done.
  await expect.poll(uploadFiles).toEqual([]);

  await page.getByRole("link", { name: "Watch the video" }).click();
  await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
  videoId = page.url().split("/").pop() as string;
  await expect(page.getByRole("heading", { level: 1, name: "Harbour lights" })).toBeVisible();
  const video = page.locator("video");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  expect(fs.existsSync(path.join(e2eSite().dataDir, "media", "videos", videoId, "master.m3u8"))).toBe(true);
  await context.close();
});

test("a browser that goes offline mid-upload shows it is reconnecting and carries on by itself once back online", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "videos-admin" });
  await page.goto(paths.admin.newVideo());
  const tusRequests: { method: string; offset: string | null; failed?: boolean }[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/admin/uploads"))
      tusRequests.push({ method: r.method(), offset: r.headers()["upload-offset"] ?? null });
  });
  let patches = 0;
  await page.route("**/admin/uploads/*", async (route) => {
    if (route.request().method() === "PATCH" && ++patches === 2) {
      // The network goes away under the second chunk and comes back a few seconds later.
      await context.setOffline(true);
      setTimeout(() => void context.setOffline(false), 3_000);
      return route.abort("internetdisconnected");
    }
    return route.continue();
  });
  await page.getByLabel("Video file").setInputFiles(clip);
  await fillFields(page, { title: "Harbour lights offline", isPublic: false });
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByText("connection lost, reconnecting…")).toBeVisible();
  await expect(page.getByText("The video is ready (private).")).toBeVisible({ timeout: 120_000 });
  expect(tusRequests.filter((r) => r.method === "POST")).toHaveLength(1);
  expect(tusRequests.filter((r) => r.method === "PATCH").map((r) => r.offset)).toEqual(["0", String(CHUNK), String(CHUNK)]);
  await expect.poll(uploadFiles).toEqual([]);
  // Private: no public link, and the list shows it as not public.
  await expect(page.getByRole("link", { name: "Watch the video" })).toHaveCount(0);
  await page.getByRole("button", { name: "Upload another video" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await page.goto("/admin/videos?visibility=private&q=offline");
  await expect(page.locator("[data-admin-video]")).toHaveCount(1);
  await expect(page.locator("[data-admin-video]")).toContainText("Not public");
  await context.close();
});

test("the list finds it; edit (policy errors next to the field) and delete round trip; the public page follows", async ({
  browser,
  baseURL,
}) => {
  expect(videoId).toBeTruthy();
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "videos-admin" });
  await page.goto("/admin/videos?q=harbour");
  const row = page.locator(`[data-admin-video="${videoId}"]`);
  await expect(row).toContainText("Harbour lights");
  await expect(row).toContainText("Public");
  await expect(row).toContainText("Transcoded");
  await shoot(page, "list");
  await page.goto("/admin/videos?visibility=private&q=harbour");
  await expect(row).toHaveCount(0);

  await page.goto(paths.admin.video(videoId));
  await expect(page.getByRole("heading", { name: "Edit video" })).toBeVisible();
  // The English fields (the page's translation forms below have fields of the same names).
  const details = page.getByRole("form", { name: "Video details" });
  await hydrated(page);
  await details.getByLabel(/^Description/).fill("Filmed by a 15 year old");
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#edit-description-error")).toContainText("suggests minors");
  // The server applies the same schema to a request that skips the browser's check.
  const direct = await page.request.post(paths.admin.video(videoId), {
    form: { intent: "update", title: "Schoolgirl harbour", description: "", category: "Amateur", isPublic: "on" },
    headers: { Origin: baseURL as string },
    maxRedirects: 0,
  });
  expect(direct.status()).toBe(400);
  // Without JavaScript the server's page shows the same message and keeps what was typed.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${baseURL}${paths.admin.video(videoId)}`);
  const plainDetails = plain.getByRole("form", { name: "Video details" });
  await plainDetails.getByLabel(/^Description/).fill("Filmed by a 15 year old");
  const [answer] = await Promise.all([
    plain.waitForResponse((r) => r.request().method() === "POST"),
    plainDetails.getByRole("button", { name: "Save changes" }).click(),
  ]);
  expect(answer.status()).toBe(400);
  await expect(plain.locator("#edit-description-error")).toContainText("suggests minors");
  await expect(plainDetails.getByLabel(/^Description/)).toHaveValue("Filmed by a 15 year old");
  await expect(plainDetails.getByLabel("Title")).toHaveValue("Harbour lights");
  await noScript.close();

  await details.getByLabel("Title").fill("Harbour lights at dusk");
  await details.getByLabel(/^Description/).fill("Boats coming home.");
  await details.getByLabel(/^Public/).uncheck();
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(details.getByText("Saved.")).toBeVisible();
  await shoot(page, "edit");

  // Private now: the public page is gone at once, for a visitor too.
  const visitor = await newVisitor(browser, baseURL);
  expect((await visitor.page.goto(paths.video(videoId)))?.status()).toBe(404);
  await page.goto("/admin/videos?visibility=private&q=dusk");
  await expect(row).toContainText("Harbour lights at dusk");
  await expect(row).toContainText("Not public");

  await row.getByRole("link", { name: "Edit Harbour lights at dusk" }).click();
  await details.getByLabel(/^Public/).check();
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(details.getByText("Saved.")).toBeVisible();
  await visitor.page.goto(paths.video(videoId));
  await expect(visitor.page.getByRole("heading", { level: 1, name: "Harbour lights at dusk" })).toBeVisible();

  await page.getByRole("button", { name: "Delete video…" }).click();
  await expect(page.getByRole("button", { name: "Yes, delete permanently" })).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Yes, delete permanently" })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete video…" }).click();
  await page.getByRole("button", { name: "Yes, delete permanently" }).click();
  await expect(page).toHaveURL(/\/admin\/videos\?deleted=1$/);
  await expect(page.getByText("The video was deleted.")).toBeVisible();
  expect((await visitor.page.goto(paths.video(videoId)))?.status()).toBe(404);
  expect(fs.existsSync(path.join(e2eSite().dataDir, "media", "videos", videoId))).toBe(false);
  expect((await page.goto(paths.admin.video(videoId)))?.status()).toBe(404);
  await visitor.context.close();
  await context.close();
});

test("refused files leave nothing on disk: a non-video picked in the browser, a text file named .mp4, a wrong type or size sent directly", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "videos-admin" });
  const before = uploadFiles();
  await page.goto(paths.admin.newVideo());
  const notes = path.join(tmp, "notes.txt");
  fs.writeFileSync(notes, "Shopping list: bread, apples, tea.\n".repeat(40));
  await page.getByLabel("Video file").setInputFiles(notes);
  await fillFields(page, { title: "Notes" });
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.locator("#upload-file-error")).toContainText("Only video files can be uploaded");

  // Passes the name and type checks, uploads, then the pipeline's ffprobe refuses it: removed at once.
  const fake = path.join(tmp, "notes.mp4");
  fs.copyFileSync(notes, fake);
  await page.getByLabel("Video file").setInputFiles(fake);
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The file was refused: Not a video file" })).toBeVisible();
  expect(uploadFiles()).toEqual(before);

  // The tus endpoint itself: 415 for another type, 413 over MAX_UPLOAD_BYTES, nothing created.
  const create = (length: string, metadata: string) =>
    page.request.post(paths.admin.uploads(), {
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": length, "Upload-Metadata": metadata, Origin: baseURL as string },
      failOnStatusCode: false,
    });
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const wrongType = await create("100", `filename ${b64("notes.txt")},filetype ${b64("text/plain")}`);
  expect(wrongType.status()).toBe(415);
  expect(await wrongType.text()).toContain("Only video files can be uploaded");
  const tooLarge = await create(String(3 * 1024 ** 3), `filename ${b64("big.mp4")},filetype ${b64("video/mp4")}`);
  expect(tooLarge.status()).toBe(413);
  expect(uploadFiles()).toEqual(before);
  await context.close();
});

test("a playlist or list posing as an .mp4 is uploaded, then refused, with nothing fetched or read by the server", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "videos-admin" });
  const listener = await startRequestRecorder();
  const decoy = path.join(tmp, TARGET_NAME);
  fs.copyFileSync(clip, decoy);
  const watch = readWatch([decoy]);
  const rows = [
    "HLS playlist with a segment on a loopback HTTP server",
    "DASH manifest with an HTTP BaseURL",
    "HLS playlist with a file: URL segment",
    "ffconcat list naming /etc/passwd",
  ].map((label) => HOSTILE_FILES.find((f) => f.label === label)!);
  const before = uploadFiles();
  try {
    for (const row of rows) {
      const file = path.join(tmp, "holiday.mp4");
      fs.writeFileSync(file, await row.content({ url: listener.url, target: decoy }));
      listener.requests.length = 0;
      watch.arm();
      await page.goto(paths.admin.newVideo());
      await page.getByLabel("Video file").setInputFiles(file);
      await fillFields(page, { title: "Holiday" });
      await page.getByRole("button", { name: "Upload video" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "The file was refused: Not a video file" }), row.label).toBeVisible();
      expect(listener.requests, row.label).toEqual([]);
      expect(watch.read(), row.label).toEqual([]);
      expect(uploadFiles(), row.label).toEqual(before);
    }
  } finally {
    await listener.close();
    await context.close();
  }
});

test("visitors, users and creators get 404 for the pages, the actions and every tus method, and change nothing", async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInWithRole(browser, baseURL, "admin", { tag: "videos-admin" });
  await admin.page.goto(paths.admin.videos());
  const someId = (await admin.page.locator("[data-admin-video]").first().getAttribute("data-admin-video")) as string;
  const someTitle = (await admin.page.locator(`[data-admin-video="${someId}"] a`).first().textContent()) as string;
  // A real upload in progress: the others must not be able to see, extend or delete it.
  const created = await admin.page.request.post(paths.admin.uploads(), {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": "10",
      "Upload-Metadata": `filename ${Buffer.from("a.mp4").toString("base64")}`,
      Origin: baseURL as string,
    },
  });
  expect(created.status()).toBe(201);
  const uploadPath = created.headers().location as string;
  expect(uploadPath).toMatch(/^\/admin\/uploads\/[0-9a-f]{32}$/);
  const jobId = "00000000-0000-4000-8000-000000000000";

  const people = [
    await newVisitor(browser, baseURL),
    await signedInWithRole(browser, baseURL, "user", { tag: "videos-user" }),
    await signedInWithRole(browser, baseURL, "creator", { tag: "videos-creator" }),
  ];
  for (const person of people) {
    const r = person.page.request;
    for (const url of [
      "/admin/videos",
      "/admin/videos.data",
      "/admin/videos/new",
      `/admin/videos/${someId}`,
      `/admin/videos/${someId}.data`,
      `/admin/videos/jobs/${jobId}`,
    ]) {
      expect((await r.get(url, { maxRedirects: 0 })).status(), url).toBe(404);
    }
    const page = await person.page.goto(paths.admin.videos());
    expect(page?.status()).toBe(404);
    await expect(person.page.getByText("Page Not Found")).toBeVisible();
    const forms: [string, Record<string, string>][] = [
      ["/admin/videos/new", { intent: "create", uploadId: "a".repeat(32), title: "x", category: "Amateur" }],
      [`/admin/videos/${someId}`, { intent: "update", title: "Taken over", category: "Amateur" }],
      [`/admin/videos/${someId}`, { intent: "delete", confirm: "yes" }],
    ];
    for (const [url, form] of forms) {
      const res = await r.post(url, { form, headers: { Origin: baseURL as string }, maxRedirects: 0 });
      expect(res.status(), `${url} ${form.intent}`).toBe(404);
    }
    const tus = { "Tus-Resumable": "1.0.0", Origin: baseURL as string };
    for (const [method, url, headers] of [
      ["POST", "/admin/uploads", { "Upload-Length": "10", "Upload-Metadata": `filename ${Buffer.from("b.mp4").toString("base64")}` }],
      ["HEAD", uploadPath, {}],
      ["PATCH", uploadPath, { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }],
      ["DELETE", uploadPath, {}],
      ["OPTIONS", "/admin/uploads", {}],
      ["GET", uploadPath, {}],
    ] as const) {
      const res = await r.fetch(url, { method, headers: { ...tus, ...headers }, data: method === "PATCH" ? "0123456789" : undefined });
      expect(res.status(), `${method} ${url}`).toBe(404);
    }
    await person.context.close();
  }
  // Nothing changed: the video keeps its title, the upload is still at offset 0.
  await admin.page.goto(paths.admin.videos());
  await expect(admin.page.locator(`[data-admin-video="${someId}"] a`).first()).toHaveText(someTitle);
  const head = await admin.page.request.fetch(uploadPath, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } });
  expect(head.status()).toBe(200);
  expect(head.headers()["upload-offset"]).toBe("0");
  // The admin abandons it: tus termination removes what there was.
  const gone = await admin.page.request.delete(uploadPath, { headers: { "Tus-Resumable": "1.0.0", Origin: baseURL as string } });
  expect(gone.status()).toBe(204);
  expect(uploadFiles().some((f) => uploadPath.endsWith(f.replace(/\.json$/, "")))).toBe(false);
  await admin.context.close();
});
