import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy";
import { useTestDatabase } from "../../tests/support/test-db";
import { ensureQueueSchema } from "../db/queue";
import { logger } from "../logger";
import { localMediaStorage } from "../media/storage";
import { isJobRunnerAlive } from "./runner";
import { superviseJobRunner } from "./supervised-runner";

// Issue 31: the worker exited when the database went away, and came back only if a supervisor restarted it.
// Now the process keeps its runner going: a new one starts once the database answers again.
const { handle } = useTestDatabase();
let proxy: TcpProxy;
const media = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-supervised-"));

beforeAll(async () => {
  await ensureQueueSchema(handle().pool);
  const url = new URL(handle().url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
});
afterAll(async () => {
  await proxy?.close();
  fs.rmSync(media, { recursive: true, force: true });
});

describe("a supervised job runner", () => {
  it("outlives a database cut: a new runner holds a liveness lock once it is back, on as many connections as before", async () => {
    const supervised = superviseJobRunner({
      databaseUrl: proxy.via(handle().url),
      storage: localMediaStorage(media),
      log: logger,
      pollIntervalMs: 200,
    });
    try {
      const first = await supervised.started();
      expect(await isJobRunnerAlive(handle().pool)).toBe(true);
      const connectionsBefore = proxy.connections();

      await proxy.refuse();
      await new Promise((r) => setTimeout(r, 1_000));
      // Its liveness connection is gone with the cut, so is its lock: no live runner while the database is away.
      expect(supervised.current()).toBeUndefined();
      expect(await isJobRunnerAlive(handle().pool)).toBe(false);
      await new Promise((r) => setTimeout(r, 2_000));
      await proxy.pass();

      const second = await supervised.started();
      expect(second.poolId).not.toBe(first.poolId);
      expect(await isJobRunnerAlive(handle().pool)).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      expect(proxy.connections()).toBeLessThanOrEqual(connectionsBefore);
    } finally {
      await supervised.stop();
    }
    // The lock goes when the server has ended the session the stop closed.
    await expect.poll(() => isJobRunnerAlive(handle().pool), { timeout: 3_000 }).toBe(false);
  });

  it("started while the database is away, it starts its runner once the database answers", async () => {
    await proxy.refuse();
    const supervised = superviseJobRunner({ databaseUrl: proxy.via(handle().url), storage: localMediaStorage(media), log: logger });
    try {
      await new Promise((r) => setTimeout(r, 1_500));
      expect(supervised.current()).toBeUndefined();
      await proxy.pass();
      await supervised.started();
      expect(await isJobRunnerAlive(handle().pool)).toBe(true);
    } finally {
      await supervised.stop();
    }
  });
});
