import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
// @ts-expect-error: a plain ES module of the build (scripts/source-hash.js), without type declarations
import { sourceHash } from "../source-hash.js";

export interface ScannedSite {
  origin: string;
  dataDir: string;
  /** Stops the primary by its PID (SIGTERM: workers drain, PostgreSQL stops) and waits for it. */
  stop: () => Promise<void>;
}

/** `npm start`'s rule: build when BUILD_DIR has no build or one made from other sources. */
export function buildIfNeeded(buildDir: string, logFile: string): void {
  const stamp = path.join(buildDir, ".source-hash");
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
  if (built === sourceHash()) return;
  console.log(`Building the site into ${buildDir} (${built ? "the sources changed" : "no build yet"})...`);
  const output = execFileSync("npm", ["run", "build"], { env: { ...process.env, BUILD_DIR: buildDir }, encoding: "utf8", stdio: "pipe" });
  fs.appendFileSync(logFile, output);
}

/** Whether something already listens on 127.0.0.1:port (another run, or someone else's server). */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts the production build as an operator would (`node server.js`, NODE_ENV=production) on loopback,
 * with a data directory of its own and the embedded PostgreSQL. The environment is built from scratch so
 * that nothing of the caller's (DATABASE_URL, SMTP_URL, ENABLE_TEST_HOOKS...) changes what is scanned:
 * sign-in codes go to DATA_DIR/outbox, test hooks stay off.
 */
export async function startSite(options: { port: number; dataDir: string; buildDir: string; logFile: string }): Promise<ScannedSite> {
  const { port, dataDir, buildDir, logFile } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      DEMO_MEDIA: "none",
      DEMO_PREROLL: "off",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (!fs.readFileSync(logFile, "utf8").includes("Pleazure is ready")) {
    if (child.exitCode !== null) throw new Error(`the site exited during start-up; see ${logFile}`);
    if (Date.now() > deadline) {
      await stopProcess(child, exited);
      throw new Error(`the site was not ready after 180 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, dataDir, stop: () => stopProcess(child, exited) };
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 30_000))]);
  if (!stopped) {
    child.kill("SIGKILL");
    await exited;
  }
}
