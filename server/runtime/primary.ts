import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { MetricsRelay } from "../cluster/cluster-metrics";
import { startPrimaryMetrics } from "../cluster/metrics";
import { ProcessMetricsRelay } from "../cluster/process-metrics";
import { type PrimaryMessage, takeOverSignals, type WorkerMessage } from "../cluster/signals";
import { SyncRelay } from "../cluster/worker-sync";
import { env } from "../env";
import { logger } from "../logger";
import { ffmpegToolsWarning } from "../media/ffmpeg";
import { ConnectionHub } from "./connections";
import { startAppDatabase } from "./database";
import { JOBS_ROLE } from "./jobs-worker";

/** Whole-stop budget after SIGTERM: workers drain within 8 s, PostgreSQL stops in the rest. */
const WORKER_STOP_DEADLINE_MS = 8_500;
/** A worker that keeps crashing right after start is restarted more slowly. */
const CRASH_LOOP_WINDOW_MS = 10_000;
const CRASH_LOOP_DELAY_MS = 2_000;

export function workerCount(): number {
  return env().WEB_CONCURRENCY ?? os.availableParallelism();
}

/**
 * The primary process: prepares the database once (embedded PostgreSQL started and supervised here, or
 * DATABASE_URL), listens on the port and hands each connection to one of its workers (one per core),
 * replaces any worker that dies, and on SIGTERM/SIGINT stops in order: the port closes, workers drain
 * and close their pools, then PostgreSQL stops, exit 0.
 */
export async function runPrimary(): Promise<void> {
  takeOverSignals();
  startPrimaryMetrics();
  const ffmpegWarning = ffmpegToolsWarning();
  if (ffmpegWarning) logger.warn(ffmpegWarning);
  let stopping = false;
  const broadcast = (message: PrimaryMessage) => {
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(message);
  };
  const database = await startAppDatabase({
    onDown: () => broadcast({ type: "database-down" }),
    onUp: () => broadcast({ type: "database-up" }),
  });
  const hub = new ConnectionHub();
  const sync = new SyncRelay();
  const metrics = new MetricsRelay();
  const processMetrics = new ProcessMetricsRelay();
  const port = await hub.listen(env().PORT, env().HOST).catch(async (err) => {
    logger.fatal({ err }, "cannot listen on the port");
    await database.stop().catch(() => {});
    process.exit(1);
  });
  const workerEnv = { DATABASE_URL: database.url };
  const count = workerCount();
  const startedAt = new Map<number, number>();
  let announced = false;
  let serving = 0;

  // One more worker runs the job queue (transcodes) and serves nothing: docs/decisions/0007. Not with
  // JOBS_IN_PROCESS=false: separate `npm run worker` processes run the jobs (docs/decisions/0023).
  let jobsWorkerId = -1;
  const forkJobs = () => {
    const worker = cluster.fork({ ...workerEnv, PLEAZURE_ROLE: JOBS_ROLE });
    jobsWorkerId = worker.id;
    startedAt.set(worker.id, Date.now());
  };
  const fork = () => {
    const worker = cluster.fork(workerEnv);
    startedAt.set(worker.id, Date.now());
    worker.on("message", (message: WorkerMessage) => {
      if (message?.type === "serving") {
        hub.add(worker);
        serving++;
        if (!announced && serving >= count) {
          announced = true;
          announceReady(port, count);
        }
      }
      // Connections already sent reach the worker before this word to stop (the channel keeps order).
      if (message?.type === "leaving") {
        hub.remove(worker);
        worker.send({ type: "shutdown" } satisfies PrimaryMessage);
      }
      if (message?.type === "sync") sync.request(worker, message.task, message.id, hub.serving);
      if (message?.type === "sync-ran") sync.ran(worker, message.key);
      if (message?.type === "metrics") metrics.request(worker, message.id);
      if (message?.type === "process-metrics") processMetrics.request(worker, message.id);
    });
  };
  cluster.on("exit", (worker: Worker, code, signal) => {
    hub.remove(worker);
    sync.forget(worker);
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const jobs = worker.id === jobsWorkerId;
    logger.error(
      { pid: worker.process.pid, code, signal, jobs },
      `a ${jobs ? "jobs " : ""}worker stopped unexpectedly; starting a replacement`,
    );
    setTimeout(jobs ? forkJobs : fork, lived < CRASH_LOOP_WINDOW_MS ? CRASH_LOOP_DELAY_MS : 0);
  });
  for (let i = 0; i < count; i++) fork();
  if (env().JOBS_IN_PROCESS) forkJobs();
  else logger.info("JOBS_IN_PROCESS=false: this instance runs no jobs worker; queued jobs wait for `npm run worker` processes");

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing requests in flight");
    // The port closes first, so no connection is accepted that no worker would answer.
    hub.close();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(workers.map((w) => stopWorker(w)));
    hub.dropWaiting();
    await database.stop().catch((err) => logger.error({ err }, "stopping PostgreSQL failed"));
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

function stopWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => {
      logger.warn({ pid: worker.process.pid }, "worker did not stop in time; killing it");
      worker.process.kill("SIGKILL");
    }, WORKER_STOP_DEADLINE_MS);
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    if (worker.isConnected()) worker.send({ type: "shutdown" } satisfies PrimaryMessage);
    else worker.process.kill("SIGTERM");
  });
}

function announceReady(port: number, workers: number): void {
  const shown = env().HOST === "0.0.0.0" || env().HOST === "::" ? "localhost" : env().HOST;
  logger.info(
    { port, workers },
    `Pleazure is ready at http://${shown}:${port} (${workers} worker${workers === 1 ? "" : "s"}). Press Ctrl+C to stop.`,
  );
}
