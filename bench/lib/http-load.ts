import autocannon, { type Result } from "autocannon";
import { type LatencyStats, round, summarise } from "./stats";

export interface HttpLoadResult extends LatencyStats {
  /** Responses that were not 2xx, plus connection errors and timeouts: must all be 0. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Mean response body size in bytes (uncompressed: autocannon sends no Accept-Encoding). */
  bytesPerResponse: number;
  seconds: number;
}

function once(url: string, connections: number, seconds: number, latencies?: number[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    // Like a browser: compressed responses, so the app pays for compression and the wire carries what users get.
    const headers = { "accept-encoding": "br, gzip" };
    const instance = autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    if (latencies) {
      // autocannon's own histogram has no p95; keep every response time (ms, from process.hrtime).
      instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
      });
    }
  });
}

/**
 * Closed-loop HTTP load on one URL: an unrecorded warm-up, then the measured window (bracketed by the
 * optional hooks, e.g. to read CPU counters over exactly that window).
 */
export async function loadUrl(
  url: string,
  opts: { connections: number; duration: number; warmup: number },
  hooks: { before?: () => void; after?: () => void } = {},
): Promise<HttpLoadResult> {
  if (opts.warmup > 0) await once(url, opts.connections, opts.warmup);
  const latencies: number[] = [];
  hooks.before?.();
  const r = await once(url, opts.connections, opts.duration, latencies);
  hooks.after?.();
  const seconds = r.duration || opts.duration;
  const ok = r["2xx"];
  const codes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) codes[code] = s.count;
  return {
    ...summarise(latencies, seconds),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: codes,
    bytesPerResponse: ok ? Math.round(r.throughput.total / ok) : 0,
    seconds: round(seconds, 2),
  };
}
