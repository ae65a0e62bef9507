import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freeLoopbackPort } from "../../server/process";
import { testBuildDir } from "./test-build-dir";

/** The test build's server (tests/support/test-server.js, run on testBuildDir()). */
export const TEST_SERVER = "tests/support/test-server.js";

export interface AppProcess {
  origin: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything the processes logged so far (JSON lines). */
  log: () => string;
  /** Resolves with the exit code (or signal) once the primary exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: () => Promise<void>;
}

export interface StartOptions {
  entry?: string;
  dataDir?: string;
  /** Another release's folder (tests/support/releases.ts): its `server.js` on its own `build`, run from there. */
  cwd?: string;
  /** A port of its own (a restart on the port nginx already names); default: a free one. */
  port?: number;
}

/**
 * Starts the test build (`node tests/support/test-server.js`: server.js's primary + workers on the bundle with
 * the fault switches and /__test), or with `options.entry: "server.js"` the production build as an operator
 * starts it, on a free loopback port with its own data directory, no demo media (pages only), and resolves
 * once every worker listens.
 */
export async function startApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<AppProcess> {
  const port = options.port ?? (await freeLoopbackPort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-proc-"));
  const entry = options.entry ?? TEST_SERVER;
  let output = "";
  // A release runs on its own Node (the `node` devDependency it installed), as the systemd units run it.
  const releaseNode = options.cwd ? path.join(options.cwd, "node_modules", "node", "bin", "node") : undefined;
  const node = releaseNode && fs.existsSync(releaseNode) ? releaseNode : process.execPath;
  const child = spawn(node, [entry], {
    cwd: options.cwd,
    env: {
      ...process.env,
      BUILD_DIR:
        entry === TEST_SERVER ? testBuildDir() : options.cwd ? path.join(options.cwd, "build") : (process.env.BUILD_DIR ?? "build"),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_MEDIA: "none",
      LOG_LEVEL: "info",
      // Production on a database of its own needs a shared key, the public origin, a proxy and a storage choice (env.ts, unsafeCombinations).
      ...(env.DATABASE_URL
        ? {
            APP_SECRET: crypto.randomBytes(32).toString("hex"),
            SITE_URL: `http://127.0.0.1:${port}`,
            TRUST_PROXY: "loopback",
            MEDIA_STORAGE: "local",
          }
        : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 120_000;
  while (!output.includes("Pleazure is ready")) {
    if (child.exitCode !== null) throw new Error(`app exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL"); // nobody else holds it: the caller gets no handle to stop it
      throw new Error(`app not ready after 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    dataDir,
    log: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A separate worker process (`npm run worker`, server.js --worker) on the test build. */
export interface WorkerProcess {
  child: ChildProcess;
  log: () => string;
  exited: Promise<number | null>;
}

/** The worker as `npm run worker` starts it, on the test build (tests/support/test-server.js passes --worker on). */
export function startWorker(env: Record<string, string>): WorkerProcess {
  let output = "";
  const child = spawn(process.execPath, [TEST_SERVER, "--worker"], {
    env: { ...process.env, BUILD_DIR: testBuildDir(), NODE_ENV: "production", LOG_LEVEL: "info", DEMO_MEDIA: "none", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, log: () => output, exited };
}

/** Log lines at error level or above (pino: 50 error, 60 fatal). */
export function errorLines(log: string): string[] {
  return log.split("\n").filter((line) => /"level":(50|60)/.test(line) || /Unhandled|uncaught/i.test(line));
}

/** Which worker answers a request on a new connection. */
export function workerPid(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/__test/worker`, { agent: false, timeout: 3_000 }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve((JSON.parse(body) as { pid: number }).pid));
      })
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error("no answer within 3 s"));
      })
      .on("error", reject);
  });
}

/** The set of worker pids seen over `requests` requests (new connections spread over workers). */
export async function workerPids(origin: string, requests = 40): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < requests; i++) pids.add(await workerPid(origin));
  return pids;
}

/** Polls `url` every 100 ms, recording each status with its time since `since`, until `until` says stop. */
export async function pollStatuses(
  url: string,
  opts: { since: number; timeoutMs: number; until: (status: number, seen: { at: number; status: number }[]) => boolean },
): Promise<{ at: number; status: number; retryAfter: string | null; body: string }[]> {
  const seen: { at: number; status: number; retryAfter: string | null; body: string }[] = [];
  const end = Date.now() + opts.timeoutMs;
  while (Date.now() < end) {
    let status = 0;
    let retryAfter: string | null = null;
    let body = "";
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(6_000) });
      status = res.status;
      retryAfter = res.headers.get("retry-after");
      body = await res.text();
    } catch {
      status = -1; // connection-level failure
    }
    seen.push({ at: Date.now() - opts.since, status, retryAfter, body });
    if (opts.until(status, seen)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return seen;
}
