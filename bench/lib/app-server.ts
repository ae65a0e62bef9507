import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { freeLoopbackPort } from "../../server/process";
import { onCleanup, stopPid } from "./cleanup";

export interface AppServer {
  pid: number;
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built app (`node server.js`, production) with this Node (Node 24 under `npm run bench`),
 * on loopback, against the bench database; resolves when it answers HTTP.
 */
export async function startAppServer(opts: {
  root: string;
  buildDir: string;
  dataDir: string;
  /** The bench database; without it the app starts its own embedded PostgreSQL under dataDir (and seeds demo content). */
  databaseUrl?: string;
  logFile: string;
  /** Extra Node flags, e.g. --cpu-prof (the workers inherit them). */
  nodeArgs?: string[];
  /** Extra or overriding environment variables (e.g. WEB_CONCURRENCY, DEMO_MEDIA=full). */
  env?: Record<string, string>;
  /** Fixed port (default: a free loopback port). */
  port?: number;
  /** How long to wait for the first HTTP answer (default 90 s; first starts that render demo media take longer). */
  readyTimeoutMs?: number;
}): Promise<AppServer> {
  const port = opts.port ?? (await freeLoopbackPort());
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const log = fs.openSync(opts.logFile, "w");
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "server.js"], {
    cwd: opts.root,
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: opts.buildDir,
      DATA_DIR: opts.dataDir,
      // Production on DATABASE_URL needs a shared key, the public origin, TRUST_PROXY and MEDIA_STORAGE (server/env.ts, unsafeCombinations);
      // the key is put in this process's environment too, where the views bench reads it to mint tokens.
      ...(opts.databaseUrl
        ? {
            DATABASE_URL: opts.databaseUrl,
            APP_SECRET: benchSecret(),
            SITE_URL: `http://127.0.0.1:${port}`,
            TRUST_PROXY: "loopback",
            MEDIA_STORAGE: "local",
          }
        : {}),
      DEMO_MEDIA: "none",
      LOG_LEVEL: "warn",
      ENABLE_TEST_HOOKS: "0",
      ...opts.env,
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  return untilAnswering(child, {
    label: "app server",
    path: "/login",
    port,
    logFile: opts.logFile,
    readyMs: opts.readyTimeoutMs ?? 90_000,
  });
}

/**
 * The framework's floor (bench/floor-server.tsx): one process, no cluster, with this Node and tsx's loader;
 * resolves when it answers HTTP.
 */
export async function startFloorServer(opts: {
  root: string;
  css?: string;
  /** Where the app's pages were captured, for the floor's `/as/:key`. */
  pages?: string;
  logFile: string;
  nodeArgs?: string[];
}): Promise<AppServer> {
  const port = await freeLoopbackPort();
  const log = fs.openSync(opts.logFile, "w");
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "--import", "tsx", "bench/floor-server.tsx"], {
    cwd: opts.root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      ...(opts.css ? { FLOOR_CSS: opts.css } : {}),
      ...(opts.pages ? { FLOOR_PAGES: opts.pages } : {}),
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  return untilAnswering(child, { label: "floor server", path: "/", port, logFile: opts.logFile, readyMs: 30_000 });
}

/**
 * A server just spawned on `port`: registered for cleanup (stopped within 10 s), and resolved once `path`
 * answers 2xx; start-up failures carry the end of its log.
 */
async function untilAnswering(
  child: ChildProcess,
  opts: { label: string; path: string; port: number; logFile: string; readyMs: number },
): Promise<AppServer> {
  const pid = child.pid;
  if (!pid) throw new Error(`could not start the ${opts.label}`);
  let exited: string | undefined;
  child.once("exit", (code, signal) => {
    exited = signal ?? `exit ${code}`;
  });
  const stop = () => stopPid(pid, 10_000);
  const remove = onCleanup(opts.label, stop);
  const origin = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + opts.readyMs;
  for (;;) {
    if (exited) throw new Error(`${opts.label} stopped during start-up (${exited}):\n${tail(opts.logFile)}`);
    try {
      const res = await fetch(`${origin}${opts.path}`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${opts.label} not ready after ${opts.readyMs / 1000} s:\n${tail(opts.logFile)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid,
    origin,
    stop: async () => {
      await stop();
      remove();
    },
  };
}

export function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** APP_SECRET for an app on the bench database: the caller's, or one made for this run. */
function benchSecret(): string {
  process.env.APP_SECRET ??= crypto.randomBytes(32).toString("hex");
  return process.env.APP_SECRET;
}
