import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { TtlCache } from "../cache";
import { connect } from "../db/connection";
import { startListening, subscribe } from "./notifications";
import { invalidate, sharedCache } from "./shared-caches";

const { handle } = useTestDatabase();
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  stop = await startListening(handle().url);
});
afterAll(async () => stop?.());

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What another process does: a NOTIFY through its own connection. */
async function notifyFromElsewhere(channel: string, payload: string): Promise<void> {
  const other = connect(handle().url, 1);
  await other.pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
  await other.close();
}

describe("notifications over LISTEN/NOTIFY", () => {
  it("delivers messages from other connections, also on channels subscribed after the listener started", async () => {
    const got: string[] = [];
    subscribe("late_channel", { onMessage: (p) => got.push(p) });
    await new Promise((r) => setTimeout(r, 100)); // the LISTEN is sent asynchronously
    await notifyFromElsewhere("late_channel", "hello");
    await until(() => got.includes("hello"));
  });

  it("reconnects after its connection is killed and asks subscribers to resynchronise", async () => {
    let resyncs = 0;
    const got: string[] = [];
    subscribe("resync_channel", { onMessage: (p) => got.push(p), onResync: () => resyncs++ });
    await new Promise((r) => setTimeout(r, 100));
    await handle().pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
    );
    await until(() => resyncs > 0);
    await notifyFromElsewhere("resync_channel", "after");
    await until(() => got.includes("after"));
  });
});

describe("shared caches", () => {
  it("an invalidation announced by another process drops the entry here; other keys stay", async () => {
    const cache = sharedCache("test-cache", new TtlCache<string>({ ttlMs: 60_000 }));
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await notifyFromElsewhere("cache_invalidation", JSON.stringify({ name: "test-cache", key: "a" }));
    await until(() => cache.size === 1);
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    expect(await cache.get("b", async () => "b2")).toBe("b1");
  });

  it("invalidate() applies here at once and reaches other processes", async () => {
    const cache = sharedCache("test-cache-2", new TtlCache<string>({ ttlMs: 60_000 }));
    await cache.get("k", async () => "v1");
    const seen: string[] = [];
    subscribe("cache_invalidation", { onMessage: (p) => seen.push(p) });
    await new Promise((r) => setTimeout(r, 100));
    const done = invalidate("test-cache-2", "k");
    expect(cache.size).toBe(0);
    await done;
    await until(() => seen.some((p) => p.includes("test-cache-2")));
  });
});
