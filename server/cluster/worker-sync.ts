import cluster, { type Worker } from "node:cluster";
import { AwaitedReplies } from "./awaited-replies";
import type { PrimaryMessage, SyncTask, WorkerMessage } from "./signals";

/**
 * Read-your-writes across the web workers of this instance. Other workers learn of a write over
 * LISTEN/NOTIFY a few milliseconds after it commits (server/realtime/), so a page they render meanwhile
 * still shows the old state. A write that must not be seen undone (an admin's console change) asks every
 * web worker, through the primary, to apply it now, and answers once all have (at most `timeoutMs`):
 * whichever worker renders the next page shows it.
 */

/** Bounds the wait: a worker that does not answer (busy, dying) only delays the writer this long. */
const SYNC_TIMEOUT_MS = 2_000;

const tasks = new Map<SyncTask, () => Promise<unknown>>();
const waiting = new AwaitedReplies<number, void>();
let lastId = 0;

/** What this process runs when a write asks every worker to apply `task`. */
export function onSync(task: SyncTask, run: () => Promise<unknown>): void {
  tasks.set(task, run);
}

/**
 * Runs `task` in every web worker and resolves once each has finished, or after `timeoutMs`. Without a
 * primary (development, tests, the CLI) it runs here only.
 */
export async function syncWebWorkers(task: SyncTask, timeoutMs = SYNC_TIMEOUT_MS): Promise<void> {
  if (!cluster.isWorker || !process.connected) {
    await run(task);
    return;
  }
  const id = ++lastId;
  await waiting.wait(id, timeoutMs, undefined, () => process.send?.({ type: "sync", task, id } satisfies WorkerMessage));
}

/** A web worker's side of the protocol (worker.ts passes every message from the primary). */
export function handleSyncMessage(message: PrimaryMessage): void {
  if (message?.type === "run-sync") {
    void run(message.task).then(() => process.send?.({ type: "sync-ran", key: message.key } satisfies WorkerMessage));
  }
  if (message?.type === "synced") waiting.settle(message.id, undefined);
}

async function run(task: SyncTask): Promise<void> {
  try {
    await tasks.get(task)?.();
  } catch {
    // A failure (the database down) is the task's to report; the writer is answered all the same.
  }
}

/** The primary's side: fans a worker's request out to every web worker and answers it when all ran it. */
export class SyncRelay {
  private readonly pending = new Map<string, { requester: Worker; id: number; remaining: Set<Worker> }>();
  private lastKey = 0;

  request(requester: Worker, task: SyncTask, id: number, workers: readonly Worker[]): void {
    const key = String(++this.lastKey);
    const remaining = new Set(workers.filter((w) => w.isConnected()));
    this.pending.set(key, { requester, id, remaining });
    for (const worker of remaining) worker.send({ type: "run-sync", task, key } satisfies PrimaryMessage);
    // The requester stops waiting after its own time-out; this only forgets a request nobody finished.
    setTimeout(() => this.pending.delete(key), 2 * SYNC_TIMEOUT_MS).unref();
    this.settle(key);
  }

  ran(worker: Worker, key: string): void {
    this.pending.get(key)?.remaining.delete(worker);
    this.settle(key);
  }

  /** A worker that exits no longer holds anyone up. */
  forget(worker: Worker): void {
    for (const [key, request] of this.pending) {
      request.remaining.delete(worker);
      this.settle(key);
    }
  }

  private settle(key: string): void {
    const request = this.pending.get(key);
    if (!request || request.remaining.size > 0) return;
    this.pending.delete(key);
    if (request.requester.isConnected()) request.requester.send({ type: "synced", id: request.id } satisfies PrimaryMessage);
  }
}
