import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import { sql } from "kysely";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, register } from "prom-client";
import { getDb, poolStats } from "../db/connection";

/**
 * This process's Prometheus metrics (prom-client's global registry), read by GET /metrics
 * (server/http/operations.ts). In production every process of an instance counts its own, and the primary
 * adds them up (cluster-metrics.ts, docs/decisions/0022): counters and histograms are summed,
 * as are the gauges (pool connections and live streams of the instance).
 *
 * Labels never carry a raw URL or a visitor's value: routes are patterns (`/video/:videoId`) or a fixed name,
 * methods a fixed list, statuses a class. A label set from outside would grow the registry without bound.
 */

/**
 * Registers a metric once per process. In development a changed module is evaluated again under the same
 * prom-client (an external dependency, loaded once): the new definition replaces the old one.
 */
function metric<T extends Metric>(name: string, make: () => T): T {
  register.removeSingleMetric(name);
  return make();
}

/** Answers from a cached page take tens of microseconds, renders milliseconds, the live feed minutes. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const HTTP_LABELS = ["route", "method", "status"] as const;

export const httpRequests = metric(
  "pleazure_http_requests_total",
  () =>
    new Counter({
      name: "pleazure_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status class",
      labelNames: HTTP_LABELS,
    }),
);

export const httpDuration = metric(
  "pleazure_http_request_duration_seconds",
  () =>
    new Histogram({
      name: "pleazure_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its response, by route pattern, method and status class",
      labelNames: HTTP_LABELS,
      buckets: LATENCY_BUCKETS,
    }),
);

export const pageCacheAnswers = metric(
  "pleazure_page_cache_requests_total",
  () =>
    new Counter({
      name: "pleazure_page_cache_requests_total",
      help: "Requests the page micro-cache saw, by result (X-Page-Cache: hit, miss, bypass); hits include those answered before Express",
      labelNames: ["result"] as const,
    }),
);

export const viewsCounted = metric(
  "pleazure_views_counted_total",
  () => new Counter({ name: "pleazure_views_counted_total", help: "Video views counted (POST /api/views that added a view)" }),
);

metric(
  "pleazure_pg_pool_connections",
  () =>
    new Gauge({
      name: "pleazure_pg_pool_connections",
      help: "PostgreSQL pool connections: total open, idle, and checkouts waiting for one (the pool's gate, db/pool-gate.ts)",
      labelNames: ["state"] as const,
      collect() {
        const stats = poolStats();
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    }),
);

/**
 * The transcode queue, read from the app's own table when scraped. Every process of an instance reads the same
 * database, so the primary keeps the largest answer (`max`), not the sum; a failed read leaves the gauge empty.
 */
metric(
  "pleazure_transcode_jobs",
  () =>
    new Gauge({
      name: "pleazure_transcode_jobs",
      help: "Transcode jobs waiting (queued) and in progress (running), as the database has them",
      labelNames: ["status"] as const,
      aggregator: "max",
      async collect() {
        this.reset();
        try {
          const { rows } = await sql<{ status: string; n: number }>`
            SELECT status, count(*)::int AS n FROM transcode_jobs WHERE status IN ('queued', 'running') GROUP BY status`.execute(getDb());
          const counts = new Map(rows.map((r) => [r.status, r.n]));
          for (const status of ["queued", "running"]) this.set({ status }, counts.get(status) ?? 0);
        } catch {
          // No database (yet): no figure rather than a wrong one or a failed scrape.
        }
      },
    }),
);

/** How long a job took in the runner, by task and whether it ran to its end (done or failed) or was interrupted. */
export const jobDuration = metric(
  "pleazure_job_duration_seconds",
  () =>
    new Histogram({
      name: "pleazure_job_duration_seconds",
      help: "Job run time in the job runner, by task and outcome (ran: done or failed and recorded; interrupted: given back to the queue)",
      labelNames: ["task", "outcome"] as const,
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    }),
);

/** The live-feed count is read when scraped, from whoever serves the streams (http/ad-events.ts). */
let liveStreams: () => number = () => 0;

export function measureLiveStreams(count: () => number): void {
  liveStreams = count;
}

metric(
  "pleazure_sse_clients",
  () =>
    new Gauge({
      name: "pleazure_sse_clients",
      help: "Open Server-Sent Events streams (the live ad feed, /api/ads/events)",
      collect() {
        this.set(liveStreams());
      },
    }),
);

/** The live heap's metric: prom-client's defaults have the heap in use at the moment of reading only. */
export const LIVE_HEAP_METRIC = "pleazure_heap_after_gc_bytes";

/**
 * V8's heap in use right after the process's last full (mark-compact) collection: what is really retained. The heap
 * in use at any other moment is a sawtooth between collections (tens of MB in a web worker under load), which hides
 * a slow leak for many minutes; after a full collection only live objects remain, so this rises only when memory is
 * kept. Until the first full collection it is the heap in use at start. Read by the soak (docs/benchmarks.md
 * "Issue 31: soak") from /metrics/processes; summed over the processes in /metrics like the other heap figures.
 */
function watchLiveHeap(): void {
  const gauge = metric(
    LIVE_HEAP_METRIC,
    () => new Gauge({ name: LIVE_HEAP_METRIC, help: "V8 heap in use right after the last full garbage collection (the live heap)" }),
  );
  gauge.set(v8.getHeapStatistics().used_heap_size);
  // The observer runs soon after each collection, before much is allocated again.
  new PerformanceObserver((list) => {
    const full = list.getEntries().some((e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (full) gauge.set(v8.getHeapStatistics().used_heap_size);
  }).observe({ entryTypes: ["gc"] });
}

let started = false;

/**
 * Starts the default process metrics (CPU, memory, event loop, GC) and makes this process answer the primary's
 * requests for its metrics (prom-client's cluster protocol, set up by constructing an AggregatorRegistry).
 * Called by every process that serves or runs jobs; the primary aggregates instead (cluster-metrics.ts).
 */
export function startMetrics(): void {
  if (started) return;
  started = true;
  collectDefaultMetrics();
  watchLiveHeap();
  new AggregatorRegistry();
}

/**
 * The primary's own process metrics (memory, heap, event loop, handles), for /metrics/processes only
 * (process-metrics.ts): the instance's /metrics is its workers' sum, as before.
 */
export function startPrimaryMetrics(): void {
  if (started) return;
  started = true;
  collectDefaultMetrics();
  watchLiveHeap();
}

/** This process's metrics in Prometheus text format. */
export function localMetrics(): Promise<string> {
  return register.metrics();
}

export const METRICS_CONTENT_TYPE = register.contentType;
