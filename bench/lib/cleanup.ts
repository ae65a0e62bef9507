import type { ChildProcess } from "node:child_process";
import { isProcessAlive } from "../../server/process";

/**
 * Everything the bench starts registers a stopper here; they run in reverse order on normal exit, on
 * errors and on Ctrl-C / SIGTERM. Processes are stopped by their own PID, never by name.
 */
type Stopper = { name: string; stop: () => Promise<void> };

const stoppers: Stopper[] = [];
let running: Promise<void> | undefined;

export function onCleanup(name: string, stop: () => Promise<void>): () => void {
  const entry = { name, stop };
  stoppers.push(entry);
  return () => {
    const i = stoppers.indexOf(entry);
    if (i >= 0) stoppers.splice(i, 1);
  };
}

export function cleanup(): Promise<void> {
  running ??= (async () => {
    while (stoppers.length) {
      const s = stoppers.pop()!;
      try {
        await s.stop();
      } catch (err) {
        console.error(`[bench] cleanup of ${s.name} failed: ${(err as Error).message}`);
      }
    }
  })();
  return running;
}

/** SIGTERM, then SIGKILL after `graceMs`, to one PID (and its process group when it leads one). */
export async function stopPid(pid: number, graceMs = 5000, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!isProcessAlive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isProcessAlive(pid)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Registers a child process for cleanup; the registration is dropped when the child exits by itself. */
export function trackChild(name: string, child: ChildProcess): void {
  const pid = child.pid;
  if (!pid) return;
  const remove = onCleanup(name, () => stopPid(pid));
  child.once("exit", () => remove());
}

let installed = false;

/**
 * Ctrl-C / SIGTERM: stop what we started, then exit with the conventional status. An error thrown outside any
 * awaited call (a child process's 'error' event nobody listens to, as when Chromium is missing) does the same with
 * status 1: without this the bench died at once and left its app server, and that server's database, running.
 */
export function installSignalHandlers(onSignal?: () => void): void {
  if (installed) return;
  installed = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n[bench] ${signal}: stopping everything the bench started...`);
      onSignal?.();
      void cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
  const fatal = (err: unknown) => {
    console.error(`[bench] ${(err as Error)?.stack ?? err}\n[bench] stopping everything the bench started...`);
    onSignal?.();
    void cleanup().finally(() => process.exit(1));
  };
  process.on("uncaughtException", fatal);
  process.on("unhandledRejection", fatal);
}

/**
 * Runs a bench script's `main`, stops what it started (PostgreSQL, servers) either way, and exits with the code
 * `main` resolves with (0 when it resolves with none), or 1 when it throws.
 */
export async function runScript(main: () => Promise<unknown>): Promise<never> {
  let code = 0;
  try {
    const result = await main();
    if (typeof result === "number") code = result;
  } catch (err) {
    console.error((err as Error).stack ?? err);
    code = 1;
  } finally {
    await cleanup();
  }
  process.exit(code);
}
