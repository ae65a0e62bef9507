import { startMetrics } from "../cluster/metrics";
import { answerOwnMetricsRequest } from "../cluster/process-metrics";
import { type PrimaryMessage, takeOverSignals } from "../cluster/signals";
import { env } from "../env";
import { superviseJobRunner } from "../jobs/supervised-runner";
import { logger } from "../logger";
import { attachDatabase } from "./attach-database";

const STOP_DEADLINE_MS = 6_000;

/** Marks the cluster worker that runs jobs instead of serving HTTP (set by the primary when it forks). */
export const JOBS_ROLE = "jobs";

/**
 * The job-runner process (docs/decisions/0007): one per instance unless JOBS_IN_PROCESS=false (then
 * `npm run worker` processes run the jobs: standalone-worker.ts), forked and replaced by the primary like
 * the web workers, serving no requests. Its own pool backs the services the jobs use (getDb). On stop, a
 * running transcode is aborted and goes back to the queue; the next runner takes it up. A database outage does not
 * end it: its runner waits for the database and starts again (supervised-runner.ts).
 */
export async function runJobsWorker(): Promise<void> {
  takeOverSignals();
  // Its process metrics and pool join the instance's /metrics (the primary asks every worker).
  startMetrics();
  const url = env().DATABASE_URL;
  if (!url) throw new Error("the jobs worker needs DATABASE_URL from its primary");
  const detachDatabase = await attachDatabase(url, { role: "jobs" });
  // Through a database outage the runner is replaced in this process (supervised-runner.ts), not the process.
  const runner = superviseJobRunner({ databaseUrl: url, log: logger.child({ component: "jobs-worker" }) });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // With the database gone, the queue's clean-up could retry for long: the job is safe in the database
    // either way (the next runner takes it up), so the stop is bounded.
    const stopped = runner.stop().then(detachDatabase);
    await Promise.race([stopped, new Promise((r) => setTimeout(r, STOP_DEADLINE_MS).unref())]);
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
  process.on("message", (message: PrimaryMessage) => {
    if (message?.type === "shutdown") void stop(0);
    answerOwnMetricsRequest(message, "jobs");
  });
  process.on("disconnect", () => void stop(0));
  process.on("uncaughtException", (err) => {
    logger.fatal({ err }, "uncaught exception in the jobs worker; it exits and the primary replaces it");
    process.exit(1);
  });
}
