import { randomUUID } from "node:crypto";
import pg from "pg";
import { AwaitedReplies } from "../cluster/awaited-replies";
import { type BackoffLimits, backoffDelay, DATABASE_RECONNECT, sleep } from "../db/backoff";
import { APPLICATION_NAMES, getPool } from "../db/connection";
import { logger } from "../logger";

/**
 * Publish/subscribe between every process that shares the database (worker processes, app instances,
 * the CLI) over PostgreSQL LISTEN/NOTIFY. One dedicated connection per process listens; it reconnects
 * after the server goes away, and then tells each subscriber to resynchronise, since notifications sent
 * while it was away are lost.
 */
export interface Subscription {
  onMessage: (payload: string) => void;
  /** The listener (re)connected: anything may have changed meanwhile. */
  onResync?: () => void;
}

const subscriptions = new Map<string, Set<Subscription>>();
/** The listening connection, once it listens. */
let listener: pg.Client | undefined;

/** Modules may subscribe before or after the listener starts (route modules load on first request). */
export function subscribe(channel: string, subscription: Subscription): () => void {
  let set = subscriptions.get(channel);
  if (!set) {
    set = new Set();
    subscriptions.set(channel, set);
    listener?.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {}); // a reconnect LISTENs again
  }
  set.add(subscription);
  return () => void set.delete(subscription);
}

/** Sends `payload` (at most ~8000 bytes) to every listener of `channel`, this process included. */
export async function publish(channel: string, payload: string): Promise<void> {
  await getPool().query("SELECT pg_notify($1, $2)", [channel, payload]);
}

/** A marker each process sends itself to know it has received everything published before (caughtUp). */
const CAUGHT_UP_CHANNEL = "notifications_caught_up";
const markers = new AwaitedReplies<string, void>();
subscribe(CAUGHT_UP_CHANNEL, {
  onMessage: (id) => markers.settle(id, undefined),
  onResync: () => markers.settleAll(undefined), // whatever was missed is resynchronised anyway
});

/**
 * Resolves once this process has received (and its subscribers have handled) every notification published
 * before the call: PostgreSQL delivers a listener's notifications in commit order, so the arrival of a marker
 * this process publishes now means the earlier ones have arrived. At once when this process does not listen;
 * at most `timeoutMs` otherwise.
 */
export async function caughtUp(timeoutMs = 2_000): Promise<void> {
  if (!listener) return;
  const id = randomUUID();
  await markers.wait(id, timeoutMs, undefined, () => publish(CAUGHT_UP_CHANNEL, id));
}

/** Bounds of the listening connection (tests shorten them). */
export interface ListenerTiming {
  /** A connect attempt that has not finished by then fails (a database that accepts TCP but never answers). */
  connectTimeoutMs: number;
  /** How often an idle listener proves its connection still answers... */
  heartbeatIntervalMs: number;
  /** ...and how long it waits for that answer before it calls the connection lost. */
  heartbeatTimeoutMs: number;
  backoff: BackoffLimits;
}

const LISTENER_TIMING: ListenerTiming = {
  connectTimeoutMs: 5_000,
  heartbeatIntervalMs: 10_000,
  heartbeatTimeoutMs: 5_000,
  backoff: DATABASE_RECONNECT,
};

/**
 * Starts this process's listening connection and keeps it for the process's lifetime: one loop connects,
 * LISTENs, holds the connection until it is lost (the server ended it, the socket failed, or a heartbeat went
 * unanswered: a link cut without a reset looks idle forever otherwise), then retries with jittered backoff
 * (db/backoff.ts) until the database is back. Only that loop makes connections, one at a time, and a lost one is
 * destroyed before the next is made, so an outage of any length leaves exactly one connection afterwards.
 * Resolves after the first attempt, successful or not: a process that starts while the database is away serves
 * its 503s and listens once the database returns. Returns a stop function.
 */
export async function startListening(connectionString: string, timing: Partial<ListenerTiming> = {}): Promise<() => Promise<void>> {
  const t = { ...LISTENER_TIMING, ...timing };
  const stopping = new AbortController();
  let current: pg.Client | undefined;
  let firstAttemptDone: () => void = () => {};
  const firstAttempt = new Promise<void>((resolve) => {
    firstAttemptDone = resolve;
  });

  const connectAndListen = async (): Promise<pg.Client> => {
    // query_timeout bounds the LISTENs and the heartbeat on a link that stalls after the connect.
    const c = new pg.Client({
      connectionString,
      application_name: APPLICATION_NAMES.listener,
      connectionTimeoutMillis: t.connectTimeoutMs,
      query_timeout: t.heartbeatTimeoutMs,
    });
    current = c;
    c.on("notification", (n) => {
      for (const s of subscriptions.get(n.channel) ?? []) s.onMessage(n.payload ?? "");
    });
    c.on("error", () => {}); // held() below sees the connection end
    await c.connect();
    for (const channel of subscriptions.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return c;
  };

  /** Resolves with the reason when `c` is lost: ended, failed, or silent past a heartbeat's time-out. */
  const held = (c: pg.Client) =>
    new Promise<string>((resolve) => {
      const lost = (reason: string) => {
        clearInterval(heartbeat);
        resolve(reason);
      };
      const heartbeat = setInterval(() => {
        c.query("SELECT 1").catch((err: Error) => lost(`heartbeat failed: ${err.message}`));
      }, t.heartbeatIntervalMs);
      c.once("end", () => lost("connection ended"));
      c.once("error", (err) => lost(err.message));
      stopping.signal.addEventListener("abort", () => lost("stopping"), { once: true });
    });

  void (async () => {
    let attempts = 0; // connects tried in all
    let failures = 0; // connects failed since the last that worked
    let downSince = 0; // when the present outage began; 0 while listening
    while (!stopping.signal.aborted) {
      try {
        const c = await connectAndListen();
        listener = c;
        // Anything published while this process was not listening is lost: subscribers resynchronise.
        if (attempts > 0) for (const set of subscriptions.values()) for (const s of set) s.onResync?.();
        if (downSince) logger.info({ failedAttempts: failures, downMs: Date.now() - downSince }, "notification listener reconnected");
        attempts++;
        failures = 0;
        downSince = 0;
        firstAttemptDone();
        const reason = await held(c);
        if (stopping.signal.aborted) break;
        logger.warn({ reason }, "notification listener lost its connection; reconnecting");
        downSince = Date.now();
      } catch (err) {
        // Once per outage, not once per attempt: a long outage must not fill the log.
        if (!downSince) {
          downSince = Date.now();
          logger.warn({ err }, "notification listener cannot connect; retrying until the database answers");
        }
        attempts++;
        failures++;
        firstAttemptDone();
      }
      listener = undefined;
      destroy(current);
      current = undefined;
      await sleep(backoffDelay(failures, t.backoff), stopping.signal);
    }
  })();

  await firstAttempt;
  return async () => {
    stopping.abort();
    listener = undefined;
    const c = current;
    current = undefined;
    if (c) await Promise.race([c.end().catch(() => {}), sleep(1_000)]);
    destroy(c);
  };
}

/**
 * Closes a connection's socket at once. pg's end() sends Terminate and waits for the server to close, which a
 * stalled link never does; a listener carries no transaction, so nothing is lost by cutting it.
 */
function destroy(c: pg.Client | undefined): void {
  (c as unknown as { connection?: { stream?: { destroy?: () => void } } } | undefined)?.connection?.stream?.destroy?.();
}
