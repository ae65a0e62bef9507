import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { connect, type DatabaseHandle, setDatabase } from "../../server/db/connection";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";
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

    worker = startWorker({ DATABASE_URL: url, DATA_DIR: app.dataDir });
    const done = await waitForTranscodeJob(job.id, { pollMs: 200, signal: AbortSignal.timeout(90_000) });
    expect(done.status, done.error ?? "").toBe("done");
    expect(worker.log()).toContain("worker started: running queued jobs");
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
