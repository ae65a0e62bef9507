import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy";
import { useTestDatabase } from "../../tests/support/test-db";
import { connect } from "../db/connection";
import { startListening, subscribe } from "./notifications";

// Issue 31: the listener's reconnects doubled while the database was away (8,946 connections after a 20 s
// cut). Here the link to the database goes through the tests' own proxy, cut, stalled and restored.
const { handle } = useTestDatabase();
let proxy: TcpProxy;
let stop: (() => Promise<void>) | undefined;
const fast = { connectTimeoutMs: 1_000, heartbeatIntervalMs: 300, heartbeatTimeoutMs: 500 };

beforeAll(async () => {
  const url = new URL(handle().url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
});
afterEach(async () => {
  await stop?.();
  stop = undefined;
  await proxy.pass();
});
afterAll(async () => proxy?.close());

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

/** Publishes from a connection of the test's own (not through the proxy) until `got` has it. */
async function delivered(channel: string, got: string[], timeoutMs = 5_000): Promise<void> {
  const other = connect(handle().url, 1);
  try {
    const payload = `m${Math.random()}`;
    await other.pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    await until(() => got.includes(payload), timeoutMs, `notification on ${channel}`);
  } finally {
    await other.close();
  }
}

describe("the notification listener through an outage", () => {
  it("a cut of 3 s: one connection afterwards (not one per retry), resynchronised, delivering again", async () => {
    const got: string[] = [];
    let resyncs = 0;
    subscribe("outage_channel", { onMessage: (p) => got.push(p), onResync: () => resyncs++ });
    stop = await startListening(proxy.via(handle().url), fast);
    await delivered("outage_channel", got);
    expect(proxy.connections()).toBe(1);

    await proxy.refuse();
    await new Promise((r) => setTimeout(r, 3_000));
    await proxy.pass();
    // Backoff caps at 5 s: back within one capped retry.
    await until(() => resyncs > 0, 6_000, "resync after the cut");
    await delivered("outage_channel", got);
    await new Promise((r) => setTimeout(r, 1_000)); // any extra loop would have connected by now
    expect(proxy.connections()).toBe(1);
  });

  it("starts while the database is away, listens once it answers", async () => {
    const got: string[] = [];
    let resyncs = 0;
    subscribe("late_start_channel", { onMessage: (p) => got.push(p), onResync: () => resyncs++ });
    await proxy.refuse();
    const started = startListening(proxy.via(handle().url), fast);
    stop = await started; // resolves after the first (failed) attempt, so a worker can serve its 503s
    await new Promise((r) => setTimeout(r, 1_500));
    await proxy.pass();
    // Published before it listens, a message is lost; the resync says it listens (and to re-read instead).
    await until(() => resyncs > 0, 6_000, "listening after the late start");
    await delivered("late_start_channel", got);
    expect(proxy.connections()).toBe(1);
  });

  it("a link that stalls (no reset, no answer): the heartbeat notices, and the listener reconnects once it flows", async () => {
    const got: string[] = [];
    let resyncs = 0;
    subscribe("stall_channel", { onMessage: (p) => got.push(p), onResync: () => resyncs++ });
    stop = await startListening(proxy.via(handle().url), fast);
    await delivered("stall_channel", got);

    proxy.stall();
    await new Promise((r) => setTimeout(r, 2_500));
    await proxy.pass();
    await until(() => resyncs > 0, 8_000, "resync after the stall");
    await delivered("stall_channel", got);
    await until(() => proxy.connections() === 1, 3_000, "the stalled connection closed");
  });
});
