import { spawn } from "node:child_process";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { type LatencyStats, round, summarise } from "./stats";

export interface HttpLoadResult extends LatencyStats {
  /** Responses that were not 2xx, plus connection errors and timeouts: must all be 0. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Mean bytes received per response, headers included (bodies as sent: compressed). */
  bytesPerResponse: number;
  seconds: number;
  /** Which load generator measured it. */
  generator: LoadGenerator;
}

/**
 * `wrk` (Debian's, C, epoll) for every page: autocannon's response parser (JavaScript, one thread) tops out
 * near 5,000 answers/s on compressed pages, below what a cached page reaches (docs/decisions/0018).
 * `autocannon` is kept for the floor's comparison row and for counted views (views-load.ts).
 */
export type LoadGenerator = "wrk" | "autocannon";

/** Every request says this, as browsers do: the app pays for compression and the wire carries what users get. */
const ACCEPT_ENCODING = "br, gzip";
/** One wrk thread drives all connections (epoll): the fewest cores taken from the app it measures. */
const WRK_THREADS = 1;
const WRK_SCRIPT = path.join(import.meta.dirname, "wrk-report.lua");

interface WrkReport {
  durationUs: number;
  requests: number;
  bytes: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { mean: number; max: number; p50: number; p95: number; p99: number };
}

/** One wrk run; resolves with its report once the process exited (its CPU is then in the bench's children's time). */
function wrkOnce(url: string, connections: number, seconds: number, headers: Record<string, string> = {}): Promise<WrkReport> {
  const args = [
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    `-t${Math.min(WRK_THREADS, connections)}`,
    `-c${connections}`,
    `-d${Math.max(1, Math.round(seconds))}s`,
    "--timeout",
    "10s",
    "-H",
    `Accept-Encoding: ${ACCEPT_ENCODING}`,
    "-s",
    WRK_SCRIPT,
    url,
  ];
  return runWrk<WrkReport>(args, "WRK_RESULT");
}

/** Runs wrk with `args` and parses the JSON its Lua script printed after `marker` (one line: `MARKER {...}`). */
export function runWrk<T>(args: string[], marker: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c));
    child.stderr.on("data", (c: Buffer) => (err += c));
    child.on("error", (e) => reject(new Error(`wrk could not start (${e.message}): install it with scripts/ensure-debian-tools.sh wrk`)));
    child.on("close", (code) => {
      const line = out.split("\n").find((l) => l.startsWith(`${marker} `));
      if (code !== 0 || !line) return reject(new Error(`wrk ${args.join(" ")} failed (exit ${code}):\n${out}${err}`));
      resolve(JSON.parse(line.slice(marker.length + 1)) as T);
    });
  });
}

function autocannonOnce(url: string, connections: number, seconds: number, latencies?: number[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": ACCEPT_ENCODING };
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
 * Closed-loop HTTP load on one URL (wrk: with `headers` on every request, e.g. a session's Cookie): an unrecorded warm-up, then the measured window (bracketed by the
 * optional hooks, e.g. to read CPU counters over exactly that window; wrk's process has exited by `after`).
 */
export async function loadUrl(
  url: string,
  opts: { connections: number; duration: number; warmup: number; generator?: LoadGenerator; headers?: Record<string, string> },
  hooks: { before?: () => void; after?: () => void } = {},
): Promise<HttpLoadResult> {
  if ((opts.generator ?? "wrk") === "autocannon") return loadWithAutocannon(url, opts, hooks);
  if (opts.warmup > 0) await wrkOnce(url, opts.connections, opts.warmup, opts.headers);
  hooks.before?.();
  const r = await wrkOnce(url, opts.connections, opts.duration, opts.headers);
  hooks.after?.();
  const seconds = r.durationUs / 1e6;
  const ms = (us: number) => round(us / 1000, 2);
  return {
    count: r.requests,
    perSecond: round(r.requests / seconds, 1),
    mean: ms(r.latencyUs.mean),
    p50: ms(r.latencyUs.p50),
    p95: ms(r.latencyUs.p95),
    p99: ms(r.latencyUs.p99),
    max: ms(r.latencyUs.max),
    non2xx: r.non2xx,
    // wrk counts a status >= 400 as an error too: it is in non2xx already.
    errors: r.errors.connect + r.errors.read + r.errors.write,
    timeouts: r.errors.timeout,
    statusCodes: r.statusCodes,
    bytesPerResponse: r.requests ? Math.round(r.bytes / r.requests) : 0,
    seconds: round(seconds, 2),
    generator: "wrk",
  };
}

async function loadWithAutocannon(
  url: string,
  opts: { connections: number; duration: number; warmup: number },
  hooks: { before?: () => void; after?: () => void },
): Promise<HttpLoadResult> {
  if (opts.warmup > 0) await autocannonOnce(url, opts.connections, opts.warmup);
  const latencies: number[] = [];
  hooks.before?.();
  const r = await autocannonOnce(url, opts.connections, opts.duration, latencies);
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
    generator: "autocannon",
  };
}
