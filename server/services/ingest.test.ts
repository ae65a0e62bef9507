import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ContentSafetyError } from "../../core/content-safety";
import { STILL_FORMATS, STILL_WIDTHS, stillVariantPath } from "../../core/images";
import { insertCategory } from "../../tests/support/fixtures";
import { makeTestClip } from "../../tests/support/media";
import { useTestDatabase } from "../../tests/support/test-db";
import { TRANSCODE_TASK } from "../db/queue";
import { type JobRunner, startJobRunner } from "../jobs/runner";
import { probe, runFfmpeg } from "../media/ffmpeg";
import { NOT_A_VIDEO_FILE } from "../media/inspect";
import { localMediaStorage } from "../media/storage";
import { IngestError, submitIngest, waitForTranscodeJob } from "./ingest";
import { getPublicVideo } from "./videos";

const { handle } = useTestDatabase();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ingest-test-"));
const mediaRoot = path.join(tmp, "media");
const scratchRoot = path.join(tmp, "media-work");

const makeClip = (name: string, opts: Parameters<typeof makeTestClip>[1]) => makeTestClip(path.join(tmp, name), opts);

const jobRows = () => handle().db.selectFrom("transcode_jobs").selectAll().execute();
// Transcode jobs only: the runners' per-minute cron jobs (co-views, the takedown clock) come and go beside them.
const transcodeQueue = async () =>
  (
    await sql<{ locked_by: string | null }>`
      SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier = ${TRANSCODE_TASK}`.execute(handle().db)
  ).rows;
const queuedJobs = async () => (await transcodeQueue()).length;
/**
 * The queue's row goes once the task has returned, a moment after the job reads "done" or "failed"; a job retried
 * would stay (its next attempt waits in the table), so a longer wait still catches one. The wait is the default
 * minute: on two loaded cores (three test files at a time, others running ffmpeg) 5 s once ran out.
 */
