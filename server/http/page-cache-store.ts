import { env } from "../env";
import { onAnyInvalidation, PAGES, pagePaths } from "../realtime/shared-caches";
import { watchAdConfiguration } from "../services/ad-units-feed";
import { Recompressor, type RecompressorOptions } from "./page-recompression";
import type { PageSnapshot, SnapshotEncoding } from "./page-snapshot";

/**
 * The page micro-cache's store (docs/decisions/0013-page-cache.md, docs/architecture.md "Request path"): a worker
 * that rendered an anonymous page keeps its HTML for PAGE_CACHE_TTL_MS (2 s) and answers the same request again
 * without React Router, react-dom or the database. Under load most page views are repeats within seconds, so the
 * render cost is paid about once per page, address and TTL. What a page is kept under: page-cache-key.ts; how it
 * is kept from a render: page-cache-handler.ts; how a hit is sent: page-cache-replay.ts. The page is kept
 * compressed once, as brotli and gzip (page-snapshot.ts), and a hit sends the encoding its Accept-Encoding
 * prefers as it is.
 *
 * Freshness: every shared-cache invalidation (console and service writes: categories, blog posts, video
 * lists; announced over LISTEN/NOTIFY and applied in every web worker before the writer answers) and every ad
 * unit change (the pre-roll included) clears the whole store in every worker; a comment added, deleted or
 * moderated clears only its video's page (invalidatePages(paths): under many comments the other pages stay
 * cached). A render that began before a clear is not stored after it.
 *
 * Stale while revalidating: a page past its TTL stays in the store for PAGE_CACHE_STALE_MS more. The first request
 * for it renders the replacement as before (it sees the page as it is now); requests for it that arrive while that
 * render runs get the expired copy at once (`X-Page-Cache: stale`) instead of waiting for the render. A page is
 * therefore never older than TTL plus one render when there is a render in flight, and never served past TTL plus
 * the stale bound (a render that hangs: then requests wait for it, as without this). Invalidations remove pages,
 * expired ones included: nothing cleared is ever served stale.
 *
 * Best compression: a stored page is recompressed at brotli's best quality in the background (page-recompression.ts,
 * within a tenth of one core), and a render that comes out the same as the page it replaces (however long expired)
 * keeps that encoding instead of compressing again.
 */

/** The header of every answer that passed the cache: `hit`, `miss` or `bypass`. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

export interface PageCacheOptions {
  ttlMs: number;
  /** How long past its TTL a page may still answer requests that arrive while its replacement renders. */
  staleMs?: number;
  /** Pages kept per worker. */
  maxEntries?: number;
  /** Bytes of HTML kept per worker. */
  maxBytes?: number;
  /** Larger pages are not kept. */
  maxBodyBytes?: number;
  now?: () => number;
  /** How kept pages are recompressed at brotli's best quality (page-recompression.ts); tests pass their own. */
  recompression?: RecompressorOptions;
}

/** Headers as `[name, value, name, value, …]`, as `writeHead` takes them. */
export type StoredHeaderList = (string | string[])[];

export interface StoredPage {
  page: PageSnapshot;
  /**
   * What a hit sends after the headers every response carries (headers.ts), per encoding, as a flat
   * `[name, value, …]` list in the order sent: X-Page-Cache, the render's own headers (without the
   * per-response ones; Cache-Control as personalPages settles it for a visitor, Vary naming Accept-Encoding),
   * Content-Encoding and Content-Length. Decided once, when the page is stored, instead of per answer
   * (page-cache-replay.ts hitHeaders).
   */
  answer: Record<SnapshotEncoding, StoredHeaderList>;
  /** The Content-Security-Policy of every answer: the page's inline scripts by hash, no nonce. */
  csp: string;
  /** The pattern of the route that rendered it (`/video/:videoId`): a hit's metrics label, without matching again. */
  route: string;
  bytes: number;
  expires: number;
}

/** Pages by key, oldest-used first (Map order), bounded in entries and bytes. */
export class PageStore {
  private readonly entries = new Map<string, StoredPage>();
  /** Renders in flight by key, in this process (coalesced: one per key; page-cache-handler.ts). */
  private readonly renders = new Map<string, Promise<void>>();
  private totalBytes = 0;
  /** Bumped by clear(): a render that started under an older generation is not stored. */
  private gen = 0;

  /** Gives kept pages brotli's best quality in the background (page-recompression.ts). */
  private readonly recompressor: Recompressor;

  constructor(
    private readonly options: Required<Omit<PageCacheOptions, "recompression">>,
    recompression?: RecompressorOptions,
  ) {
    this.recompressor = new Recompressor(this, { maxWaiting: options.maxEntries, ...recompression });
  }

  get maxBodyBytes(): number {
    return this.options.maxBodyBytes;
  }

  now(): number {
    return this.options.now();
  }

  /** Snapshots being made (compressed off the event loop) for pages that finished rendering. */
  private readonly pending = new Set<Promise<void>>();

  /** Counts `snapshot` as pending until it settles. */
  track(snapshot: Promise<void>): Promise<void> {
    this.pending.add(snapshot);
    void snapshot.finally(() => this.pending.delete(snapshot));
    return snapshot;
  }

