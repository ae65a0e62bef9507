import { EventEmitter } from "node:events";
import os from "node:os";
import { makeWorkerUtils, type Runner, run, type WorkerEvents, type WorkerUtils } from "graphile-worker";
import pg from "pg";
import { z } from "zod";
import { jobDuration } from "../cluster/metrics";
import { APPLICATION_NAMES } from "../db/connection";
import { ensureQueueSchema, queueLogger, RUNNER_STOPPING, TRANSCODE_TASK } from "../db/queue";
import { env } from "../env";
import { logger } from "../logger";
import { appMediaStorage } from "../media/app-storage";
import type { MediaStorage } from "../media/storage";
import { CO_VIEWS_TASK, coViewCronItems, runCoViews } from "./co-views";
import { cronItems, runTakedownOverdue, TAKEDOWN_OVERDUE_TASK } from "./takedown-overdue";
import { runTranscodeJob } from "./transcode";

/**
 * The job runner: graphile-worker with one job at a time (ffmpeg already uses every core), plus a liveness
 * lock so that jobs held by a dead runner are taken up again at once instead of after graphile-worker's
 * 4-hour lock timeout.
 *
 * Liveness: graphile-worker marks a job it runs with its worker pool's id (`locked_by`). Each runner holds a
 * session-level advisory lock keyed by that id, on a connection of its own, for as long as it lives. A
 * runner that dies (killed, crashed, machine gone) loses the connection and with it the lock. Every runner
 * checks, at start and then periodically, the pools that hold transcode jobs: one whose lock can be taken is
 * dead, and its jobs are unlocked (forceUnlockWorkers) to run again; a live runner's lock cannot be taken.
 * The pool id is known only once the pool exists, so a job locked in the first moments could race the lock:
 * jobs locked less than LOCK_GRACE_MS ago are left alone, and a task starts only after its runner's lock
 * is held and the job is still locked by its pool. A runner that loses its liveness connection stops its
 * job (it can no longer prove the job is its own) and reports it through `lost`, so its owner replaces it.
 */

/** Advisory-lock class of runner liveness locks (the two-int form: class, hashtext(worker id)). */
const LIVENESS_LOCK_CLASS = 4_242_009;
const SWEEP_INTERVAL_MS = 15_000;
const LOCK_GRACE_MS = 30_000;
/** graphile-worker's connections: its LISTEN, its polling and the one job it runs at a time. */
export const QUEUE_POOL_SIZE = 4;

export interface JobRunnerOptions {
  databaseUrl: string;
  storage?: MediaStorage;
  maxBytes?: number;
  /** How often idle runners look for jobs whose notification they missed. */
  pollIntervalMs?: number;
  sweepIntervalMs?: number;
  /** Jobs locked more recently than this are never taken from their runner (see above); tests shorten it. */
  lockGraceMs?: number;
}

export interface JobRunner {
  /** graphile-worker's pool id: what `locked_by` says for this runner's job. */
  poolId: string;
  /** Stops: a running transcode is aborted and goes back to the queue. */
  stop(): Promise<void>;
  /** Resolves, with the reason, when the runner lost its liveness connection and stops on its own. */
  lost: Promise<string>;
}

const payloadSchema = z.object({ jobId: z.uuid() });

