import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobRunner } from "../server/jobs/runner";
import { NOT_A_VIDEO_FILE } from "../server/media/inspect";
import { localMediaStorage } from "../server/media/storage";
import { insertCategory } from "../tests/support/fixtures";
import { HOSTILE_FILES, writeHostileFile } from "../tests/support/hostile-media";
import { useHostileMediaLab } from "../tests/support/hostile-media-suite";
import { makeTestClip } from "../tests/support/media";
import { useTestDatabase } from "../tests/support/test-db";

const { handle } = useTestDatabase();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cli-ingest-"));

/** `npm run cli -- …` as an operator runs it, on this file's database (DATABASE_URL) and a data dir of its own. */
function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "cli/index.ts", ...args], {
    env: { ...process.env, DATABASE_URL: handle().url, DATA_DIR: tmp, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("npm run cli -- video:ingest", () => {
  beforeAll(async () => {
    await insertCategory(handle().db, "Abstract Art");
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("with no app running, transcodes in its own process, shows progress and adds the video", async () => {
    const clip = path.join(tmp, "bars.mp4");
    await makeTestClip(clip, { size: "320x180", seconds: 2, audio: false });
    const { code, output } = await cli(["video:ingest", clip, "--title", "Bars", "--category", "abstract art", "--public"]);
    expect(output).toMatch(/\[ingest\] queued job [0-9a-f-]{36} for video [0-9a-f-]{36}/);
    expect(output).toContain("[ingest] no running app: transcoding in this process");
    expect(output).toContain("[ingest] done");
    const id = /added video ([0-9a-f-]{36}): \/video\/\1\n/.exec(output)?.[1];
    expect(code, output).toBe(0);
    const row = await handle()
      .db.selectFrom("videos")
      .selectAll()
      .where("id", "=", id as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: "Bars", is_public: true, duration: 2 });
    expect(fs.existsSync(path.join(tmp, "media", "videos", id as string, "master.m3u8"))).toBe(true);

    const jobs = await cli(["video:jobs"]);
    expect(jobs.code).toBe(0);
    expect(jobs.output).toMatch(/done {9}Bars \(bars\.mp4\) video /);
  });

  it("beside a live job runner (the app's), only queues and waits for it", async () => {
    const runner = await startJobRunner({
      databaseUrl: handle().url,
      storage: localMediaStorage(path.join(tmp, "media")),
      pollIntervalMs: 200,
    });
    try {
      const clip = path.join(tmp, "bars2.mp4");
      await makeTestClip(clip, { size: "320x180", seconds: 2, audio: false });
      const { code, output } = await cli(["video:ingest", clip, "--title", "Bars Two", "--category", "Abstract Art"]);
      expect(code, output).toBe(0);
      expect(output).not.toContain("no running app");
      expect(output).toMatch(/added video [0-9a-f-]{36}: \/video\/[0-9a-f-]{36} \(private\)/);
    } finally {
      await runner.stop();
    }
  });

  it("refuses a non-video, bad arguments and unknown options with a message and a non-zero exit", async () => {
    const fake = path.join(tmp, "fake.mp4");
    fs.writeFileSync(fake, "plain text, not a video");
    const refused = await cli(["video:ingest", fake, "--title", "Fake", "--category", "Abstract Art"]);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.output).toContain("refused: Not a video file: ffprobe cannot read it as audio or video.");
    for (const args of [
      ["video:ingest", fake],
      ["video:ingest", "--title", "T", "--category", "C"],
      ["video:ingest", fake, "--title", "T", "--category", "C", "--bogus"],
    ]) {
      const res = await cli(args);
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.output).toContain("usage: npm run cli -- video:ingest <file>");
    }
    expect(await handle().db.selectFrom("transcode_jobs").select("title").where("title", "=", "Fake").execute()).toEqual([]);
  });

  describe("a file posing as a video", () => {
    const lab = useHostileMediaLab();
    // A few rows through the command itself (each run starts a process); the service runs the whole table
    // (server/services/video-admin.test.ts, server/media/hostile-media.test.ts).
    const rows = [
      "HLS playlist with a segment on a loopback HTTP server",
      "DASH manifest with an HTTP BaseURL",
      "HLS playlist with a file: URL segment",
      "ffconcat list naming /etc/passwd",
      "ffconcat list naming a file next to the upload",
      "image2 sequence pattern in the file name (the operator's CLI path)",
    ].map((label) => HOSTILE_FILES.find((f) => f.label === label)!);

    it.each(rows.map((f, i) => [f.label, f, i] as const))("%s: refused, no job, nothing fetched or read", async (_, file, i) => {
      const hostile = await writeHostileFile(file, lab.dir, `clip-${i}.mp4`, lab.ctx());
      lab.arm();
      const res = await cli(["video:ingest", hostile, "--title", `Hostile ${i}`, "--category", "Abstract Art"]);
      expect(res.code, res.output).toBe(1);
      expect(res.output).toContain(`refused: ${NOT_A_VIDEO_FILE}`);
      expect(lab.seen()).toEqual({ requests: [], read: [] });
      expect(await handle().db.selectFrom("transcode_jobs").select("id").where("title", "=", `Hostile ${i}`).execute()).toEqual([]);
    });
  });
});
