import { spawn } from "node:child_process";
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
  databaseUrl: string;
  logFile: string;
  /** Extra Node flags, e.g. --cpu-prof (the workers inherit them). */
  nodeArgs?: string[];
  /** Extra environment, e.g. WEB_CONCURRENCY. */
  env?: Record<string, string>;
}): Promise<AppServer> {
  const port = await freeLoopbackPort();
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const log = fs.openSync(opts.logFile, "w");
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "server.js"], {
    cwd: opts.root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: opts.buildDir,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      DEMO_MEDIA: "none",
      LOG_LEVEL: "warn",
      ENABLE_TEST_HOOKS: "0",
      ...opts.env,
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error("could not start the app server");
  let exited: string | undefined;
  child.once("exit", (code, signal) => {
    exited = signal ?? `exit ${code}`;
  });
  const stop = () => stopPid(pid, 10_000);
  const remove = onCleanup("app server", stop);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`app server stopped during start-up (${exited}):\n${tail(opts.logFile)}`);
    try {
      const res = await fetch(`${origin}/login`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app server not ready after 90 s:\n${tail(opts.logFile)}`);
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
