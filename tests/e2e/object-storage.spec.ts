import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import { paths } from "../../core/paths";
import { STORAGE_AWAY } from "../../core/video-schema";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";
import { IMMUTABLE_CACHE_CONTROL } from "../../server/media/media-types";
import { s3Client } from "../../server/media/s3-storage";
import { signedInWithRole } from "../support/account-session";
import { type AppProcess, errorLines, startApp, startWorker, type WorkerProcess } from "../support/app-process";
import { makeTestClip } from "../support/media";
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from "../support/s3-server";

// MEDIA_STORAGE=s3 end to end (docs/decisions/0024-object-storage.md): an app instance that runs no jobs, and a
// `npm run worker` process with a DATA_DIR of its own, share nothing but PostgreSQL and an S3-compatible bucket
// (s3rver on loopback). The upload reaches the worker through the bucket; the renditions are played from it.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const KEY_PREFIX = "site-a";

test("an upload is transcoded by a worker without the app's disk, played from the bucket with immutable caching, and deleting the video deletes its objects", async ({
  browser,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-s3-e2e-"));
  const workerDataDir = path.join(dir, "worker-data");
  let s3: TestS3 | undefined;
  let pg: EmbeddedServer | undefined;
  let app: AppProcess | undefined;
  let worker: WorkerProcess | undefined;
  try {
    s3 = await startTestS3();
    const bucket = s3.bucket;
    const mediaBase = `${s3.publicBase}${KEY_PREFIX}/`;
    const client = s3Client(s3.settings());
    const objects = async (prefix: string) =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${KEY_PREFIX}/${prefix}` }))).Contents ?? []).map(
        (o) => o.Key as string,
      );

    pg = await startEmbeddedPostgres(path.join(dir, "pg"));
    const url = pg.url("postgres");
    const storageEnv = s3.env(KEY_PREFIX);
    app = await startApp({ DATABASE_URL: url, JOBS_IN_PROCESS: "false", WEB_CONCURRENCY: "1", ...storageEnv });
    fs.mkdirSync(workerDataDir);
    worker = startWorker({ DATABASE_URL: url, DATA_DIR: workerDataDir, ...storageEnv });
    await expect.poll(() => worker?.log() ?? "", { timeout: 60_000 }).toContain("worker started: running queued jobs");

    // The console's upload (tus to the app's disk), then the form: the app hands the file to the bucket.
    const { context, page } = await signedInWithRole(browser, app.origin, "admin", { tag: "s3-admin", dataDir: app.dataDir });
    const clip = await makeTestClip(path.join(dir, "lighthouse.mp4"), { size: "320x180", seconds: 2.5 });
    await page.goto(`${app.origin}${paths.admin.newVideo()}`);
    await page.getByLabel("Video file").setInputFiles(clip);
    await page.getByLabel("Title").fill("Lighthouse from the bucket");
    await page.getByLabel("Category").selectOption("Amateur");
    await page.getByLabel(/^Public/).setChecked(true);
    await page.getByRole("checkbox", { name: /^I attest/ }).check(); // the upload attestation (issue 22)
    await page.getByRole("button", { name: "Upload video" }).click();
    await expect(page.getByText("The video is ready and public.")).toBeVisible({ timeout: 150_000 });

    // The worker transcoded it; neither process kept media on its disk, and the source object is gone.
    expect(worker.log()).toContain("transcode done");
    expect(app.log()).not.toContain("transcode started");
    expect(fs.existsSync(path.join(app.dataDir, "media", "videos"))).toBe(false);
    expect(fs.existsSync(path.join(workerDataDir, "media"))).toBe(false);
    const uploads = path.join(app.dataDir, "uploads");
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);
    expect(await objects("uploads/")).toEqual([]);

    // The video page names the playlist at MEDIA_BASE_URL; the player reads playlist and segments from s3rver.
    const media: { url: string; status: number; cacheControl?: string }[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(mediaBase)) media.push({ url: r.url(), status: r.status(), cacheControl: r.headers()["cache-control"] });
    });
    await page.getByRole("link", { name: "Watch the video" }).click();
    await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
    const videoId = page.url().split("/").pop() as string;
    const playlist = `${mediaBase}videos/${videoId}/master.m3u8`;
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain(playlist);
    // The storage's credentials stay on the server: the browser gets public URLs only.
    expect(html).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
    const video = page.locator("video");
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
    });
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3);
    const segments = media.filter((m) => m.url.endsWith(".ts"));
    expect(segments.length).toBeGreaterThan(0);
    expect(media.find((m) => m.url === playlist)).toMatchObject({ status: 200, cacheControl: IMMUTABLE_CACHE_CONTROL });
    for (const segment of segments) expect(segment).toMatchObject({ status: 200, cacheControl: IMMUTABLE_CACHE_CONTROL });
    const published = await objects(`videos/${videoId}/`);
    expect(published).toContain(`${KEY_PREFIX}/videos/${videoId}/master.m3u8`);

    // Deleting the video in the console deletes every object under its prefix.
    await page.goto(`${app.origin}${paths.admin.video(videoId)}`);
    await page.getByRole("button", { name: "Delete video…" }).click();
    await page.getByRole("button", { name: "Yes, delete permanently" }).click();
    await expect(page.getByText("The video was deleted.")).toBeVisible();
    expect(await objects(`videos/${videoId}/`)).toEqual([]);
    expect((await fetch(playlist)).status).toBe(404);
    await context.close();

    expect(errorLines(worker.log())).toEqual([]);
    expect(errorLines(app.log())).toEqual([]);
  } catch (err) {
    console.log(app?.log(), worker?.log());
    throw err;
  } finally {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill("SIGTERM");
      await worker.exited;
    }
    await app?.stop();
    await pg?.stop();
    await s3?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the storage unreachable: pages still render, playback and uploads fail with a clear message and lose nothing, and both recover without a restart", async ({
  browser,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-s3-outage-"));
  let s3: TestS3 | undefined;
  let app: AppProcess | undefined;
  try {
    s3 = await startTestS3();
    app = await startApp({ WEB_CONCURRENCY: "1", ...s3.env("outage") });
    const origin = app.origin;
    const { context, page } = await signedInWithRole(browser, origin, "admin", { tag: "s3-outage", dataDir: app.dataDir });
    const upload = async (title: string) => {
      await page.goto(`${origin}${paths.admin.newVideo()}`);
      await page
        .getByLabel("Video file")
        .setInputFiles(await makeTestClip(path.join(dir, `${title.length}.mp4`), { size: "320x180", seconds: 2 }));
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Category").selectOption("Amateur");
      await page.getByLabel(/^Public/).setChecked(true);
      await page.getByRole("checkbox", { name: /^I attest/ }).check(); // the upload attestation (issue 22)
      await page.getByRole("button", { name: "Upload video" }).click();
    };
    const play = async () => {
      const video = page.locator("video");
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
      });
      await page.getByRole("button", { name: "Play", exact: true }).click();
      return video;
    };

    await upload("Before the outage");
    await expect(page.getByText("The video is ready and public.")).toBeVisible({ timeout: 150_000 });
    await page.getByRole("link", { name: "Watch the video" }).click();
    await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
    const videoPage = page.url();

    await s3.pause();
    // Pages need no storage: the video page and the home page render as always.
    for (const url of [videoPage, `${origin}/`]) expect((await page.request.get(url)).status(), url).toBe(200);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Before the outage" })).toBeVisible();
    await play();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load video. Please try again later." })).toBeVisible({
      timeout: 30_000,
    });

    // An upload while the storage is away: the bytes reach the app, the form is answered 503 with what to do.
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/videos/new"));
    await upload("During the outage");
    expect((await answered).status()).toBe(503);
    await expect(page.getByText(STORAGE_AWAY)).toBeVisible();

    // Back: the same form sends the kept upload; the first video plays again. No restart.
    await s3.resume();
    await page.getByRole("button", { name: "Upload video" }).click();
    await expect(page.getByText("The video is ready and public.")).toBeVisible({ timeout: 150_000 });
    await page.goto(videoPage);
    const video = await play();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3);
    await context.close();
    // A source whose removal met the outage is removed by the job's next run (the queue's retry).
    const client = s3Client(s3.settings());
    const sources = async () =>
      (await client.send(new ListObjectsV2Command({ Bucket: s3?.bucket, Prefix: "outage/uploads/" }))).Contents?.length ?? 0;
    await expect.poll(sources, { timeout: 60_000 }).toBe(0);
    // Errors logged: only the storage's absence (the queue logs a job it gives back at error level).
    expect(errorLines(app.log()).filter((line) => !line.includes("the media storage cannot be reached"))).toEqual([]);
  } catch (err) {
    console.log(app?.log());
    throw err;
  } finally {
    await app?.stop();
    await s3?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