export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const log = logger.child({ component: "job-runner", host: os.hostname() });
  const storage = opts.storage ?? appMediaStorage();
  const maxBytes = opts.maxBytes ?? env().MAX_UPLOAD_BYTES;

  const liveness = new pg.Client({ connectionString: opts.databaseUrl, application_name: APPLICATION_NAMES.jobLiveness });
  let reportLost: (reason: string) => void = () => {};
  const lost = new Promise<string>((resolve) => {
    reportLost = resolve;
  });
  // Until the runner is up, a failing liveness connection fails the start (below, through its promises).
  let onLivenessLost = (_reason: string) => {};
  liveness.on("error", (err) => onLivenessLost(err.message));
  liveness.on("end", () => onLivenessLost("connection ended"));
  await liveness.connect();
  const lockGraceMs = opts.lockGraceMs ?? LOCK_GRACE_MS;

  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: QUEUE_POOL_SIZE, application_name: APPLICATION_NAMES.jobQueue });
  // graphile-worker retries on connection errors; they must not become unhandled 'error' events.
  pool.on("error", (err) => log.warn({ err }, "queue connection error"));
  pool.on("connect", (client) => client.on("error", (err) => log.warn({ err }, "queue connection error")));
  let poolId = "";
  let livenessHeld: Promise<unknown> = Promise.reject(new Error("no worker pool yet"));
  livenessHeld.catch(() => {});
  const events = new EventEmitter() as WorkerEvents;
  // Emitted synchronously when the pool is made, before its worker asks for a job.
  events.on("pool:create", ({ workerPool }) => {
    poolId = workerPool.id;
    livenessHeld = liveness.query("SELECT pg_advisory_lock($1, hashtext($2))", [LIVENESS_LOCK_CLASS, poolId]);
    livenessHeld.catch(() => {});
  });
  let utils: WorkerUtils | undefined;
  let runner: Runner | undefined;
  // Aborts the job in progress when this runner stops or loses its liveness lock.
  const stopJobs = new AbortController();
  try {
    await ensureQueueSchema(pool);
    utils = await makeWorkerUtils({ pgPool: pool, logger: queueLogger });
    await releaseJobsOfDeadRunners(liveness, utils, "", lockGraceMs, log);
    runner = await run({
      pgPool: pool,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: opts.pollIntervalMs ?? 2000,
      logger: queueLogger,
      events,
      parsedCronItems: [...cronItems(), ...coViewCronItems()],
      taskList: {
        [TAKEDOWN_OVERDUE_TASK]: runTakedownOverdue,
        [CO_VIEWS_TASK]: runCoViews,
        [TRANSCODE_TASK]: async (payload, helpers) => {
          const { jobId } = payloadSchema.parse(payload);
          await livenessHeld;
          const { rows } = await helpers.query<{ locked_by: string | null }>("SELECT locked_by FROM graphile_worker.jobs WHERE id = $1", [
            helpers.job.id,
          ]);
          if (rows[0]?.locked_by !== poolId) throw new Error(`job ${helpers.job.id} is no longer locked by this runner`);
          const timer = jobDuration.startTimer({ task: TRANSCODE_TASK });
          try {
            await runTranscodeJob(jobId, { storage, maxBytes, signal: AbortSignal.any([helpers.abortSignal, stopJobs.signal]) });
            timer({ outcome: "ran" });
          } catch (err) {
            timer({ outcome: "interrupted" }); // runTranscodeJob records failures itself; it throws only to give the job back
            throw err;
          }
        },
      },
    });
    // The runner is up only with its liveness lock held.
    await livenessHeld;
  } catch (err) {
    await runner?.stop().catch(() => {});
    await Promise.resolve(utils?.release()).catch(() => {});
    await pool.end().catch(() => {});
    await liveness.end().catch(() => {});
    throw err;
  }

  const sweep = setInterval(() => {
    releaseJobsOfDeadRunners(liveness, utils, poolId, lockGraceMs, log).catch((err: unknown) =>
      log.warn({ err }, "checking for dead runners failed"),
    );
  }, opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();

  let stopped: Promise<void> | undefined;
  const shutdown = () => {
    stopped ??= (async () => {
      clearInterval(sweep);
      stopJobs.abort(new Error(RUNNER_STOPPING));
      await runner?.stop().catch((err: unknown) => log.warn({ err }, "stopping the queue runner failed"));
      await Promise.resolve(utils?.release()).catch(() => {});
      await pool.end().catch(() => {});
      await liveness.end().catch(() => {});
    })();
    return stopped;
  };
  onLivenessLost = (reason: string) => {
    if (stopped) return;
    log.error({ reason }, "job runner lost its liveness connection; stopping its job");
    void shutdown();
    reportLost(reason);
  };
  log.info({ poolId }, "job runner started");

  return { poolId, stop: shutdown, lost };
}

/** Unlocks the transcode jobs of every runner whose liveness lock is free, i.e. whose process is gone. */
async function releaseJobsOfDeadRunners(
  liveness: pg.Client,
  utils: WorkerUtils | undefined,
  ownPoolId: string,
  graceMs: number,
  log: typeof logger,
): Promise<string[]> {
  if (!utils) return [];
  const { rows } = await liveness.query<{ locked_by: string }>(
    `SELECT DISTINCT locked_by FROM graphile_worker.jobs
     WHERE task_identifier = $1 AND locked_by IS NOT NULL AND locked_by <> $2
       AND locked_at < now() - make_interval(secs => $3)`,
    [TRANSCODE_TASK, ownPoolId, graceMs / 1000],
  );
  const dead: string[] = [];
  for (const { locked_by: id } of rows) {
    const { rows: probe } = await liveness.query<{ free: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS free", [
      LIVENESS_LOCK_CLASS,
      id,
    ]);
    if (!probe[0]?.free) continue;
    await liveness.query("SELECT pg_advisory_unlock($1, hashtext($2))", [LIVENESS_LOCK_CLASS, id]);
    dead.push(id);
  }
  if (dead.length) {
    await utils.forceUnlockWorkers(dead);
    log.warn({ deadRunners: dead }, "took up the jobs of stopped job runners");
  }
  // A job interrupted on every one of its attempts is given up by the queue; say so where the console looks.
  const { rowCount } = await liveness.query(
    `UPDATE transcode_jobs SET status = 'failed', finished_at = now(), updated_at = now(),
       error = 'The transcode was interrupted (the app stopped) on each of its ' || q.max_attempts || ' attempts; not retried.'
     FROM graphile_worker.jobs q
     WHERE q.task_identifier = $1 AND q.attempts >= q.max_attempts AND q.locked_at IS NULL
       AND transcode_jobs.id::text = q.key AND transcode_jobs.status IN ('queued', 'running')`,
    [TRANSCODE_TASK],
  );
  if (rowCount) log.warn({ jobs: rowCount }, "transcode jobs given up after too many interruptions");
  return dead;
}

/** True when some job runner (the app's, or an ingest command's) is alive on this database. */
export async function isJobRunnerAlive(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks
     WHERE locktype = 'advisory' AND classid = $1 AND objsubid = 2 AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [LIVENESS_LOCK_CLASS],
  );
  return (rows[0]?.n ?? 0) > 0;
}
