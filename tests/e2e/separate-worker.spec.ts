import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { paths } from "../../core/paths";
import { connect, type DatabaseHandle, setDatabase } from "../../server/db/connection";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";
import { freeLoopbackPort } from "../../server/process";
import { getTranscodeJob, submitIngest, waitForTranscodeJob } from "../../server/services/ingest";
import { type AppProcess, errorLines, startApp, startWorker, TEST_SERVER } from "../support/app-process";
import { insertCategory } from "../support/fixtures";
import { makeTestClip } from "../support/media";
import { testBuildDir } from "../support/test-build-dir";

// An app instance with JOBS_IN_PROCESS=false and a separate `server.js --worker` process on one PostgreSQL
// (docs/decisions/0023-separate-worker.md): the app queues, only the worker transcodes.
test.describe.configure({ mode: "serial", timeout: 180_000 });

test("without DATABASE_URL the worker refuses to start with one line", () => {
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_DIR: testBuildDir(), NODE_ENV: "production", LOG_LEVEL: "info" };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, [TEST_SERVER, "--worker"], { env, encoding: "utf8", timeout: 60_000 });
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^the Pleazure worker cannot start: DATABASE_URL is required/)]);
});

test("JOBS_IN_PROCESS=false: the app queues a transcode and never runs it; `npm run worker` does, and stops cleanly", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-worker-"));
  let pg: EmbeddedServer | undefined;
  let app: AppProcess | undefined;
  let handle: DatabaseHandle | undefined;
  let worker: ReturnType<typeof startWorker> | undefined;
  try {
    pg = await startEmbeddedPostgres(path.join(dir, "pg"));
    const url = pg.url("postgres");
    app = await startApp({ DATABASE_URL: url, JOBS_IN_PROCESS: "false", WEB_CONCURRENCY: "1" });
    expect(app.log()).toContain("JOBS_IN_PROCESS=false: this instance runs no jobs worker");
    // Ready without any job runner: the app made the queue's schema itself.
    expect((await fetch(`${app.origin}/readyz`)).status).toBe(200);

    handle = connect(url, 4);
    setDatabase(handle);
    await insertCategory(handle.db, "Worker Test");
    const clip = await makeTestClip(path.join(dir, "clip.mp4"), { size: "320x180", seconds: 1.5 });
    const { job } = await submitIngest({ file: clip, title: "Done by the worker", category: "Worker Test" });

    // The app polls nothing: several of a runner's poll intervals (2 s) later the job is still untouched.
    await new Promise((r) => setTimeout(r, 5_000));
    expect((await getTranscodeJob(job.id))?.status).toBe("queued");
    const { rows } = await handle.pool.query("SELECT locked_by, attempts FROM graphile_worker.jobs WHERE key = $1", [job.id]);
    expect(rows).toEqual([{ locked_by: null, attempts: 0 }]);

    const metricsPort = await freeLoopbackPort();
    worker = startWorker({ DATABASE_URL: url, DATA_DIR: app.dataDir, HOST: "127.0.0.1", WORKER_METRICS_PORT: String(metricsPort) });
    const done = await waitForTranscodeJob(job.id, { pollMs: 200, signal: AbortSignal.timeout(90_000) });
    expect(done.status, done.error ?? "").toBe("done");
    expect(worker.log()).toContain("worker started: running queued jobs");
    // The worker's own operations endpoints: its job's duration is in its metrics (an app instance never ran it).
    const ops = `http://127.0.0.1:${metricsPort}`;
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${ops}/readyz`)).json()).toEqual({ ready: true, failed: [] });
    const metrics = await (await fetch(`${ops}/metrics`)).text();
    expect(metrics).toMatch(/^pleazure_job_duration_seconds_count\{task="transcode",outcome="ran"\} 1$/m);
    expect(metrics).toMatch(/^process_cpu_seconds_total \d/m);
    expect((await fetch(`${ops}${paths.home()}`)).status).toBe(404);
    expect((await fetch(`${app.origin}/metrics`).then((r) => r.text())).match(/^pleazure_job_duration_seconds_count.*$/m)).toBeNull();
    // The worker wrote the renditions under the app's DATA_DIR (one machine until object storage: item 3).
    expect(fs.existsSync(path.join(app.dataDir, "media"))).toBe(true);

    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(worker.log()).toContain("worker stopped");
    expect(errorLines(worker.log())).toEqual([]);
    expect(errorLines(app.log())).toEqual([]);
  } catch (err) {
    console.log(app?.log(), worker?.log());
    throw err;
  } finally {
    if (worker && worker.child.exitCode === null) worker.child.kill("SIGKILL");
    setDatabase(undefined);
    await handle?.close();
    await app?.stop();
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("kill -9 of the worker mid-transcode: another worker runs the job again, once, and the video publishes with one set of renditions", async () => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-worker-kill-"));
  let pg: EmbeddedServer | undefined;
  let app: AppProcess | undefined;
  let handle: DatabaseHandle | undefined;
  const workers: ReturnType<typeof startWorker>[] = [];
  try {
    pg = await startEmbeddedPostgres(path.join(dir, "pg"));
    const url = pg.url("postgres");
    app = await startApp({ DATABASE_URL: url, JOBS_IN_PROCESS: "false", WEB_CONCURRENCY: "1" });
    handle = connect(url, 4);
    setDatabase(handle);
    await insertCategory(handle.db, "Worker Kill");
    // Long enough to be caught in the middle on this machine.
    const clip = await makeTestClip(path.join(dir, "clip.mp4"), { size: "960x540", seconds: 20 });
    const { job } = await submitIngest({ file: clip, title: "Survives its worker", category: "Worker Kill", publish: true });

    const first = startWorker({ DATABASE_URL: url, DATA_DIR: app.dataDir });
    workers.push(first);
    for (const deadline = Date.now() + 60_000; ; ) {
      const now = await getTranscodeJob(job.id);
      if (now?.status === "running" && now.progress > 0) break;
      if (Date.now() > deadline) throw new Error(`the job never got going: ${JSON.stringify(now)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The worker and its ffmpeg, at once, as a machine that dies.
    const pid = first.child.pid as number;
    const ffmpegs = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .stdout.trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
    for (const p of [pid, ...ffmpegs]) process.kill(p, "SIGKILL");
    await first.exited;
    expect((await getTranscodeJob(job.id))?.status).toBe("running"); // nobody told the database

    const second = startWorker({ DATABASE_URL: url, DATA_DIR: app.dataDir });
    workers.push(second);
    // The dead runner's lock is free once its connection is gone; the job is taken up after its grace (30 s).
    const done = await waitForTranscodeJob(job.id, { pollMs: 250, signal: AbortSignal.timeout(150_000) });
    expect(done.status, done.error ?? "").toBe("done");
    expect(done.attempts).toBe(2); // the killed run and this one: again, once
    expect(second.log()).toContain("took up the jobs of stopped job runners");

    const video = await handle.db.selectFrom("videos").select(["id", "is_public", "video_url"]).where("id", "=", done.video_id).execute();
    expect(video).toEqual([{ id: done.video_id, is_public: true, video_url: expect.stringContaining(`/media/`) }]);
    // One set of renditions where the page points, no half-published copy beside it, no scratch left behind.
    const mediaRoot = path.join(app.dataDir, "media");
    const folder = path
      .join(mediaRoot, new URL(video[0]?.video_url as string, "http://x").pathname.replace(/^\/media\//, ""))
      .replace(/\/master\.m3u8$/, "");
    const siblings = fs.readdirSync(path.dirname(folder));
    expect(siblings.filter((name) => name.startsWith(path.basename(folder)))).toEqual([path.basename(folder)]);
    const master = fs.readFileSync(path.join(folder, "master.m3u8"), "utf8");
    const variants = master.split("\n").filter((line) => line.endsWith(".m3u8"));
    expect(variants.length).toBeGreaterThan(0);
    expect(new Set(variants).size).toBe(variants.length);
    const scratch = path.join(app.dataDir, "media-work");
    expect(fs.existsSync(scratch) ? fs.readdirSync(scratch) : []).toEqual([]);
    const res = await fetch(`${app.origin}${video[0]?.video_url}`);
    expect(res.status).toBe(200);
  } catch (err) {
    console.log(app?.log(), workers.map((w) => w.log()).join("\n---\n"));
    throw err;
  } finally {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
    setDatabase(undefined);
    await handle?.close();
    await app?.stop();
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
