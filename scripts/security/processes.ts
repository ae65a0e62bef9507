import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The deadline passed and the command was stopped. */
  timedOut: boolean;
  seconds: number;
}

/**
 * Runs a command with its output going to `logFile`, stopping it at `seconds`. The command gets a process
 * group of its own, so a scanner's helpers stop with it, and nothing else on the machine is touched.
 */
export function runBounded(
  command: string,
  args: readonly string[],
  options: { seconds: number; logFile: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<Finished> {
  const out = fs.openSync(options.logFile, "a");
  fs.writeSync(out, `$ ${command} ${args.map(quoteArg).join(" ")}\n`);
  const started = Date.now();
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: options.env ?? process.env, cwd: options.cwd, detached: true });
  fs.closeSync(out);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup(child);
  }, options.seconds * 1000);
  const stopOnExit = () => stopGroup(child);
  process.once("exit", stopOnExit);
  return new Promise((resolve, reject) => {
    child.once("error", (err) => {
      clearTimeout(timer);
      process.off("exit", stopOnExit);
      reject(err);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      process.off("exit", stopOnExit);
      resolve({ code, signal, timedOut, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

/** SIGTERM to the child's own process group, SIGKILL 5 s later if it is still there. */
function stopGroup(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup("SIGTERM");
  setTimeout(() => signalGroup("SIGKILL"), 5000).unref();
}

/** Whether an executable is on PATH. */
export function onPath(name: string): boolean {
  return (process.env.PATH ?? "").split(":").some((dir) => {
    try {
      fs.accessSync(`${dir}/${name}`, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Shell quoting for the command lines written to logs and reports (to be pasted into a terminal). */
export function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}
