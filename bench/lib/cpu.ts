import fs from "node:fs";
import os from "node:os";
import { JOBS_ROLE } from "../../server/runtime/jobs-worker";
import { round } from "./stats";

// CPU time of the three parties sharing the machine during a measurement: the load generator (this
// process, and wrk: a child that exited, whose time /proc/self/stat then counts), the app server and
// PostgreSQL (postmaster + its backends), read from /proc.

const CLK_TCK = 100; // Linux USER_HZ; /proc/<pid>/stat counts in these ticks

function procTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After "pid (comm) ": state is field 3, utime 14, stime 15 (1-based) → indexes 11 and 12 here.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** CPU ticks of this process's children that have exited and been waited for (cutime + cstime): wrk's runs. */
function exitedChildrenTicks(): number {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime is field 16 and cstime 17 (1-based) → indexes 13 and 14 here.
  return Number(fields[13]) + Number(fields[14]);
}

export function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === ppid) out.push(Number(entry));
    } catch {
      // process gone
    }
  }
  return out;
}

/** Whether `pid` is the app's job process (the primary forks it beside the web workers, PLEAZURE_ROLE=jobs). */
export function isJobProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`PLEAZURE_ROLE=${JOBS_ROLE}`);
  } catch {
    return false;
  }
}

/**
 * CPU of whole process trees over a window, as cores: each root with its children (an app's primary and its
 * workers, a postmaster and its backends, nginx's master and its workers), read from /proc. Processes that exit
 * during the window take their last ticks with them (a backend that closed): a small undercount.
 */
export class TreeMeter {
  private allRoots: Set<number>;

  constructor(private roots: Record<string, number[]>) {
    this.allRoots = new Set(Object.values(roots).flat());
  }

  private ticks(): Map<string, Map<number, number>> {
    const out = new Map<string, Map<number, number>>();
    for (const [name, pids] of Object.entries(this.roots)) {
      const m = new Map<number, number>();
      for (const root of pids) {
        // A child that is another group's root is that group's (the embedded app's postmaster is the app's child).
        for (const pid of [root, ...childrenOf(root).filter((c) => !this.allRoots.has(c))]) {
          const t = procTicks(pid);
          if (t !== undefined) m.set(pid, t);
        }
      }
      out.set(name, m);
    }
    return out;
  }

  start(): { at: number; ticks: Map<string, Map<number, number>> } {
    return { at: performance.now(), ticks: this.ticks() };
  }

  stop(s: ReturnType<TreeMeter["start"]>): Record<string, number> {
    const seconds = (performance.now() - s.at) / 1000;
    const out: Record<string, number> = {};
    for (const [name, now] of this.ticks()) {
      const before = s.ticks.get(name) ?? new Map<number, number>();
      let ticks = 0;
      for (const [pid, t] of now) ticks += t - (before.get(pid) ?? 0);
      out[name] = round(ticks / CLK_TCK / seconds, 2);
    }
    return out;
  }
}

/** CPU seconds of this process's exited children so far: a wrk run's, once it exited. */
export function exitedChildrenSeconds(): number {
  return exitedChildrenTicks() / CLK_TCK;
}

/** Cores busy on the whole machine (anyone's work) since `since`, a machineTicks() snapshot. */
export function busyCoresSince(since: { busy: number; total: number }): number {
  const now = machineTicks();
  return round(((now.busy - since.busy) / Math.max(1, now.total - since.total)) * os.availableParallelism(), 2);
}

export function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

interface Snapshot {
  at: number;
  self: NodeJS.CpuUsage;
  exitedChildren: number;
  server: number;
  postgres: Map<number, number>;
  machine: { busy: number; total: number };
}

export interface CpuSplit {
  /** Cores busy on average over the window (the machine has `cores`). */
  cores: number;
  loadGenerator: number;
  server: number;
  postgres: number;
  /** Everything else busy on the machine (kernel threads, other processes). */
  other: number;
  idle: number;
}

export class CpuMeter {
  constructor(
    private serverPid: number | undefined,
    private postmasterPid: number,
  ) {}

  private pgTicks(): Map<number, number> {
    const m = new Map<number, number>();
    for (const pid of [this.postmasterPid, ...childrenOf(this.postmasterPid)]) {
      const t = procTicks(pid);
      if (t !== undefined) m.set(pid, t);
    }
    return m;
  }

  /** The app is a primary and its worker processes: their ticks together. */
  private serverTicks(): number {
    if (!this.serverPid) return 0;
    let ticks = 0;
    for (const pid of [this.serverPid, ...childrenOf(this.serverPid)]) ticks += procTicks(pid) ?? 0;
    return ticks;
  }

  start(): Snapshot {
    return {
      at: performance.now(),
      self: process.cpuUsage(),
      exitedChildren: exitedChildrenTicks(),
      server: this.serverTicks(),
      postgres: this.pgTicks(),
      machine: machineTicks(),
    };
  }

  /** Average cores used by each party over the window since `s`. */
  stop(s: Snapshot): CpuSplit {
    const seconds = (performance.now() - s.at) / 1000;
    const self = process.cpuUsage(s.self);
    // A wrk run that ended in the window is a child that exited in it (the app and PostgreSQL never do).
    const children = (exitedChildrenTicks() - s.exitedChildren) / CLK_TCK;
    const loadGenerator = ((self.user + self.system) / 1e6 + children) / seconds;
    const server = (this.serverTicks() - s.server) / CLK_TCK / seconds;
    let pgTicks = 0;
    for (const [pid, t] of this.pgTicks()) pgTicks += t - (s.postgres.get(pid) ?? 0);
    const postgres = pgTicks / CLK_TCK / seconds;
    const m = machineTicks();
    const cores = os.availableParallelism();
    const busyShare = (m.busy - s.machine.busy) / Math.max(1, m.total - s.machine.total);
    const busyCores = busyShare * cores;
    return {
      cores,
      loadGenerator: round(loadGenerator, 2),
      server: round(server, 2),
      postgres: round(postgres, 2),
      other: round(Math.max(0, busyCores - loadGenerator - server - postgres), 2),
      idle: round(Math.max(0, cores - busyCores), 2),
    };
  }
}

/** Cores busy on the whole machine over `seconds` while the bench itself is idle: other people's work. */
export async function backgroundLoad(seconds: number): Promise<number> {
  const a = machineTicks();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const b = machineTicks();
  return round(((b.busy - a.busy) / Math.max(1, b.total - a.total)) * os.availableParallelism(), 2);
}
