import autocannon, { type Options, type Result } from "autocannon";
import type { CpuMeter, CpuSplit } from "./cpu";
import { type LatencyStats, round, summarise, type TargetResult } from "./stats";

/**
 * One measured window of a write endpoint, shared by the counted views (views-load.ts) and the likes
 * (likes-load.ts): autocannon in a closed loop of `connections`, each request made by `request`, a warm-up first,
 * the CPU meter running over the measured window only. Requests cut off when a run stops still commit, so each run
 * is followed by a pause before anything reads the database.
 */

/** One request of the load: autocannon's, with `setupRequest` (a body per request) and `onResponse`. */
export type WriteRequest = NonNullable<Options["requests"]>[number];

/** How a write load's measured window went. */
export interface WriteWindow {
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  cpu: CpuSplit;
  cpuMsPerRequest: { server: number; postgres: number };
  seconds: number;
}

/** What a window left for its row to count: autocannon's result, each answer's latency, the CPU and the duration. */
export interface MeasuredWindow<T = unknown> {
  /** What `beforeWindow` read. */
  before: T;
  result: Result;
  latencies: number[];
  cpu: CpuSplit;
  seconds: number;
}

const LAND_MS = 500;

/** The warm-up, then `beforeWindow` (a read of the database the window is compared against), then the window. */
export async function measureWindow<T>(
  opts: { url: string; connections: number; duration: number; warmup: number; meter: CpuMeter },
  request: WriteRequest,
  beforeWindow: () => Promise<T>,
): Promise<MeasuredWindow<T>> {
  const run = (seconds: number, latencies?: number[]) =>
    new Promise<Result>((resolve, reject) => {
      const instance = autocannon(
        { url: opts.url, connections: opts.connections, duration: seconds, pipelining: 1, timeout: 10, requests: [request] },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      if (latencies) instance.on("response", (_c: unknown, _s: number, _b: number, ms: number) => latencies.push(ms));
    });
  const land = () => new Promise((r) => setTimeout(r, LAND_MS));
  if (opts.warmup > 0) await run(opts.warmup);
  await land();
  const before = await beforeWindow();
  const latencies: number[] = [];
  const snap = opts.meter.start();
  const result = await run(opts.duration, latencies);
  const cpu = opts.meter.stop(snap);
  await land();
  return { before, result, latencies, cpu, seconds: result.duration || opts.duration };
}

/** The latencies and the window's figures, CPU per request counted per `perSecond` (what the database gained). */
export function windowFigures(window: MeasuredWindow, perSecond: number): LatencyStats & WriteWindow {
  const { result, latencies, cpu, seconds } = window;
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = s.count;
  const perReq = (cores: number) => round((cores / Math.max(perSecond, 1e-9)) * 1000, 2);
  return {
    ...summarise(latencies, seconds),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpu,
    cpuMsPerRequest: { server: perReq(cpu.server), postgres: perReq(cpu.postgres) },
    seconds: round(seconds, 2),
  };
}

/** A write's rate against the trivial page's req/s in the same run: met at 100 %. */
export function writesTarget(
  name: string,
  unit: string,
  load: { perSecond: number; p95: number },
  floorPerSecond: number | undefined,
): TargetResult {
  const met = floorPerSecond !== undefined && load.perSecond >= floorPerSecond;
  return {
    name,
    budget: floorPerSecond === undefined ? "trivial page req/s" : `${Math.round(floorPerSecond)} ${unit}/s`,
    applies: true,
    actual: `${Math.round(load.perSecond)} ${unit}/s (p95 ${load.p95} ms)`,
    status: met ? "met" : "missed",
    margin: floorPerSecond === undefined ? "–" : `${round((load.perSecond / floorPerSecond) * 100, 0)} % of the trivial page`,
  };
}
