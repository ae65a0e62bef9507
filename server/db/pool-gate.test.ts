import net from "node:net";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { databaseAvailable, isDatabaseUnavailableError, markDatabaseAvailable } from "./availability";
import { connect } from "./connection";
import { ConnectionGate, DatabaseBusyError, isDatabaseBusyError } from "./pool-gate";

/**
 * Overload is not an outage: a pool with every connection in use refuses the excess checkouts
 * (DatabaseBusyError: 503 for that request) and never marks the database down; a failed connect still does.
 */

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe("ConnectionGate", () => {
  it("grants free slots at once, queues up to maxWaiting, refuses the rest at once, hands slots over in order", async () => {
    const gate = new ConnectionGate({ slots: 2, maxWaiting: 2, maxWaitMs: 60_000 });
    await gate.acquire();
    await gate.acquire();
    const order: string[] = [];
    const first = gate.acquire().then(() => order.push("first"));
    const second = gate.acquire().then(() => order.push("second"));
    expect(gate.usage).toEqual({ held: 2, waiting: 2 });
    const refused = await settle(gate.acquire());
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.error).toBeInstanceOf(DatabaseBusyError);
    gate.release();
    gate.release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
    expect(gate.usage).toEqual({ held: 2, waiting: 0 });
    gate.release();
    gate.release();
    expect(gate.usage).toEqual({ held: 0, waiting: 0 });
  });

  it("a waiter that runs out of time is refused and leaves its place; the slot goes to nobody stale", async () => {
    const gate = new ConnectionGate({ slots: 1, maxWaiting: 5, maxWaitMs: 20 });
    await gate.acquire();
    const waited = await settle(gate.acquire());
    expect(waited.ok ? null : waited.error).toBeInstanceOf(DatabaseBusyError);
    expect(gate.usage).toEqual({ held: 1, waiting: 0 });
    gate.release();
    expect(gate.usage).toEqual({ held: 0, waiting: 0 });
    await gate.acquire(); // the slot is really free again
    expect(gate.usage).toEqual({ held: 1, waiting: 0 });
  });
});

describe("busy versus unavailable", () => {
  it.each([
    ["the gate's refusal (queue full)", new DatabaseBusyError("queue full")],
    ["the gate's refusal (wait timed out)", new DatabaseBusyError("wait timed out")],
    ["pg-pool's own queue time-out", new Error("timeout exceeded when trying to connect")],
    [
      "a statement stopped by statement_timeout",
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
    ],
  ])("%s is busy, not an outage", (_label, err) => {
    expect(isDatabaseBusyError(err)).toBe(true);
    expect(isDatabaseUnavailableError(err)).toBe(false);
  });

  it.each([
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })],
    ["a connect time-out", new Error("Connection terminated due to connection timeout")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["a syntax error", Object.assign(new Error("syntax error"), { code: "42601" })],
    ["a non-error", "timeout exceeded when trying to connect"],
  ])("%s is not busy", (_label, err) => {
    expect(isDatabaseBusyError(err)).toBe(false);
  });
});

describe("a gated pool on real PostgreSQL", () => {
  const { handle } = useTestDatabase();
  afterEach(() => markDatabaseAvailable());

  it("with every connection held by pg_sleep: the excess is refused as busy, the database stays available, and it serves at once afterwards", async () => {
    const pool = connect(handle().url, 2, { maxWaiting: 1, maxWaitMs: 200 });
    try {
      let holdsDone = false;
      const holds = Promise.all([1, 2].map(() => sql`SELECT pg_sleep(1.5)`.execute(pool.db))).then(() => {
        holdsDone = true;
      });
      // Both connections are checked out once the gate says so.
      while (pool.poolUsage?.().held !== 2) await new Promise((r) => setTimeout(r, 10));

      // One waits (and runs out of time), the next finds the queue full: both refused while the holds still run.
      const waiting = settle(sql`SELECT 1`.execute(pool.db));
      const refusedAtOnce = await settle(sql`SELECT 1`.execute(pool.db));
      const waited = await waiting;
      for (const outcome of [refusedAtOnce, waited]) {
        expect(outcome.ok).toBe(false);
        expect(isDatabaseBusyError(outcome.ok ? null : outcome.error)).toBe(true);
      }
      // Also through pool.query (the rate limiter's and the probe's way in).
      const viaQuery = await settle(pool.pool.query("SELECT 1"));
      expect(isDatabaseBusyError(viaQuery.ok ? null : viaQuery.error)).toBe(true);
      expect(holdsDone).toBe(false);
      expect(databaseAvailable()).toBe(true);

      await holds;
      // No probe to wait for: the very next query runs.
      const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(pool.db);
      expect(after.rows[0]?.one).toBe(1);
      expect(pool.poolUsage?.()).toEqual({ held: 0, waiting: 0 });
      expect(databaseAvailable()).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it("a statement held up by a lock past the statement time-out is stopped by the server: busy, not down, and the connection is free again", async () => {
    const pool = connect(handle().url, 1, { maxWaiting: 1, maxWaitMs: 5_000 }, 300);
    const locker = connect(handle().url, 1);
    try {
      const table = `slow_${Date.now()}`;
      await sql`CREATE TABLE ${sql.table(table)} (id int)`.execute(locker.db);
      const client = await locker.pool.connect();
      try {
        await client.query("BEGIN");
        await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
        const started = Date.now();
        const blocked = await settle(sql`SELECT count(*) FROM ${sql.table(table)}`.execute(pool.db));
        const tookMs = Date.now() - started;
        expect(blocked.ok).toBe(false);
        expect((blocked.ok ? null : (blocked.error as { code?: string }))?.code).toBe("57014");
        expect(isDatabaseBusyError(blocked.ok ? null : blocked.error)).toBe(true);
        expect(isDatabaseUnavailableError(blocked.ok ? null : blocked.error)).toBe(false);
        expect(tookMs).toBeGreaterThanOrEqual(250); // the server waited its 300 ms, not the client 5 s
        expect(databaseAvailable()).toBe(true);
        expect(pool.poolUsage?.()).toEqual({ held: 0, waiting: 0 });
        // The one connection serves the next statement that needs no lock.
        expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(pool.db)).rows[0]?.one).toBe(1);
      } finally {
        await client.query("ROLLBACK");
        client.release();
      }
      await sql`DROP TABLE ${sql.table(table)}`.execute(locker.db);
    } finally {
      await pool.close();
      await locker.close();
    }
  });

  it("a waiter gets the connection a finished query gives back", async () => {
    const pool = connect(handle().url, 1, { maxWaiting: 1, maxWaitMs: 30_000 });
    try {
      const hold = sql`SELECT pg_sleep(0.3)`.execute(pool.db);
      while (pool.poolUsage?.().held !== 1) await new Promise((r) => setTimeout(r, 10));
      const next = await sql<{ one: number }>`SELECT 1 AS one`.execute(pool.db);
      await hold;
      expect(next.rows[0]?.one).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it("a server that refuses connections is still an outage", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const pool = connect(`postgres://x:y@127.0.0.1:${port}/x`, 2, { maxWaiting: 1, maxWaitMs: 200 });
    try {
      const outcome = await settle(sql`SELECT 1`.execute(pool.db));
      expect(outcome.ok).toBe(false);
      expect(isDatabaseUnavailableError(outcome.ok ? null : outcome.error)).toBe(true);
      expect(databaseAvailable()).toBe(false);
      expect(pool.poolUsage?.()).toEqual({ held: 0, waiting: 0 }); // the failed checkout gave its slot back
    } finally {
      await pool.close();
    }
  });
});