const queueDrains = () => waitUntil(async () => ((await queuedJobs()) === 0 ? true : undefined));
const listDir = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe("video ingest", () => {
  let clip: string;

  beforeAll(async () => {
    await insertCategory(handle().db, "Abstract Art");
    clip = await makeClip("clip.mp4", { size: "1280x720", seconds: 2.5 });
  });

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  describe("refuses unusable input before queueing anything", () => {
    const base = () => ({ file: clip, title: "Fine", category: "Abstract Art" });

    it("a text file renamed .mp4 is not a video", async () => {
      const fake = path.join(tmp, "notes.mp4");
      fs.writeFileSync(fake, "These are notes, not a video.\n".repeat(20));
      await expect(submitIngest({ ...base(), file: fake })).rejects.toThrow(
        new IngestError("Not a video file: ffprobe cannot read it as audio or video."),
      );
    });

    it("an audio file, and a video file without frames, have no video stream", async () => {
      const audio = path.join(tmp, "tone.m4a");
      await runFfmpeg(["-f", "lavfi", "-i", "sine=frequency=330:duration=2", "-c:a", "aac", audio]);
      const empty = path.join(tmp, "empty.mp4");
      await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10", "-frames:v", "0", empty]);
      for (const file of [audio, empty]) await expect(submitIngest({ ...base(), file })).rejects.toThrow(/^No video stream/);
    });

    it("a video of zero duration (a single frame) and a still image are refused", async () => {
      const oneFrame = path.join(tmp, "one-frame.mkv");
      await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10", "-frames:v", "1", oneFrame]);
      await expect(submitIngest({ ...base(), file: oneFrame })).rejects.toThrow(/^Zero duration: the video lasts 0\.10 s/);
      const still = path.join(tmp, "still.png");
      await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10", "-frames:v", "1", still]);
      await expect(submitIngest({ ...base(), file: still })).rejects.toThrow(NOT_A_VIDEO_FILE);
    });

    it("missing and empty files, bad texts, unknown categories and the content-safety policy", async () => {
      const emptyFile = path.join(tmp, "zero-bytes.mp4");
      fs.writeFileSync(emptyFile, "");
      await expect(submitIngest({ ...base(), file: path.join(tmp, "missing.mp4") })).rejects.toThrow(/^No such file/);
      await expect(submitIngest({ ...base(), file: emptyFile })).rejects.toThrow("The file is empty.");
      await expect(submitIngest({ ...base(), file: tmp })).rejects.toThrow(/^Not a regular file/);
      await expect(submitIngest({ ...base(), title: "   " })).rejects.toThrow("Title must be 1 to 200 characters.");
      await expect(submitIngest({ ...base(), title: "x".repeat(201) })).rejects.toBeInstanceOf(IngestError);
      await expect(submitIngest({ ...base(), category: "Nope" })).rejects.toThrow("Unknown category: Nope");
      await expect(submitIngest({ ...base(), title: "Teen Party" })).rejects.toBeInstanceOf(ContentSafetyError);
      await expect(submitIngest({ ...base(), description: "school girl" })).rejects.toBeInstanceOf(ContentSafetyError);
      // Wrong types from a caller that skipped its own validation.
      await expect(submitIngest({ ...base(), publish: "yes" as unknown as boolean })).rejects.toBeInstanceOf(IngestError);
    });

    it("leaves no job, queue entry or media behind", async () => {
      expect(await jobRows()).toEqual([]);
      expect(listDir(path.join(mediaRoot, "videos"))).toEqual([]);
    });
  });

  describe("with a job runner", () => {
    let runner: JobRunner;
    beforeAll(async () => {
      runner = await startJobRunner({
        databaseUrl: handle().url,
        storage: localMediaStorage(mediaRoot, { scratchRoot }),
        pollIntervalMs: 200,
      });
    });
    afterAll(async () => {
      await runner?.stop();
    });

    it("transcodes a clip end to end: HLS ladder up to the source height, stills, storyboard, then the video row", async () => {
      const { job, source } = await submitIngest({
        file: clip,
        title: "  Colour Test  ",
        category: "abstract art",
        description: "A test pattern.",
        publish: true,
      });
      expect(source).toMatchObject({ width: 1280, height: 720, hasAudio: true });
      expect(job).toMatchObject({ status: "queued", progress: 0, title: "Colour Test", source_name: "clip.mp4", publish: true });
      // Not visible while it is processed.
      expect(await getPublicVideo(job.video_id)).toBeUndefined();

      const seen: string[] = [];
      const done = await waitForTranscodeJob(job.id, { pollMs: 50, onChange: (j) => seen.push(j.status) });
      expect(done).toMatchObject({ status: "done", progress: 100, error: null, attempts: 1 });
      expect(done.finished_at).toBeInstanceOf(Date);
      expect(seen.at(-1)).toBe("done");

      const id = job.video_id;
      const video = await getPublicVideo(id);
      expect(video).toMatchObject({
        title: "Colour Test",
        description: "A test pattern.",
        category_name: "Abstract Art",
        duration: 3,
        video_url: `/media/videos/${id}/master.m3u8`,
        poster_url: `/media/videos/${id}/poster.jpg`,
        thumbnail_url: `/media/videos/${id}/thumb.jpg`,
        storyboard_url: `/media/videos/${id}/storyboard.vtt`,
      });

      const dir = path.join(mediaRoot, "videos", id);
      const master = fs.readFileSync(path.join(dir, "master.m3u8"), "utf8");
      // No upscale: 720p and 480p from a 720p source, no 1080p.
      expect(master).toContain("RESOLUTION=1280x720");
      expect(master).toContain("RESOLUTION=854x480");
      expect(master).not.toContain("1080");
      for (const rung of ["720p", "480p"]) {
        const playlist = fs.readFileSync(path.join(dir, rung, "index.m3u8"), "utf8");
        expect(playlist).toContain("#EXT-X-TARGETDURATION:2");
        expect(playlist).toContain("#EXT-X-ENDLIST");
        const { streams } = await probe(path.join(dir, rung, "seg_000.ts"));
        expect(streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
      }
      for (const [still, widths] of [
        ["poster.jpg", STILL_WIDTHS.poster],
        ["thumb.jpg", STILL_WIDTHS.thumb],
      ] as const) {
        expect((await sharp(path.join(dir, still)).metadata()).format).toBe("jpeg");
        for (const w of widths) {
          for (const format of STILL_FORMATS) {
            const meta = await sharp(path.join(dir, stillVariantPath(still, w, format))).metadata();
            // sharp reads AVIF through libheif, whose container it reports as "heif"
            expect([meta.format, meta.compression ?? meta.format]).toEqual(format === "avif" ? ["heif", "av1"] : ["webp", "webp"]);
          }
        }
      }
      expect(fs.readFileSync(path.join(dir, "storyboard.vtt"), "utf8")).toContain("storyboard.jpg#xywh=0,0,160,90");
      expect(fs.existsSync(path.join(dir, "storyboard.jpg"))).toBe(true);
      expect(listDir(scratchRoot)).toEqual([]);
      await queueDrains();
    });

    it("keeps a video private unless asked, and never upscales a small source", async () => {
      const small = await makeClip("small.mp4", { size: "320x180", seconds: 1.5, audio: false });
      // As an upload the pipeline owns: the source goes once the job is done.
      const { job } = await submitIngest({
        file: small,
        title: "Small Bars",
        category: "Abstract Art",
        deleteSource: true,
        sourceName: "my bars.mp4",
      });
      expect(job.source_name).toBe("my bars.mp4");
      const done = await waitForTranscodeJob(job.id, { pollMs: 50 });
      expect(done.status).toBe("done");
      // The runner removes the source right after it marks the job done, so the poll can see "done" first.
      await vi.waitFor(() => expect(fs.existsSync(small)).toBe(false), { timeout: 5_000, interval: 25 });
      expect(await getPublicVideo(job.video_id)).toBeUndefined();
      const row = await handle().db.selectFrom("videos").selectAll().where("id", "=", job.video_id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ is_public: false, duration: 2 });
      const master = fs.readFileSync(path.join(mediaRoot, "videos", job.video_id, "master.m3u8"), "utf8");
      expect(master).toContain("RESOLUTION=320x180");
      expect(master).toContain('CODECS="avc1.');
      expect(master).not.toContain("mp4a");
      expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    });

    it("a job that fails records the error and leaves no media and no video", async () => {
      const doomed = path.join(tmp, "doomed.mp4");
      fs.copyFileSync(clip, doomed);
      // Accepted, then the file turns into garbage before the runner reaches it.
      await runner.stop();
      const { job } = await submitIngest({ file: doomed, title: "Doomed", category: "Abstract Art", publish: true });
      fs.writeFileSync(doomed, "no longer a video");
      runner = await startJobRunner({
        databaseUrl: handle().url,
        storage: localMediaStorage(mediaRoot, { scratchRoot }),
        pollIntervalMs: 200,
      });
      const failed = await waitForTranscodeJob(job.id, { pollMs: 50 });
      expect(failed).toMatchObject({ status: "failed", error: "Not a video file: ffprobe cannot read it as audio or video." });
      expect(await handle().db.selectFrom("videos").select("id").where("id", "=", job.video_id).executeTakeFirst()).toBeUndefined();
      expect(fs.existsSync(path.join(mediaRoot, "videos", job.video_id))).toBe(false);
      expect(listDir(scratchRoot)).toEqual([]);
      await queueDrains(); // a failed transcode is final, not retried (a retry would keep its row)
    });
  });

  describe("a job interrupted on every attempt", () => {
    it("is marked failed when the queue gives it up", async () => {
      const { job } = await submitIngest({ file: clip, title: "Unlucky", category: "Abstract Art" });
      // As if the app had been stopped during each of its attempts.
      await sql`UPDATE graphile_worker._private_jobs SET attempts = max_attempts`.execute(handle().db);
      const runner = await startJobRunner({ databaseUrl: handle().url, storage: localMediaStorage(mediaRoot, { scratchRoot }) });
      try {
        const failed = await waitForTranscodeJob(job.id, { pollMs: 50 });
        expect(failed).toMatchObject({
          status: "failed",
          error: "The transcode was interrupted (the app stopped) on each of its 10 attempts; not retried.",
        });
      } finally {
        await runner.stop();
      }
      await sql`DELETE FROM graphile_worker._private_jobs`.execute(handle().db);
    });
  });

  describe("a runner killed in the middle of a transcode", () => {
    const children: ChildProcess[] = [];
    afterAll(() => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    });

    function startChildRunner(): Promise<{ child: ChildProcess; poolId: string; output: () => string }> {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/job-runner-child.ts", handle().url, mediaRoot], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, LOG_LEVEL: "info" },
      });
      children.push(child);
      let output = "";
      child.stdout?.on("data", (d) => (output += d));
      child.stderr?.on("data", (d) => (output += d));
      return new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const ready = /READY (\S+)/.exec(output);
          if (ready) {
            clearInterval(timer);
            resolve({ child, poolId: ready[1]!, output: () => output });
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`runner exited early:\n${output}`));
          }
        }, 50);
      });
    }

    it("is taken up by the next runner and completes exactly once", async () => {
      // Long enough (at 480p and a high frame rate) that the kill lands while ffmpeg encodes.
      const long = await makeClip("long.mp4", { size: "854x480", seconds: 20, rate: 30 });
      const first = await startChildRunner();
      const { job } = await submitIngest({ file: long, title: "Interrupted", category: "Abstract Art", publish: true });
      const running = await waitUntil(async () => {
        const row = await handle().db.selectFrom("transcode_jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
        return row.status === "running" && row.progress > 0 ? row : undefined;
      });
      expect(running.progress).toBeLessThan(88);
      expect((await transcodeQueue()).map((r) => r.locked_by)).toEqual([first.poolId]);

      first.child.kill("SIGKILL");
      await new Promise((r) => first.child.once("exit", r));
      // Its ffmpeg does not live on to compete with the next attempt (the kernel kills it with its parent).
      await waitUntil(async () => (processesMentioning(long).length === 0 ? true : undefined), 3_000);

      const second = await startChildRunner();
      const done = await waitForTranscodeJob(job.id, { pollMs: 100 });
      expect(done).toMatchObject({ status: "done", attempts: 2, progress: 100 });
      expect(second.output()).toMatch(/took up the jobs of stopped job runners/);
      expect(await handle().db.selectFrom("videos").select("id").where("title", "=", "Interrupted").execute()).toHaveLength(1);
      await queueDrains();
      const dir = path.join(mediaRoot, "videos", job.video_id);
      expect(fs.readFileSync(path.join(dir, "master.m3u8"), "utf8")).toContain("RESOLUTION=854x480");
      expect(listDir(path.join(tmp, "media-work"))).toEqual([]);
      second.child.kill("SIGTERM");
      await new Promise((r) => second.child.once("exit", r));
    }, 120_000);
  });
});

async function waitUntil<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Pids of processes whose command line mentions `text` (ffmpeg working on a file). */
function processesMentioning(text: string): number[] {
  try {
    return execFileSync("pgrep", ["-f", text], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}
