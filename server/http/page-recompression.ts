import { logger } from "../logger";
import { bestBrotli, type PageSnapshot } from "./page-snapshot";

/**
 * Kept pages recompressed at brotli's best quality after they are stored (docs/benchmarks.md "Issue 35: kept
 * pages at brotli's best quality"). A render answers at quality 5, fast; the hits after it send the best encoding
 * once it is ready, 8-9 % fewer bytes, which brings most documents inside the first round trip. A page rendered
 * the same again keeps it (page-snapshot.ts `snapshotPage`), so a page that does not change is recompressed once.
 *
 * Limits: one page at a time per worker, on libuv's thread pool (never on the event loop); after a page that took
 * t of wall time, the next waits 9 t, so recompression takes at most a tenth of one core, however often pages
 * change. What waits is keys, not pages (memory stays the store's), at most `maxWaiting`, the oldest dropped
 * first; at its turn a key's page is whatever the store keeps under it then, and a key it no longer keeps is
 * skipped.
 */

/** The share of one core recompression may take. */
export const RECOMPRESSION_SHARE = 0.1;

export interface RecompressionTarget {
  /** The page kept under `key` now, if any. */
  peek(key: string): PageSnapshot | undefined;
  /** Swaps in `br` for `page` when `page` is still the one kept under `key`; whether it was. */
  improve(key: string, page: PageSnapshot, br: Buffer): boolean;
}

export interface RecompressorOptions {
  share?: number;
  /** Keys waiting at most (the store's entry bound is a natural one). */
  maxWaiting?: number;
  compress?: (identity: Buffer) => Promise<Buffer>;
  now?: () => number;
  pause?: (ms: number) => Promise<void>;
}

export class Recompressor {
  private readonly waiting = new Set<string>();
  private readonly maxWaiting: number;
  private running: Promise<void> | null = null;
  private readonly share: number;
  private readonly compress: (identity: Buffer) => Promise<Buffer>;
  private readonly now: () => number;
  private readonly pause: (ms: number) => Promise<void>;

  constructor(
    private readonly target: RecompressionTarget,
    options: RecompressorOptions = {},
  ) {
    this.share = options.share ?? RECOMPRESSION_SHARE;
    this.maxWaiting = options.maxWaiting ?? 1000;
    this.compress = options.compress ?? bestBrotli;
    this.now = options.now ?? performance.now.bind(performance);
    this.pause = options.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  /** Queues the page just stored under `key` for the best encoding. */
  offer(key: string): void {
    this.waiting.delete(key); // to the back: the most recently stored last
    this.waiting.add(key);
    if (this.waiting.size > this.maxWaiting) this.waiting.delete(this.waiting.values().next().value as string);
    if (!this.running) this.run();
  }

  /** Resolves once nothing waits and nothing runs (tests use it to see the store settled). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private run(): void {
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.waiting.size > 0) this.run(); // offered after the drain's last look
    });
  }

  private async drain(): Promise<void> {
    for (let key = this.take(); key !== undefined; key = this.take()) {
      const page = this.target.peek(key);
      if (!page) continue;
      const started = this.now();
      try {
        const br = await this.compress(page.identity);
        if (br.length < page.br.length) this.target.improve(key, page, br);
      } catch (err) {
        logger.warn({ err, key }, "page cache: could not recompress a page");
      }
      const spent = this.now() - started;
      await this.pause((spent * (1 - this.share)) / this.share);
    }
  }

  private take(): string | undefined {
    const first = this.waiting.values().next();
    if (first.done) return undefined;
    this.waiting.delete(first.value);
    return first.value;
  }
}
