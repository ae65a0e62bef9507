import pg from "pg";
import type { logger } from "../logger";
import { backoffDelay, sleep } from "./backoff";
import { APPLICATION_NAMES } from "./connection";

/** Whether the database answers: the connect, then a trivial query; each bounded (a stalled server must not hang). */
async function answers(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name: APPLICATION_NAMES.probe,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on("error", () => {}); // the awaited calls below report it
  try {
    await client.connect();
    await client.query("SELECT 1");
  } finally {
    void client.end().catch(() => {});
  }
}

/** Where `url` points, without its credentials, for the log. */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

const REMIND_EVERY_MS = 30_000;

/**
 * Waits until the database at `url` answers, retrying with jittered backoff (backoff.ts), and tells the
 * log what it waits for: once when it starts waiting, every 30 s while it goes on, and when it is over. Resolves
 * true once the database answers, false if `signal` aborts first (the process is stopping). At once, and
 * silently, when the database answers on the first try.
 */
export async function waitForDatabase(
  url: string,
  opts: { log: typeof logger; purpose: string; signal?: AbortSignal; timeoutMs?: number },
): Promise<boolean> {
  const since = Date.now();
  let remindAt = since + REMIND_EVERY_MS;
  for (let attempt = 0; !opts.signal?.aborted; attempt++) {
    try {
      await answers(url, opts.timeoutMs ?? 5_000);
      if (attempt > 0)
        opts.log.info({ database: databaseAddress(url), waitedMs: Date.now() - since }, `database reachable: ${opts.purpose}`);
      return true;
    } catch (err) {
      const reason = (err as Error).message;
      if (attempt === 0) {
        opts.log.warn({ database: databaseAddress(url), reason }, `waiting for the database before it can ${opts.purpose}`);
      } else if (Date.now() >= remindAt) {
        remindAt += REMIND_EVERY_MS;
        opts.log.warn(
          { database: databaseAddress(url), reason, waitedMs: Date.now() - since },
          `still waiting for the database before it can ${opts.purpose}`,
        );
      }
    }
    await sleep(backoffDelay(attempt), opts.signal);
  }
  return false;
}
