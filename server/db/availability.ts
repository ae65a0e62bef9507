import { logger } from "../logger";

/**
 * Whether this process believes its database answers. A connection-class failure (seen by a request, by
 * the pool, or announced by the primary when it sees the embedded server die) marks it unavailable; a
 * probe then retries a trivial query until it succeeds. Meanwhile pages answer 503 at once instead of
 * each waiting for its own failure. A pool with every connection in use is not an outage (pool-gate.ts).
 */
type Probe = () => Promise<unknown>;

let available = true;
let probe: Probe | undefined;
let recovering = false;
const PROBE_INTERVAL_MS = 250;

export function databaseAvailable(): boolean {
  return available;
}

/** Sets the query the recovery loop runs (the app's pool: `SELECT 1`). */
export function setAvailabilityProbe(fn: Probe | undefined): void {
  probe = fn;
}

export function markDatabaseUnavailable(reason: string): void {
  if (available) logger.warn({ reason }, "database unavailable: answering 503 until it is back");
  available = false;
  if (recovering) return;
  recovering = true;
  void recover().finally(() => {
    recovering = false;
  });
}

/** Known back (e.g. the primary restarted the embedded server): the next request will tell. */
export function markDatabaseAvailable(): void {
  if (!available) logger.info("database available again");
  available = true;
}

async function recover(): Promise<void> {
  while (!available) {
    try {
      if (!probe) return;
      await probe();
      markDatabaseAvailable();
    } catch {
      await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS));
    }
  }
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovering)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
// Not pg-pool's "timeout exceeded when trying to connect": that is a checkout that waited for a busy pool
// (pool-gate.ts, isDatabaseBusyError); a connect that timed out says "Connection terminated due to connection timeout".
// "Query read timeout": pg's query_timeout, past statement_timeout (connection.ts): the server did not answer at all.
const CONNECTION_MESSAGES = [/Connection terminated/i, /Client has encountered a connection error/i, /Query read timeout/i];

/**
 * Whether an error means "cannot reach the database" (as opposed to a bad query, a rule, or a busy pool:
 * all connections in use is overload, answered 503 per request without declaring the database down).
 */
export function isDatabaseUnavailableError(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error)) return false;
  // A library's own error around ours (better-auth's "Failed to get session", with the pg error as its cause).
  if (depth < 4 && err.cause !== undefined && isDatabaseUnavailableError(err.cause, depth + 1)) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailableError(e, depth + 1))) return true;
  return CONNECTION_MESSAGES.some((re) => re.test(err.message));
}
