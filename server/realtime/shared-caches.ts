import type { TtlCache } from "../cache";
import { onSync, syncWebWorkers } from "../cluster/worker-sync";
import { logger } from "../logger";
import { caughtUp, publish, subscribe } from "./notifications";

// What a worker does when another process's write asks every worker to apply its invalidations now.
onSync("notifications", () => caughtUp());

/**
 * In-process caches that a write must invalidate in every process at once (e.g. a blog edit): the
 * invalidation is applied here and announced over LISTEN/NOTIFY to the other processes. A process whose
 * listener lost its connection clears these caches when it is back.
 */
const CHANNEL = "cache_invalidation";
const caches = new Map<string, TtlCache<unknown>>();
/**
 * Called on every invalidation with its name and key, or with neither after a lost listener reconnected (the page
 * micro-cache drops every page, or only the pages named by an invalidatePages(paths)).
 */
type InvalidationListener = (name?: string, key?: string) => void;
const listeners = new Set<InvalidationListener>();
/** A name no data cache uses: invalidating it only tells the listeners that shown content changed. */
export const PAGES = "pages";

subscribe(CHANNEL, {
  onMessage: (payload) => {
    try {
      const { name, key } = JSON.parse(payload) as { name: string; key?: string };
      apply(name, key);
    } catch {
      // not ours: ignore
    }
  },
  onResync: () => {
    for (const cache of caches.values()) cache.clear();
    notifyListeners();
  },
});

/** Registers `cache` under `name` so that invalidate(name) reaches it in every process. */
export function sharedCache<T>(name: string, cache: TtlCache<T>): TtlCache<T> {
  caches.set(name, cache as TtlCache<unknown>);
  return cache;
}

/** Drops `key` (or everything) from the named cache here and, through the database, everywhere else. */
export async function invalidate(name: string, key?: string): Promise<void> {
  apply(name, key);
  try {
    await publish(CHANNEL, JSON.stringify({ name, key }));
  } catch (err) {
    // Other processes still catch up within the cache's TTL.
    logger.warn({ err, name }, "could not announce a cache invalidation");
    return;
  }
  // Every web worker of this instance has applied it before the writer answers: the next page, whichever
  // worker serves it, is not one from before the write (other instances follow their NOTIFY, moments later).
  await syncWebWorkers("notifications");
}

/** Calls `listener` in this process after every invalidation (local or announced); returns the unsubscribe. */
export function onAnyInvalidation(listener: InvalidationListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * For writes that no data cache holds but pages show (comments, a test hook inserting rows): tells every
 * process's listeners, so no page rendered before the write is served after it. With `paths` (e.g. one video's
 * page for a new comment), only the pages at those paths are dropped; without, every page.
 */
export function invalidatePages(paths?: readonly string[]): Promise<void> {
  return invalidate(PAGES, paths?.length ? JSON.stringify(paths) : undefined);
}

/** The paths an invalidatePages(paths) named (its key); none for a key that is not such a list. */
export function pagePaths(key: string): string[] {
  try {
    const paths = JSON.parse(key) as unknown;
    return Array.isArray(paths) ? paths.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/** Clears every shared cache everywhere (after reseeding, for instance). */
export async function invalidateAll(): Promise<void> {
  await Promise.all([...caches.keys()].map((name) => invalidate(name)));
}

function apply(name: string, key: string | undefined): void {
  notifyListeners(name, key); // even for a name this process holds no cache of: the data changed all the same
  const cache = caches.get(name);
  if (!cache) return;
  if (key === undefined) cache.clear();
  else cache.delete(key);
}

function notifyListeners(name?: string, key?: string): void {
  for (const listener of listeners) {
    try {
      listener(name, key);
    } catch (err) {
      logger.warn({ err }, "a cache invalidation listener failed");
    }
  }
}
