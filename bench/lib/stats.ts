export interface LatencyStats {
  count: number;
  /** Completed operations per second over the measured window. */
  perSecond: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(latenciesMs: number[], seconds: number): LatencyStats {
  const sorted = Float64Array.from(latenciesMs).sort();
  const arr = Array.from(sorted);
  const sum = arr.reduce((a, b) => a + b, 0);
  return {
    count: arr.length,
    perSecond: round(arr.length / seconds, 1),
    mean: round(sum / Math.max(1, arr.length), 2),
    p50: round(percentile(arr, 50), 2),
    p95: round(percentile(arr, 95), 2),
    p99: round(percentile(arr, 99), 2),
    max: round(arr[arr.length - 1] ?? Number.NaN, 2),
  };
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export interface TargetResult {
  name: string;
  budget: string;
  /** Whether this run's catalogue is the one the target is defined at. */
  applies: boolean;
  actual: string;
  status: "met" | "missed" | "for information";
  margin: string;
  note?: string;
}
