/**
 * Retry delays for a connection that is away (the database during a failover, a restart or a cut link): they
 * grow from `baseMs` by doubling up to `capMs`, so a long outage costs one attempt every few seconds rather than
 * a storm, and each is jittered (half fixed, half random) so that the processes of every instance, all cut at
 * the same moment, do not come back in lockstep.
 */
export interface BackoffLimits {
  baseMs: number;
  capMs: number;
}

/** The database's reconnects: first retry after 0.25-0.5 s, at most 2.5-5 s apart after a few failures. */
export const DATABASE_RECONNECT: BackoffLimits = { baseMs: 500, capMs: 5_000 };

/** The delay before retry number `attempt` (0 for the first retry): in [ceiling / 2, ceiling]. */
export function backoffDelay(attempt: number, limits: BackoffLimits = DATABASE_RECONNECT, random = Math.random): number {
  const ceiling = Math.min(limits.capMs, limits.baseMs * 2 ** Math.min(attempt, 30));
  return ceiling / 2 + random() * (ceiling / 2);
}

/** Waits `ms`, or less when `signal` aborts (then it resolves at once: the caller checks why). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
