/**
 * Admission to the connection pool, kept apart from connecting. pg-pool uses one time-out for both waiting
 * for a free client and connecting a new one, and fails both with "timeout exceeded when trying to
 * connect", so a burst that held every connection for 5 s looked like an outage and the whole worker
 * answered 503 until its probe got through. Here every checkout first takes a slot: when all are in use a
 * bounded number of requests wait a bounded time, and the rest are refused at once with
 * DatabaseBusyError (overload: the caller answers 503 + Retry-After for that request alone). Only a real
 * connect or query failure says the database is down (availability.ts).
 */

export interface GateLimits {
  /** Checkouts at once: the pool's size, so pg-pool itself never queues. */
  slots: number;
  /** Checkouts that may wait for a slot; more are refused at once. */
  maxWaiting: number;
  /** How long one checkout waits for a slot before it is refused. */
  maxWaitMs: number;
}

/** Every pool connection is in use and this checkout may not wait (longer): the database is busy, not down. */
export class DatabaseBusyError extends Error {
  readonly code = "POOL_BUSY";
  constructor(reason: "queue full" | "wait timed out") {
    super(`database busy: every pool connection is in use (${reason})`);
    this.name = "DatabaseBusyError";
  }
}

/** pg-pool's own message when a checkout waited out its time in the pool's queue (a raw pool user). */
const POOL_QUEUE_TIMEOUT = /timeout exceeded when trying to connect/i;

/**
 * PostgreSQL's "query_canceled": a statement ran past the pool's statement_timeout (a slow or locked database)
 * and was stopped by the server, which freed its connection. Busy for this request, not down.
 */
const QUERY_CANCELED = "57014";

/**
 * Whether `err` means "all connections busy", or "this statement took too long" (answer 503 + Retry-After
 * for this request; the database is up).
 */
export function isDatabaseBusyError(err: unknown, depth = 0): boolean {
  if (err instanceof DatabaseBusyError) return true;
  // A library's own error around ours (better-auth's "Failed to get session", with the pg error as its cause).
  if (depth < 4 && err instanceof Error && err.cause !== undefined && isDatabaseBusyError(err.cause, depth + 1)) return true;
  if ((err as { code?: unknown } | null)?.code === QUERY_CANCELED) return true;
  return err instanceof Error && POOL_QUEUE_TIMEOUT.test(err.message);
}

interface Waiter {
  grant: () => void;
}

export class ConnectionGate {
  private held = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: GateLimits) {}

  /** Resolves holding a slot (give it back with release()), or rejects with DatabaseBusyError. */
  acquire(): Promise<void> {
    if (this.held < this.limits.slots) {
      this.held++;
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.maxWaiting) return Promise.reject(new DatabaseBusyError("queue full"));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new DatabaseBusyError("wait timed out"));
      }, this.limits.maxWaitMs);
      timer.unref();
      this.queue.push(waiter);
    });
  }

  /** Gives a slot back: the longest waiter takes it over directly. */
  release(): void {
    const next = this.queue.shift();
    if (next) next.grant();
    else this.held = Math.max(0, this.held - 1);
  }

  /** Slots in use and checkouts waiting (tests, metrics). */
  get usage(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.queue.length };
  }
}
