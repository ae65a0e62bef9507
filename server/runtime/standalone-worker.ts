import os from "node:os";
import { takeOverSignals } from "../cluster/signals";
import { isDatabaseUnavailableError } from "../db/availability";
import { backoffDelay, sleep } from "../db/backoff";
import { connect } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { waitForDatabase } from "../db/wait-for-database";
import { EnvError, env, parseEnv } from "../env";
import { superviseJobRunner } from "../jobs/supervised-runner";
import { logger } from "../logger";
import { ffmpegToolsWarning } from "../media/ffmpeg";
import { attachDatabase } from "./attach-database";
import { startWorkerOperations } from "./worker-operations";

/**
 * Bound on the stop after SIGTERM: the running transcode is aborted and goes back to the queue at once; only a
 * database that no longer answers makes the queue's clean-up wait, and the job is safe in the database anyway.
 */
const STOP_DEADLINE_MS = 10_000;

/**
 * What must hold before `npm run worker` starts: the environment parses and DATABASE_URL names the database.
 * One line per problem; server.js prints them and exits 1.
 */
export function workerStartupProblems(vars: Record<string, string | undefined> = process.env): string[] {
  let parsed: ReturnType<typeof parseEnv>;
  try {
    parsed = parseEnv(vars);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  if (!parsed.DATABASE_URL) {
    return [
      "DATABASE_URL is required by `npm run worker` (the embedded database belongs to the app's own start, `npm start`; a separate worker connects to the app's PostgreSQL)",
    ];
  }
  return [];
}

/**
 * `npm run worker` (docs/decisions/0023-separate-worker.md): one process that runs the job queue (every task
 * the runner knows: transcodes) on DATABASE_URL and serves nothing, for app instances started with
 * JOBS_IN_PROCESS=false. It applies pending migrations first (Kysely's migrator locks, so a start alongside
 * the app's is safe). SIGTERM/SIGINT: the running job is aborted and goes back to the queue, then exit 0.
 * With MEDIA_STORAGE=s3 it reads sources from and writes renditions to the bucket, so it needs no disk of the
 * app's (its own DATA_DIR holds scratch folders only); with local storage it runs on the app's machine.
 */
export async function runStandaloneWorker(): Promise<void> {
  takeOverSignals();
  const log = logger.child({ component: "worker" });
  const ffmpegWarning = ffmpegToolsWarning();
  if (ffmpegWarning) log.warn(ffmpegWarning);
  const url = env().DATABASE_URL;
  if (!url) throw new Error("npm run worker needs DATABASE_URL");

  // Started while the database is away (a failover, a restart of both), it waits and says so, instead of exiting.
  const starting = new AbortController();
  process.once("SIGTERM", () => starting.abort());
  process.once("SIGINT", () => starting.abort());
  if (!(await migrateWhenReachable(url, log, starting.signal))) process.exit(0);
  const detachDatabase = await attachDatabase(url, { role: "jobs" });
  // Through a database outage the runner is replaced in this process; nothing has to restart the worker (ADR 0037).
  const runner = superviseJobRunner({ databaseUrl: url, log });
  let stopping = false;
  const metricsPort = env().WORKER_METRICS_PORT;
  const closeOperations = metricsPort === undefined ? async () => {} : await startWorkerOperations(metricsPort, env().HOST, () => stopping);
  void runner.started().then((first) => {
    if (!stopping)
      log.info({ pid: process.pid, host: os.hostname(), poolId: first.poolId, metricsPort }, "worker started: running queued jobs");
  });

  const stop = async (code: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, "worker stopping: the running job, if any, goes back to the queue");
    const stopped = runner.stop().then(closeOperations).then(detachDatabase);
    const timedOut = await Promise.race([
      stopped.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), STOP_DEADLINE_MS).unref()),
    ]);
    if (timedOut) log.warn("worker stop timed out; its job stays in the database and the next runner takes it up");
    log.info({ code }, "worker stopped");
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop(0, "SIGTERM"));
  process.on("SIGINT", () => void stop(0, "SIGINT"));
  process.on("uncaughtException", (err) => {
    log.fatal({ err }, "uncaught exception in the worker; it exits (its supervisor restarts it)");
    process.exit(1);
  });
}

/** Applies pending migrations once the database answers; a database lost again meanwhile means waiting again. */
async function migrateWhenReachable(url: string, log: typeof logger, signal: AbortSignal): Promise<boolean> {
  for (let attempt = 0; await waitForDatabase(url, { log, purpose: "apply migrations and run jobs", signal }); attempt++) {
    const migration = connect(url, 2);
    try {
      const applied = await migrateToLatest(migration.db);
      if (applied.length) log.info({ applied }, "migrations applied");
      return true;
    } catch (err) {
      if (!isDatabaseUnavailableError(err)) throw err;
      await sleep(backoffDelay(attempt), signal);
    } finally {
      await migration.close();
    }
  }
  return false;
}