  /** Resolves once every pending snapshot is stored or dropped (tests use it to see a settled store). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  /** Resolves once every kept page offered for recompression has it, or was replaced or dropped. */
  recompressed(): Promise<void> {
    return this.recompressor.idle();
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** The page under `key` while fresh (within its TTL). */
  get(key: string): StoredPage | undefined {
    const found = this.lookup(key);
    return found?.fresh ? found.page : undefined;
  }

  /**
   * What a request for `key` may be answered with now, and as what: the page while fresh (`hit`), or past its TTL
   * while its replacement renders (`stale`; see "Stale while revalidating" above). Undefined: the request renders
   * (or waits for the render in flight). The one rule for both paths, early-hits.ts and page-cache-handler.ts.
   */
  answer(key: string): { page: StoredPage; state: "hit" | "stale" } | undefined {
    const found = this.lookup(key);
    if (found?.fresh) return { page: found.page, state: "hit" };
    if (found && this.renders.has(key)) return { page: found.page, state: "stale" };
    return undefined;
  }

  /**
   * The snapshot kept under `key`, fresh or not, as it is (no use recorded): a render compares itself with it
   * (page-snapshot.ts `snapshotPage`).
   */
  peek(key: string): PageSnapshot | undefined {
    return this.entries.get(key)?.page;
  }

  /** `br` in place of the brotli of `page` when `page` is still kept under `key` (page-recompression.ts). */
  improve(key: string, page: PageSnapshot, br: Buffer): boolean {
    const kept = this.entries.get(key);
    if (kept?.page !== page) return false;
    const better = { ...page, br };
    const answer = kept.answer.br.slice();
    answer[answer.lastIndexOf("Content-Length") + 1] = String(br.length);
    const bytes = kept.bytes - page.br.length + br.length;
    this.entries.set(key, { ...kept, page: better, answer: { ...kept.answer, br: answer }, bytes });
    this.totalBytes += bytes - kept.bytes;
    return true;
  }

  /**
   * The page under `key`, fresh or within the stale bound (not fresh). A page past both is never sent again, but it
   * stays until its replacement is stored or the bounds evict it: the render that replaces it compares itself with
   * it (`peek`), and a page that came out the same keeps its encodings, brotli's best among them.
   */
  private lookup(key: string): { page: StoredPage; fresh: boolean } | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    const now = this.options.now();
    if (page.expires + this.options.staleMs <= now) return undefined;
    this.entries.delete(key);
    this.entries.set(key, page); // re-inserted: most recently used
    return { page, fresh: page.expires > now };
  }

  /** The render in flight that will replace the page under `key`, if any. */
  renderOf(key: string): Promise<void> | undefined {
    return this.renders.get(key);
  }

  /** Records `render` as the one in flight for `key` until it settles (stored or not). */
  rendering(key: string, render: Promise<void>): void {
    this.renders.set(key, render);
    void render.then(() => this.renders.get(key) === render && this.renders.delete(key));
  }

  /** `renderedAt`: when the render finished; the TTL counts from then, not from when its snapshot was ready. */
  set(key: string, page: Omit<StoredPage, "expires">, generation: number, renderedAt = this.options.now()): boolean {
    if (generation !== this.gen || page.bytes > this.options.maxBodyBytes) return false;
    const previous = this.peek(key);
    this.remove(key);
    this.entries.set(key, { ...page, expires: renderedAt + this.options.ttlMs });
    this.totalBytes += page.bytes;
    if (page.page !== previous) this.recompressor.offer(key);
    while (this.entries.size > this.options.maxEntries || this.totalBytes > this.options.maxBytes) {
      this.remove(this.entries.keys().next().value as string);
    }
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
    this.gen++;
  }

  /**
   * Drops the pages at these paths (every query, encoding and visitor variant of each); a render in flight,
   * whatever its page, is not stored (one generation for all: simpler than one per path, and as safe).
   */
  clearPaths(paths: readonly string[]): void {
    const wanted = new Set(paths);
    for (const key of [...this.entries.keys()]) {
      const url = (JSON.parse(key) as unknown[])[3]; // the request target (page-cache-key.ts pageKey)
      if (typeof url === "string" && wanted.has(url.split("?")[0] as string)) this.remove(key);
    }
    this.gen++;
  }

  private remove(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.totalBytes -= page.bytes;
  }
}

export function createPageStore(options: PageCacheOptions): PageStore {
  return new PageStore(
    {
      ttlMs: options.ttlMs,
      staleMs: options.staleMs ?? 0,
      maxEntries: options.maxEntries ?? 1000,
      maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
      maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
      now: options.now ?? Date.now,
    },
    options.recompression,
  );
}

/**
 * This process's page store, cleared by every invalidation and ad unit change; null when the cache is off
 * (PAGE_CACHE_TTL_MS=0). One per process: the middleware and the early hits share it.
 */
export function processPageStore(
  options: PageCacheOptions = { ttlMs: env().PAGE_CACHE_TTL_MS, staleMs: env().PAGE_CACHE_STALE_MS },
): PageStore | null {
  if (options.ttlMs <= 0) return null;
  const store = createPageStore(options);
  onAnyInvalidation((name, key) => (name === PAGES && key ? store.clearPaths(pagePaths(key)) : store.clear()));
  watchAdConfiguration(() => store.clear());
  return store;
}
