/**
 * A small in-process cache: entries expire after a TTL, concurrent callers of one key share a single load,
 * failures are never cached, and the oldest-used entry is evicted past `maxEntries`. Per process: other
 * instances catch up within the TTL, so use it only where that staleness is acceptable.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries?: number;
      /** A shorter lifetime for some results (e.g. "not found"), so misses are retried sooner. */
      ttlFor?: (value: T) => number | undefined;
    },
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.entries.delete(key); // re-insert: Map order is our recency order
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: load(), expires: now + this.options.ttlMs };
    this.entries.set(key, entry);
    const max = this.options.maxEntries ?? 1000;
    if (this.entries.size > max) this.entries.delete(this.entries.keys().next().value as string);
    try {
      const value = await entry.value;
      const ttl = this.options.ttlFor?.(value);
      if (ttl !== undefined) entry.expires = Math.min(entry.expires, Date.now() + ttl);
      return value;
    } catch (err) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw err;
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
