import { round } from "./stats";

/**
 * The soak's growth test (docs/benchmarks.md "Issue 31: soak"). For each series (a process's RSS, live heap, event-loop
 * delay or open handles, the database's connections, the load's p99), the samples after the warm-up (the first
 * WARMUP_SHARE of the run) get a least-squares line (latencies with other people's CPU use as a second predictor:
 * fitLine). Its rise over the measured span, slope × (last t − first t), is the growth. A series FAILS when both:
 *   1. the growth is real: the slope's 95 % confidence interval lies above 0 (Student's t with n − 2 degrees of
 *      freedom, n − 3 with the covariate), so a noisy series whose line happens to tilt up passes; and
 *   2. the growth is large: more than `pct` % of the series' mean over the measured samples AND more than `abs`
 *      (in the series' unit), so a real but tiny creep (a few KB of a 150 MB process, one more connection of 10)
 *      passes.
 * A series falling, or flat, passes. Correlated samples (a sawtooth, a step after each full collection) make the
 * interval too narrow; condition 2 is what keeps that from failing a healthy process. The heap tested is the live
 * heap (server/cluster/metrics.ts, after the last full collection), not the heap in use, whose sawtooth between collections
 * (tens of MB in a web worker) fails a short run that happens to end high.
 */
export const WARMUP_SHARE = 0.2;

export type SeriesKind = "rss" | "heap" | "eventLoopP99" | "handles" | "dbConnections" | "p99";

export interface Bound {
  /** Largest growth over the measured span, in percent of the series' mean. */
  pct: number;
  /** Largest growth over the measured span, in the series' unit (MB, ms, handles, connections). */
  abs: number;
}

/**
 * `soak`: the bounds for a run of 20 minutes or more (the recorded 60-minute run), whose measured part starts after
 * the processes have settled. `short`: a few minutes (CI), whose measured part still sees a fresh worker's start-up
 * growth (web workers' RSS rises by about 130 MB over their first five minutes under the mix and then levels off:
 * +16 to +30 MB over the measured 2.2 minutes of a 3-minute run), so the RSS bound is generous there; the live heap
 * (after full collections) settles sooner (+1.7 and +3.1 MB over the same 2.2 minutes), so a leak of a few MB a minute
 * of JavaScript objects fails even a short run. Handles and connections leak visibly in minutes; slow leaks of
 * native memory are the hour's.
 * Latencies there fail only when they triple: on a shared machine whose other work comes in bursts, the short runs
 * that set these bounds moved p99 by −30 % to +94 % and the event loops' p99 by up to +65 % at a constant mean
 * background load (the covariate accounts for the mean over a window, not for its bursts).
 */
export const BOUNDS: Record<"soak" | "short", Record<SeriesKind, Bound>> = {
  soak: {
    rss: { pct: 10, abs: 16 },
    heap: { pct: 10, abs: 8 },
    eventLoopP99: { pct: 25, abs: 5 },
    handles: { pct: 10, abs: 5 },
    dbConnections: { pct: 20, abs: 2 },
    p99: { pct: 25, abs: 10 },
  },
  short: {
    rss: { pct: 25, abs: 64 },
    heap: { pct: 25, abs: 16 },
    eventLoopP99: { pct: 200, abs: 40 },
    handles: { pct: 25, abs: 10 },
    dbConnections: { pct: 50, abs: 4 },
    p99: { pct: 200, abs: 100 },
  },
};
export type BoundsProfile = keyof typeof BOUNDS;

/** Runs shorter than this use the short bounds unless told otherwise (--bounds). */
export const SHORT_RUN_MINUTES = 20;

export interface Fit {
  /** Samples fitted (after the warm-up). */
  n: number;
  mean: number;
  /** Units per minute. */
  slope: number;
  /** The slope's 95 % confidence interval. */
  slopeLow: number;
  slopeHigh: number;
  /** The fitted line at the first and last measured sample. */
  from: { t: number; y: number };
  to: { t: number; y: number };
  /** slope × measured span, and in percent of the mean. */
  growth: number;
  growthPct: number;
  /** With the covariate: how much y rises per core of other people's work. */
  perOtherCore?: number;
}

/** Two-sided 95 % quantiles of Student's t for 1–30 degrees of freedom; beyond, a Cornish-Fisher expansion. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
export function t95(df: number): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= T95.length) return T95[df - 1]!;
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2);
}

/** A point of a series: minutes, value, and for latency series the cores other people's work used meanwhile. */
export interface Point {
  t: number;
  y: number;
  /** Cores busy with other processes over the window (the machine is shared), when it matters to y. */
  other?: number;
}

/**
 * Below this spread (standard deviation, cores) other people's work was steady over the run: a covariate without
 * spread cannot be told from the intercept, so the plain line is fitted.
 */
