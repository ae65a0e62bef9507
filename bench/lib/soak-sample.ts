import type pg from "pg";
import { round } from "./stats";

/**
 * One sample of the soak: every app process's own figures, read from each instance's GET /metrics/processes (the
 * process metrics of the primary, each web worker and the jobs worker apart, labelled by role and pid: ADR 0022's
 * addendum, with each one's live heap), and the database's connections by application_name from pg_stat_activity.
 */
export interface ProcessSample {
  /** Which series it belongs to: instance, role and pid (a replaced worker is a new series). */
  key: string;
  instance: number;
  role: string;
  pid: number;
  rssMb: number;
  /** V8's heap in use when read: a sawtooth between collections; kept, not tested. */
  heapUsedMb: number;
  /** V8's heap in use right after the last full collection (pleazure_heap_after_gc_bytes): the tested heap figure. */
  liveHeapMb: number;
  /** p99 of the event loop's delay since the previous read (prom-client resets its histogram on every read). */
  eventLoopP99Ms: number;
  /** libuv handles held open: sockets, timers, servers, pipes. */
  handles: number;
  /** Not tested, to tell where an RSS rise is: V8's heap as allocated, and memory outside it that V8 knows of (Buffers). */
  heapTotalMb: number;
  externalMb: number;
}

export interface DbConnections {
  total: number;
  /** By application_name: pleazure-web, pleazure-jobs, pleazure-job-queue, pleazure-job-liveness, pleazure-listener. */
  byName: Record<string, number>;
}

const METRICS: Record<string, (s: ProcessSample, v: number) => void> = {
  process_resident_memory_bytes: (s, v) => {
    s.rssMb = round(v / 2 ** 20, 1);
  },
  nodejs_heap_size_used_bytes: (s, v) => {
    s.heapUsedMb = round(v / 2 ** 20, 1);
  },
  pleazure_heap_after_gc_bytes: (s, v) => {
    s.liveHeapMb = round(v / 2 ** 20, 1);
  },
  nodejs_eventloop_lag_p99_seconds: (s, v) => {
    s.eventLoopP99Ms = round(v * 1000, 2);
  },
  nodejs_active_handles_total: (s, v) => {
    s.handles = v;
  },
  nodejs_heap_size_total_bytes: (s, v) => {
    s.heapTotalMb = round(v / 2 ** 20, 1);
  },
  nodejs_external_memory_bytes: (s, v) => {
    s.externalMb = round(v / 2 ** 20, 1);
  },
};

/** The figures of each process from /metrics/processes' text (Prometheus exposition format). */
export function parseProcessMetrics(text: string, instance: number): ProcessSample[] {
  const byProcess = new Map<string, ProcessSample>();
  for (const line of text.split("\n")) {
    const m = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    const set = m ? METRICS[m[1]!] : undefined;
    if (!m || !set) continue;
    const labels = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]));
    if (!labels.process || !labels.pid) continue;
    const key = `${instance}/${labels.process}/${labels.pid}`;
    let sample = byProcess.get(key);
    if (!sample) {
      sample = {
        key,
        instance,
        role: labels.process,
        pid: Number(labels.pid),
        rssMb: 0,
        heapUsedMb: 0,
        liveHeapMb: 0,
        eventLoopP99Ms: 0,
        handles: 0,
        heapTotalMb: 0,
        externalMb: 0,
      };
      byProcess.set(key, sample);
    }
    set(sample, Number(m[3]));
  }
  const order = ["primary", "web", "jobs"];
  return [...byProcess.values()].sort((a, b) => a.instance - b.instance || order.indexOf(a.role) - order.indexOf(b.role) || a.pid - b.pid);
}

/** Every instance's processes, read directly from each instance's port with the run's METRICS_TOKEN. */
export async function readProcesses(instanceOrigins: readonly string[], token: string): Promise<ProcessSample[]> {
  const all = await Promise.all(
    instanceOrigins.map(async (origin, i) => {
      const res = await fetch(`${origin}/metrics/processes`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${origin}/metrics/processes answered ${res.status}: ${text.slice(0, 200)}`);
      return parseProcessMetrics(text, i + 1);
    }),
  );
  return all.flat();
}

/**
 * The app's connections to PostgreSQL by kind. Every connection of the app names itself `pleazure-<kind>`
 * (server/db/connection.ts APPLICATION_NAMES); the soak's own reads are `pleazure` (a tool's) and a start-up probe is
 * `pleazure-probe`: neither is counted.
 */
export async function readDbConnections(pool: pg.Pool): Promise<DbConnections> {
  const { rows } = await pool.query<{ name: string; n: number }>(
    `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
     WHERE application_name LIKE 'pleazure-%' AND application_name <> 'pleazure-probe' GROUP BY 1 ORDER BY 1`,
  );
  const byName = Object.fromEntries(rows.map((r) => [r.name, r.n]));
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byName };
}
