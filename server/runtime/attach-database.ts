import { setAvailabilityProbe } from "../db/availability";
import { APPLICATION_NAMES, connect, setDatabase } from "../db/connection";
import { startListening } from "../realtime/notifications";

/** The app's pool size per serving process (the bench's raw-SQL pool mirrors it). */
export const POOL_SIZE = 20;
/**
 * When all POOL_SIZE connections are in use, this many checkouts wait at most POOL_MAX_WAIT_MS for one;
 * the rest, and those that waited out their time, answer 503 + Retry-After at once (overload), while the
 * database is never declared down for it (db/pool-gate.ts). A page makes a few queries, some in parallel:
 * 10 waiters per connection absorb ordinary spikes (a query takes about a millisecond).
 */
export const POOL_MAX_WAITING = 10 * POOL_SIZE;
export const POOL_MAX_WAIT_MS = 2_000;

/**
 * Makes `url` this process's database: the pool services use (getDb), the probe that tells when an
 * unreachable database is back, and the LISTEN connection for cross-process notifications. Returns the
 * matching detach, to call once requests have drained. `statementTimeoutMs`: the serving processes'
 * DATABASE_STATEMENT_TIMEOUT_MS; job processes pass none, since a job's statement that waits out a lock must
 * not turn into a failed job.
 */
export async function attachDatabase(
  url: string,
  opts: { statementTimeoutMs?: number; role: "web" | "jobs" },
): Promise<() => Promise<void>> {
  const limits = { maxWaiting: POOL_MAX_WAITING, maxWaitMs: POOL_MAX_WAIT_MS };
  const handle = connect(url, POOL_SIZE, limits, opts.statementTimeoutMs, APPLICATION_NAMES[opts.role]);
  setDatabase(handle);
  setAvailabilityProbe(() => handle.pool.query("SELECT 1"));
  const stopListening = await startListening(url);
  return async () => {
    await stopListening();
    setDatabase(undefined);
    setAvailabilityProbe(undefined);
    await handle.close();
  };
}
