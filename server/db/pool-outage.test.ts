import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy";
import { useTestDatabase } from "../../tests/support/test-db";
import { isDatabaseUnavailableError } from "./availability";
import { connect, type DatabaseHandle } from "./connection";

// Issue 31: a serving process's pool through a link that is cut, stalled or slowed (the tests' own proxy).
// What must hold: a failure is quick and says "unavailable" (the request answers 503), broken connections are
// dropped, and afterwards the pool holds no more connections than before. Queries go through Kysely, as the
// app's do (pg-pool's own pool.query drops a connection after any failed query).
const { handle } = useTestDatabase();
let proxy: TcpProxy;
let pool: DatabaseHandle;
const STATEMENT_TIMEOUT_MS = 500;
const SIZE = 4;

beforeAll(async () => {
  const url = new URL(handle().url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
});
afterEach(async () => {
  await pool?.close();
  await proxy.pass();
});
afterAll(async () => proxy?.close());

/** A pool like a web worker's, with every connection open. */
async function warmPool(): Promise<DatabaseHandle> {
  const p = connect(proxy.via(handle().url), SIZE, { maxWaiting: 100, maxWaitMs: 2_000 }, STATEMENT_TIMEOUT_MS);
  await Promise.all(Array.from({ length: SIZE }, () => sql`SELECT pg_sleep(0.05)`.execute(p.db)));
  expect(p.pool.totalCount).toBe(SIZE);
  return p;
}

async function timed<T>(work: Promise<T>): Promise<{ ms: number; error?: unknown }> {
  const t0 = Date.now();
  try {
    await work;
    return { ms: Date.now() - t0 };
  } catch (error) {
    return { ms: Date.now() - t0, error };
  }
}

describe("a serving pool through database faults", () => {
  it("a stalled link: a query gives up at statement_timeout + 1 s as unavailable, the stuck connection is dropped, and the pool recovers", async () => {
    pool = await warmPool();
    proxy.stall();
    const stalled = await timed(sql`SELECT 1`.execute(pool.db));
    expect(isDatabaseUnavailableError(stalled.error), String(stalled.error)).toBe(true);
    expect(stalled.ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS);
    expect(stalled.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 3_000);
    // The connection that never answered is not lent again.
    expect(pool.pool.totalCount).toBe(SIZE - 1);
    await proxy.pass();
    const after = await timed(sql`SELECT 1`.execute(pool.db));
    expect(after.error).toBeUndefined();
    expect(pool.pool.totalCount).toBeLessThanOrEqual(SIZE);
    expect(proxy.connections()).toBeLessThanOrEqual(SIZE);
  });

  it("a slow statement is still 'busy' (the server's statement_timeout), not a dropped connection", async () => {
    pool = await warmPool();
    const slow = await timed(sql`SELECT pg_sleep(5)`.execute(pool.db));
    expect((slow.error as { code?: string }).code).toBe("57014");
    expect(isDatabaseUnavailableError(slow.error)).toBe(false);
    expect(pool.pool.totalCount).toBe(SIZE);
  });

  it("a cut link: queries fail at once as unavailable; once it is back they succeed, on no more connections than before", async () => {
    pool = await warmPool();
    await proxy.refuse();
    await new Promise((r) => setTimeout(r, 100)); // the resets reach the idle clients, which the pool drops
    const during = await Promise.all(Array.from({ length: 10 }, () => timed(sql`SELECT 1`.execute(pool.db))));
    for (const d of during) {
      expect(isDatabaseUnavailableError(d.error), String(d.error)).toBe(true);
      expect(d.ms).toBeLessThan(1_000);
    }
    await new Promise((r) => setTimeout(r, 2_000));
    await proxy.pass();
    const after = await Promise.all(Array.from({ length: 10 }, () => timed(sql`SELECT 1`.execute(pool.db))));
    expect(after.map((a) => a.error)).toEqual(after.map(() => undefined));
    expect(pool.pool.totalCount).toBeLessThanOrEqual(SIZE);
    expect(proxy.connections()).toBeLessThanOrEqual(SIZE);
  });

  it("a slow link (+100 ms each way): queries answer, a round trip later", async () => {
    pool = await warmPool();
    proxy.slow(100);
    const slowed = await timed(sql`SELECT 1`.execute(pool.db));
    expect(slowed.error).toBeUndefined();
    expect(slowed.ms).toBeGreaterThanOrEqual(200);
  });
});
