import type { StepResult } from "./loadtest-mix";
import type { DbConnections, ProcessSample } from "./soak-sample";
import {
  BOUNDS,
  type Bound,
  type BoundsProfile,
  type Fit,
  fitLine,
  judge,
  measuredSamples,
  type Point,
  type SeriesKind,
  type Verdict,
} from "./soak-slope";

/** One sample window of the soak: the load's figures over the window, then every process and the database. */
export interface SoakSample {
  index: number;
  /** Minutes since the soak's first window started, when the sample was read (the end of its window). */
  t: number;
  load: Pick<
    StepResult,
    | "requests"
    | "perSecond"
    | "p50"
    | "p95"
    | "p99"
    | "max"
    | "badStatuses"
    | "socketErrors"
    | "timeouts"
    | "statuses"
    | "acked"
    | "skipped"
    | "cores"
  >;
  processes: ProcessSample[];
  db: DbConnections;
}

/** One tested series: what it is, its fitted line over the measured samples, and the verdict. */
export interface SeriesResult {
  kind: SeriesKind;
  /** The process's key (instance/role/pid), or "database" / "load". */
  of: string;
  label: string;
  unit: string;
  bound: Bound;
  fit?: Fit;
  verdict: Verdict;
}

/** `contended`: a latency, which other people's CPU use on the shared machine raises (fitted with it: fitLine). */
const PROCESS_SERIES: { kind: SeriesKind; what: string; unit: string; contended: boolean; value: (p: ProcessSample) => number }[] = [
  { kind: "rss", what: "RSS", unit: "MB", contended: false, value: (p) => p.rssMb },
  // The live heap, not the heap in use: the latter's sawtooth (tens of MB) reads as growth when a run ends high.
  { kind: "heap", what: "live heap", unit: "MB", contended: false, value: (p) => p.liveHeapMb },
  { kind: "eventLoopP99", what: "event-loop delay p99", unit: "ms", contended: true, value: (p) => p.eventLoopP99Ms },
  { kind: "handles", what: "open handles", unit: "handles", contended: false, value: (p) => p.handles },
];

/** Cores other people's work used over the sample's window. */
const other = (s: SoakSample) => s.load.cores.other ?? 0;

/** How a process is named in tables and the plot: "web 4242" (with its instance when there are several). */
export function processLabel(p: Pick<ProcessSample, "instance" | "role" | "pid">, instances: number): string {
  return `${instances > 1 ? `i${p.instance} ` : ""}${p.role} ${p.pid}`;
}

/** Every series of the run, each judged by the slope rule (soak-slope.ts) on the samples after the warm-up. */
export function evaluateSeries(samples: readonly SoakSample[], profile: BoundsProfile): SeriesResult[] {
  const bounds = BOUNDS[profile];
  const measured = measuredSamples(samples);
  const instances = new Set(samples.flatMap((s) => s.processes.map((p) => p.instance))).size;
  const results: SeriesResult[] = [];
  const series = (kind: SeriesKind, of: string, label: string, unit: string, points: Point[]) => {
    const fit = fitLine(points);
    results.push({ kind, of, label, unit, bound: bounds[kind], fit, verdict: judge(fit, bounds[kind], unit) });
  };
  for (const process of samples[0]?.processes ?? []) {
    for (const s of PROCESS_SERIES) {
      const points = measured.flatMap((sample) => {
        const p = sample.processes.find((q) => q.key === process.key);
        return p ? [{ t: sample.t, y: s.value(p), ...(s.contended ? { other: other(sample) } : {}) }] : [];
      });
      series(s.kind, process.key, `${processLabel(process, instances)}: ${s.what}`, s.unit, points);
    }
  }
  series(
    "dbConnections",
    "database",
    "PostgreSQL: the app's connections",
    "connections",
    measured.map((s) => ({ t: s.t, y: s.db.total })),
  );
  series(
    "p99",
    "load",
    "load: p99 per window",
    "ms",
    measured.map((s) => ({ t: s.t, y: s.load.p99, other: other(s) })),
  );
  return results;
}

/**
 * Processes that did not last the run: one of the first sample's missing later (it died; the primary replaces a dead
 * worker under a new pid, which restarts its memory and would hide a leak), or one that appeared later.
 */
export function processChanges(samples: readonly SoakSample[]): string[] {
  const first = samples[0];
  if (!first) return [];
  const known = new Set(first.processes.map((p) => p.key));
  // Each process once, at the first sample that shows the change.
  const problems = new Map<string, string>();
  const report = (key: string, what: string) => {
    if (!problems.has(key)) problems.set(key, `process ${key} ${what}`);
  };
  for (const s of samples.slice(1)) {
    const now = new Set(s.processes.map((p) => p.key));
    for (const key of known)
      if (!now.has(key)) report(key, `missing from the sample at ${s.t.toFixed(1)} min (it stopped or did not answer)`);
    for (const key of now) if (!known.has(key)) report(key, `appeared at ${s.t.toFixed(1)} min (a replacement?)`);
  }
  return [...problems.values()];
}

/** Windows with answers other than 2xx/3xx, socket errors or timeouts. */
export function windowErrors(samples: readonly SoakSample[]): string[] {
  return samples
    .filter((s) => s.load.badStatuses + s.load.socketErrors + s.load.timeouts > 0)
    .map(
      (s) =>
        `window ${s.index + 1} (to ${s.t.toFixed(1)} min): ${s.load.badStatuses} bad statuses ${JSON.stringify(s.load.statuses)}, ${s.load.socketErrors} socket errors, ${s.load.timeouts} timeouts`,
    );
}
