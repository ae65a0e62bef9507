import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../tests/support/fixtures";
import { makeTestClip } from "../../tests/support/media";
import { startTestS3, type TestS3 } from "../../tests/support/s3-server";
import { useTestDatabase } from "../../tests/support/test-db";
import { runTranscodeJob } from "../jobs/transcode";
import { s3MediaStorage } from "../media/s3-storage";
import { MISCONFIGURED_WORKER, storedSourceKey } from "../media/sources";
import { localMediaStorage, StorageUnavailableError } from "../media/storage";
import { submitIngest } from "./ingest";
import { deleteVideo } from "./video-admin";

// The pipeline on object storage (s3rver on loopback): the source travels through the bucket, the renditions
// are published there, and nothing stays behind a failure or a deletion.
const { handle } = useTestDatabase();
let s3: TestS3;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ingest-s3-test-"));
// The "worker's" scratch: its own folder, nothing shared with where the source was submitted.
const scratchRoot = path.join(tmp, "worker-scratch");
let storage: ReturnType<typeof s3MediaStorage>;
let clip: string;
const admin = { id: "admin-1", email: "admin@example.com" };

beforeAll(async () => {
  s3 = await startTestS3();
  storage = s3MediaStorage(s3.settings(), { scratchRoot });
  await insertCategory(handle().db, "Abstract Art");
  clip = await makeTestClip(path.join(tmp, "clip.mp4"), { size: "320x180", seconds: 1.5 });
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function keys(prefix: string): Promise<string[]> {
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key as string).sort();
}
const transcode = (jobId: string) =>
  runTranscodeJob(jobId, { storage, maxBytes: 100 * 1024 ** 2, signal: new AbortController().signal }).then(() =>
    handle().db.selectFrom("transcode_jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow(),
  );
const listDir = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe("ingest and transcode on object storage", () => {
  it("stages the source in the bucket, transcodes from there, publishes under the video's prefix, then drops the source", async () => {
    const upload = path.join(tmp, "upload-bytes");
    fs.copyFileSync(clip, upload);
    const { job } = await submitIngest(
      { file: upload, sourceName: "harbour.mp4", deleteSource: true, title: "Harbour", category: "Abstract Art", publish: true },
      { storage },
    );
    const sourceKey = storedSourceKey(job.source_path);
    expect(sourceKey).toBe(`uploads/${job.video_id}`);
    expect(job.delete_source).toBe(true);
    expect(await keys("uploads/")).toContain(sourceKey);
    // A browser upload's local bytes are not needed once the bucket has them.
    expect(fs.existsSync(upload)).toBe(false);

    const done = await transcode(job.id);
    expect(done.status, done.error ?? "").toBe("done");
    const video = await handle().db.selectFrom("videos").selectAll().where("id", "=", job.video_id).executeTakeFirstOrThrow();
    const prefix = `${s3.publicBase}videos/${job.video_id}/`;
    expect(video).toMatchObject({
      video_url: `${prefix}master.m3u8`,
      poster_url: `${prefix}poster.jpg`,
      thumbnail_url: `${prefix}thumb.jpg`,
      storyboard_url: `${prefix}storyboard.vtt`,
    });
    const published = await keys(`videos/${job.video_id}/`);
    expect(published).toEqual(expect.arrayContaining([`videos/${job.video_id}/master.m3u8`, `videos/${job.video_id}/poster.jpg`]));
    expect(published.some((k) => k.endsWith(".ts"))).toBe(true);
    const master = await fetch(video.video_url as string);
    expect(master.status).toBe(200);
    expect(await master.text()).toMatch(/^#EXTM3U/);
    // The source copy is gone, and nothing is left in the worker's scratch.
    expect(await keys("uploads/")).not.toContain(sourceKey);
    expect(listDir(scratchRoot)).toEqual([]);

    await deleteVideo(job.video_id, admin, storage);
    expect(await keys(`videos/${job.video_id}/`)).toEqual([]);
  });

  it("the storage away during a transcode: the job goes back to the queue (not failed), and runs to its end once it is back", async () => {
    const upload = path.join(tmp, "outage-bytes");
    fs.copyFileSync(clip, upload);
    const { job } = await submitIngest(
      { file: upload, sourceName: "outage.mp4", deleteSource: true, title: "Outage", category: "Abstract Art", publish: true },
      { storage },
    );
    await s3.pause();
    try {
      const given = await runTranscodeJob(job.id, { storage, maxBytes: 100 * 1024 ** 2, signal: new AbortController().signal }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(given).toBeInstanceOf(StorageUnavailableError);
      const row = await handle().db.selectFrom("transcode_jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "queued", error: null });
      expect(listDir(scratchRoot)).toEqual([]);
    } finally {
      await s3.resume();
    }
    const done = await transcode(job.id);
    expect(done.status, done.error ?? "").toBe("done");
    expect(await keys(`uploads/${job.video_id}`)).toEqual([]);
  });

  it("an operator's own file is copied, never removed; a failed transcode leaves nothing in the bucket", async () => {
    const own = path.join(tmp, "own.mp4");
    fs.copyFileSync(clip, own);
    const { job } = await submitIngest({ file: own, title: "Doomed", category: "Abstract Art" }, { storage });
    expect(fs.existsSync(own)).toBe(true);
    // The stored copy turns into garbage before the worker reads it.
    const garbage = path.join(tmp, "garbage");
    fs.writeFileSync(garbage, "no longer a video");
    await storage.putFile(garbage, storedSourceKey(job.source_path) as string);

    const failed = await transcode(job.id);
    expect(failed).toMatchObject({ status: "failed", error: "Not a video file: ffprobe cannot read it as audio or video." });
    expect(await handle().db.selectFrom("videos").select("id").where("id", "=", job.video_id).executeTakeFirst()).toBeUndefined();
    expect(await keys(`videos/${job.video_id}/`)).toEqual([]);
    expect(await keys(`uploads/${job.video_id}`)).toEqual([]);
    expect(listDir(scratchRoot)).toEqual([]);
    expect(fs.existsSync(own)).toBe(true);
  });

  it("a worker left on local storage fails the job with a message naming the settings it lacks", async () => {
    const { job } = await submitIngest({ file: clip, title: "Misrouted", category: "Abstract Art" }, { storage });
    const local = localMediaStorage(path.join(tmp, "local-media"), { scratchRoot });
    await runTranscodeJob(job.id, { storage: local, maxBytes: 100 * 1024 ** 2, signal: new AbortController().signal });
    const failed = await handle().db.selectFrom("transcode_jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "failed", error: MISCONFIGURED_WORKER });
    expect(await handle().db.selectFrom("videos").select("id").where("id", "=", job.video_id).executeTakeFirst()).toBeUndefined();
    await storage.removeObject(storedSourceKey(job.source_path) as string);
  });
});