const MIN_OTHER_SPREAD = 0.05;

/**
 * Least squares of y on t (minutes), with the slope's 95 % interval. Needs 3 points or more (4 with the covariate).
 * When the points carry `other` and it varied, y is fitted on t and `other` together: on two shared cores a latency
 * climbs whenever someone else's test run takes a core, and the slope on t is then the growth at the run's mean
 * background load, with an interval that widens as much as the two are entangled (someone starting work halfway
 * through a run looks like a trend; this says it cannot tell).
 */
export function fitLine(all: readonly Point[]): Fit | undefined {
  // A sample that could not be read (NaN) is left out rather than spoiling the line.
  const points = all.filter((p) => Number.isFinite(p.y));
  const withOther = points.every((p) => p.other !== undefined) && spread(points.map((p) => p.other!)) >= MIN_OTHER_SPREAD;
  const rows = points.map((p) => (withOther ? [1, p.t, p.other!] : [1, p.t]));
  const k = rows[0]?.length ?? 2;
  const n = points.length;
  if (n <= k) return undefined;
  const solved = leastSquares(
    rows,
    points.map((p) => p.y),
  );
  if (!solved) return undefined;
  const { beta, inverse } = solved;
  const residuals = points.reduce((sum, p, i) => sum + (p.y - dot(rows[i]!, beta)) ** 2, 0);
  const slope = beta[1]!;
  const slopeError = Math.sqrt((residuals / (n - k)) * inverse[1]![1]!);
  const half = t95(n - k) * slopeError;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  // The line drawn and reported: at the run's mean background load when that was fitted too.
  const level = withOther ? beta[0]! + beta[2]! * (points.reduce((sum, p) => sum + p.other!, 0) / n) : beta[0]!;
  const first = points[0]!.t;
  const last = points[n - 1]!.t;
  const growth = slope * (last - first);
  return {
    n,
    mean: meanY,
    slope,
    slopeLow: slope - half,
    slopeHigh: slope + half,
    from: { t: first, y: level + slope * first },
    to: { t: last, y: level + slope * last },
    growth,
    growthPct: meanY === 0 ? (growth === 0 ? 0 : Number.POSITIVE_INFINITY) : (growth / Math.abs(meanY)) * 100,
    ...(withOther ? { perOtherCore: beta[2]! } : {}),
  };
}

function spread(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, x, i) => sum + x * b[i]!, 0);
}

/** β = (XᵀX)⁻¹ Xᵀy by Gauss-Jordan on the small normal matrix; undefined when it is singular. */
function leastSquares(x: readonly number[][], y: readonly number[]): { beta: number[]; inverse: number[][] } | undefined {
  const k = x[0]!.length;
  const xtx = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => x.reduce((sum, row) => sum + row[i]! * row[j]!, 0)));
  const xty = Array.from({ length: k }, (_, i) => x.reduce((sum, row, r) => sum + row[i]! * y[r]!, 0));
  const a = xtx.map((row, i) => [...row, ...Array.from({ length: k }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12) return undefined;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]!;
    a[col] = a[col]!.map((v) => v / p);
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      a[r] = a[r]!.map((v, j) => v - f * a[col]![j]!);
    }
  }
  const inverse = a.map((row) => row.slice(k));
  return { beta: inverse.map((row) => dot(row, xty)), inverse };
}

export interface Verdict {
  pass: boolean;
  /** One line: the growth, its interval and the bound. */
  why: string;
}

/** The rule above, for one fitted series. */
export function judge(fit: Fit | undefined, bound: Bound, unit: string): Verdict {
  if (!fit) return { pass: true, why: "too few samples after the warm-up to fit a line" };
  const span = fit.to.t - fit.from.t;
  const real = fit.slopeLow > 0;
  const large = fit.growthPct > bound.pct && fit.growth > bound.abs;
  const growth = `${sign(round(fit.growth, 2))} ${unit} (${sign(round(fit.growthPct, 1))} %) over ${round(span, 1)} min`;
  const interval = `95 % CI of the growth ${round(fit.slopeLow * span, 2)} to ${round(fit.slopeHigh * span, 2)}`;
  if (real && large) return { pass: false, why: `grows ${growth}; ${interval}; bound ${bound.pct} % and ${bound.abs} ${unit}` };
  const reason = !real ? "not beyond noise" : "within the bound";
  return { pass: true, why: `${growth}, ${reason}; ${interval}` };
}

function sign(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** The samples that count: those after the first WARMUP_SHARE of the run (at least one sample is dropped). */
export function measuredSamples<T>(samples: readonly T[]): T[] {
  const drop = Math.max(1, Math.ceil(samples.length * WARMUP_SHARE));
  return samples.slice(drop);
}
