import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "./connection";
import { postmasterPid, serverOfRunningApp, startEmbeddedPostgres } from "./embedded";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-crash-"));
fs.chmodSync(root, 0o755); // the server runs as the "postgres" user when tests run as root

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Another process playing the app: it starts the embedded server in `dir`, writes a row, then waits to be killed. */
async function startChildApp(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/embedded-child.ts", dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("READY") && resolve());
    child.on("exit", (code) => reject(new Error(`child exited early: ${code}`)));
  });
  return child;
}

describe("embedded PostgreSQL lifecycle", () => {
  it("recovers after the app process is killed (its server still holds the data directory)", async () => {
    const dir = path.join(root, "crash", "postgres");
    const child = await startChildApp(dir);
    const orphan = postmasterPid(dir);
    child.kill("SIGKILL"); // no clean shutdown: the postmaster is left running
    await new Promise((r) => child.once("exit", r));
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const server = await startEmbeddedPostgres(dir);
    const handle = connect(server.url("postgres"), 1);
    const rows = await handle.pool.query("SELECT note FROM survivor");
    expect(rows.rows).toEqual([{ note: "written before the crash" }]);
    expect(postmasterPid(dir)).not.toBe(orphan);
    await handle.close();
    await server.stop();
  });

  it("starts over a stale pid file left by an unclean shutdown", async () => {
    const dir = path.join(root, "stale", "postgres");
    const first = await startEmbeddedPostgres(dir);
    await first.stop();
    fs.writeFileSync(path.join(dir, "postmaster.pid"), "999999999\n");
    const second = await startEmbeddedPostgres(dir);
    const handle = connect(second.url("postgres"), 1);
    expect((await handle.pool.query("SELECT 1 AS ok")).rows).toEqual([{ ok: 1 }]);
    await handle.close();
    await second.stop();
  });
});

describe("commands beside a running app", () => {
  it("share the app's embedded server instead of taking it over, and a second app refuses to start", async () => {
    const dir = path.join(root, "shared", "postgres");
    const child = await startChildApp(dir);
    const appServer = postmasterPid(dir);
    const shared = serverOfRunningApp(dir);
    expect(shared).toBeDefined();
    const handle = connect(shared?.url("postgres") as string, 1);
    expect((await handle.pool.query("SELECT note FROM survivor")).rows).toEqual([{ note: "written before the crash" }]);
    await handle.close();
    expect(postmasterPid(dir)).toBe(appServer);
    expect(() => process.kill(appServer, 0)).not.toThrow();

    // A second app on the same DATA_DIR must not take the server over (that would take the running site down).
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(/database of an app still running/);
    expect(postmasterPid(dir)).toBe(appServer);
    expect(() => process.kill(appServer, 0)).not.toThrow();

    child.kill("SIGKILL"); // the app is gone: its server becomes a crash leftover
    await new Promise((r) => child.once("exit", r));
    await new Promise((r) => setTimeout(r, 100));
    expect(serverOfRunningApp(dir)).toBeUndefined();
    const restarted = await startEmbeddedPostgres(dir);
    await restarted.stop();
  });
});
