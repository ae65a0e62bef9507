import { backoffDelay, sleep } from "../db/backoff";
import { waitForDatabase } from "../db/wait-for-database";
import type { logger } from "../logger";
import { type JobRunner, type JobRunnerOptions, startJobRunner } from "./runner";

export interface SupervisedRunner {
  /** The runner now running, if any (none while the database is away). */
  current(): JobRunner | undefined;
  /** Resolves with the runner each time one has started (the first start, then each start after an outage). */
  started(): Promise<JobRunner>;
  /** Stops the runner (its running job goes back to the queue) and any waiting. */
  stop(): Promise<void>;
}

/**
 * Keeps one job runner going for the life of its process, through database outages of any length
 * (docs/decisions/0037-worker-outlives-outages.md): it waits for the database (saying so in the log), starts a
 * runner, and when that runner loses its liveness connection (it stops its job, since it can no longer prove the
 * job is its own) waits for the database again and starts a new one. Nothing outside the process has to restart
 * it. Returns at once; the runner starts as soon as the database answers.
 */
export function superviseJobRunner(opts: JobRunnerOptions & { log: typeof logger }): SupervisedRunner {
  const stopping = new AbortController();
  const stopped = new Promise<void>((resolve) => stopping.signal.addEventListener("abort", () => resolve(), { once: true }));
  let running: JobRunner | undefined;
  let announce: (runner: JobRunner) => void = () => {};
  let next = new Promise<JobRunner>((resolve) => {
    announce = resolve;
  });

  const loop = (async () => {
    let failures = 0;
    while (await waitForDatabase(opts.databaseUrl, { log: opts.log, purpose: "run jobs", signal: stopping.signal })) {
      try {
        running = await startJobRunner(opts);
      } catch (err) {
        // Gone again between the probe and the start: wait again, a little longer each time.
        opts.log.warn({ err }, "starting the job runner failed; retrying");
        await sleep(backoffDelay(failures++), stopping.signal);
        continue;
      }
      failures = 0;
      if (stopping.signal.aborted) break;
      const started = running;
      announce(started);
      next = new Promise<JobRunner>((resolve) => {
        announce = resolve;
      });
      const reason = await Promise.race([started.lost, stopped.then(() => undefined)]);
      if (reason === undefined) break;
      opts.log.warn(
        { reason },
        "the job runner lost its database connection; its job goes back to the queue, and a new runner starts once the database answers",
      );
      running = undefined;
      await started.stop();
    }
  })();

  return {
    current: () => running,
    started: () => (running ? Promise.resolve(running) : next),
    stop: async () => {
      stopping.abort();
      await loop;
      await running?.stop();
      running = undefined;
    },
  };
}
