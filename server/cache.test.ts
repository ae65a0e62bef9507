import { afterEach, describe, expect, it, vi } from "vitest";
import { TtlCache } from "./cache";

afterEach(() => vi.useRealTimers());

describe("TtlCache", () => {
  it("serves a fresh entry without loading again, and reloads after the TTL", async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>({ ttlMs: 1000 });
    const load = vi.fn(async () => 42);
    expect(await cache.get("k", load)).toBe(42);
    expect(await cache.get("k", load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one load between concurrent callers", async () => {
    const cache = new TtlCache<string>({ ttlMs: 1000 });
    let calls = 0;
    const load = () => new Promise<string>((r) => setTimeout(() => r(`v${++calls}`), 10));
    expect(await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)])).toEqual(["v1", "v1", "v1"]);
  });

  it("never caches failures", async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000 });
    await expect(cache.get("k", async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => 7)).toBe(7);
  });

  it("gives some values a shorter life and evicts the least recently used past the bound", async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number | undefined>({ ttlMs: 10_000, maxEntries: 2, ttlFor: (v) => (v === undefined ? 100 : undefined) });
    const miss = vi.fn(async () => undefined);
    await cache.get("miss", miss);
    vi.advanceTimersByTime(101);
    await cache.get("miss", miss);
    expect(miss).toHaveBeenCalledTimes(2);

    await cache.get("a", async () => 1);
    await cache.get("b", async () => 2);
    await cache.get("a", async () => 99); // touch a: b is now the oldest
    await cache.get("c", async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => 99)).toBe(1);
    expect(await cache.get("b", async () => 22)).toBe(22);
  });
});
