import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy";
import { useTestDatabase } from "../../tests/support/test-db";
import { databaseAddress, waitForDatabase } from "./wait-for-database";

const { handle } = useTestDatabase();
let proxy: TcpProxy;

beforeAll(async () => {
  const url = new URL(handle().url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
});
afterAll(async () => proxy?.close());

/** A pino logger whose lines land in `lines`, as the processes' logger writes them. */
function capturingLogger() {
  const lines: { level: number; msg: string; database?: string; reason?: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: "info" }, sink), lines };
}

describe("waitForDatabase", () => {
  it("answers at once, silently, when the database is there", async () => {
    const { log, lines } = capturingLogger();
    expect(await waitForDatabase(proxy.via(handle().url), { log, purpose: "run jobs" })).toBe(true);
    expect(lines).toEqual([]);
  });

  it("while the database is away: one line saying what it waits for (address, never the password), then one when it answers", async () => {
    const { log, lines } = capturingLogger();
    await proxy.refuse();
    const url = proxy.via(handle().url);
    const waited = waitForDatabase(url, { log, purpose: "run jobs" });
    await new Promise((r) => setTimeout(r, 1_500));
    await proxy.pass();
    expect(await waited).toBe(true);
    expect(lines.map((l) => l.msg)).toEqual(["waiting for the database before it can run jobs", "database reachable: run jobs"]);
    expect(lines[0]?.database).toBe(databaseAddress(url));
    expect(JSON.stringify(lines)).not.toContain(new URL(url).password);
  });

  it("gives up when told to stop", async () => {
    const { log } = capturingLogger();
    await proxy.refuse();
    const stopping = new AbortController();
    const waited = waitForDatabase(proxy.via(handle().url), { log, purpose: "run jobs", signal: stopping.signal });
    setTimeout(() => stopping.abort(), 500);
    expect(await waited).toBe(false);
    await proxy.pass();
  });
});
