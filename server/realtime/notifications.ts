import { randomUUID } from "node:crypto";
import pg from "pg";
import { getPool } from "../db/connection";
import { logger } from "../logger";
import { AwaitedReplies } from "../runtime/awaited-replies";

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
const RECONNECT_DELAY_MS = 500;
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

/** Starts this process's listening connection; resolves once it listens. Returns a stop function. */
export async function startListening(connectionString: string): Promise<() => Promise<void>> {
  let stopped = false;
  let first = true;

  const connectOnce = async () => {
    const c = new pg.Client({ connectionString });
    c.on("notification", (n) => {
      for (const s of subscriptions.get(n.channel) ?? []) s.onMessage(n.payload ?? "");
    });
    c.on("error", () => {}); // the 'end' handler below reconnects
    c.on("end", () => {
      if (listener === c) listener = undefined;
      if (!stopped) setTimeout(reconnect, RECONNECT_DELAY_MS);
    });
    await c.connect();
    for (const channel of subscriptions.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    listener = c;
    if (!first) for (const set of subscriptions.values()) for (const s of set) s.onResync?.();
    first = false;
  };
  const reconnect = async () => {
    if (stopped || listener) return;
    try {
      await connectOnce();
      logger.info("notification listener reconnected");
    } catch {
      setTimeout(reconnect, RECONNECT_DELAY_MS);
    }
  };

  await connectOnce();
  return async () => {
    stopped = true;
    await listener?.end().catch(() => {});
  };
}
