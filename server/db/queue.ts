import { Logger, runMigrations } from "graphile-worker";
import { type Kysely, sql } from "kysely";
import type pg from "pg";
import { logger } from "../logger";
import type { Database } from "./schema";

/**
 * The PostgreSQL-backed queue (graphile-worker, docs/decisions/0007). graphile-worker owns its schema
 * (`graphile_worker`, created and upgraded by the library); our tables say what each job is about.
 */

export const TRANSCODE_TASK = "transcode";
/**
 * A transcode that fails is final (marked failed in transcode_jobs, the queue job completes); attempts are
 * spent only when a runner stops or dies mid-job and the job is taken up again, so this bounds restarts.
 */
export const TRANSCODE_MAX_ATTEMPTS = 10;

/** The abort reason of a job whose runner stops (recognised in the queue's log). */
export const RUNNER_STOPPING = "the job runner is stopping";

export interface TranscodePayload {
  jobId: string;
}

/** graphile-worker's messages in our log (its "warning" level is pino's "warn"; its chatty "info" is debug). */
export const queueLogger = new Logger((scope) => (level, message, meta) => {
  const fields = { ...scope, ...meta, component: "queue" };
  // A job aborted because its runner stops is not a failure: it goes back to the queue (server/jobs/runner.ts).
  if (level === "error" && message.includes(RUNNER_STOPPING)) logger.info(fields, message);
  else if (level === "error") logger.error(fields, message);
  else if (level === "warning") logger.warn(fields, message);
  else logger.debug(fields, message);
});

const migrated = new WeakMap<pg.Pool, Promise<void>>();

/** Creates or upgrades graphile-worker's schema once per pool (the library serialises concurrent callers). */
export function ensureQueueSchema(pool: pg.Pool): Promise<void> {
  let done = migrated.get(pool);
  if (!done) {
    done = runMigrations({ pgPool: pool, logger: queueLogger }).catch((err: unknown) => {
      migrated.delete(pool);
      throw err;
    });
    migrated.set(pool, done);
  }
  return done;
}

/**
 * Queues the transcode of one `transcode_jobs` row. Called inside the transaction that inserts the row
 * (graphile-worker's SQL API), so a job is never recorded without being queued, or queued twice.
 */
export async function queueTranscode(trx: Kysely<Database>, jobId: string): Promise<void> {
  const payload = JSON.stringify({ jobId } satisfies TranscodePayload);
  // The job key is our row's id: the queue's public view shows keys (not payloads), see server/jobs/runner.ts.
  await sql`SELECT graphile_worker.add_job(${TRANSCODE_TASK}, ${payload}::json, max_attempts => ${TRANSCODE_MAX_ATTEMPTS},
    job_key => ${jobId}, job_key_mode => 'unsafe_dedupe')`.execute(trx);
}
