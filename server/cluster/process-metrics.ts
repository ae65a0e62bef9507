import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, register } from "prom-client";
import { AwaitedReplies } from "./awaited-replies";
import { primaryQuestion } from "./cluster-metrics";
import { LIVE_HEAP_METRIC } from "./metrics";
import type { PrimaryMessage, WorkerMessage } from "./signals";

/**
 * GET /metrics/processes (docs/operations.md "Reading the metrics", ADR 0022's addendum): the process metrics of
 * every process of the instance side by side, each series labelled with the process's role and pid. /metrics adds
 * them up (and averages the event loop's delay), which hides one worker whose heap grows or whose event loop
 * stalls; a leak hunt, and the soak test (bench/soak.ts), need them apart. Same access rules as /metrics.
 *
 * The primary answers with its own figures and asks each worker (web and jobs) for its own over IPC; the web
 * worker that received the request asks the primary, as for /metrics (cluster-metrics.ts). Only prom-client's
 * default metrics go (process_*, nodejs_*), with the live heap (metrics.ts): the app's own series stay in /metrics,
 * summed.
 */

/** Which process a series is from: the cluster's primary, a web worker, the jobs worker; `npm run worker`; development's one process. */
export type ProcessRole = "primary" | "web" | "jobs" | "worker" | "single";

type MetricJson = Awaited<ReturnType<typeof register.getMetricsAsJSON>>[number];

/** Longer than a busy worker takes to answer, shorter than the asking worker waits (cluster-metrics.ts, 6 s). */
const WORKER_TIMEOUT_MS = 4_000;

/** prom-client's default metrics (collectDefaultMetrics) are the ones named process_* and nodejs_*; and the live heap. */
export function isProcessMetric(name: string): boolean {
  return name.startsWith("process_") || name.startsWith("nodejs_") || name === LIVE_HEAP_METRIC;
}

/** This process's process metrics, every value labelled `process` (its role) and `pid`. */
export async function ownProcessMetrics(role: ProcessRole, pid = process.pid): Promise<MetricJson[]> {
  const names = register
    .getMetricsAsArray()
    .map((m) => m.name)
    .filter(isProcessMetric);
  const out: MetricJson[] = [];
  for (const name of names) {
    const metric = register.getSingleMetric(name);
    if (!metric) continue;
    const json = await metric.get();
    out.push({
      ...json,
      values: json.values.map((v) => ({ ...v, labels: { ...v.labels, process: role, pid: String(pid) } })),
      // Every series has labels of its own, so nothing is combined: "first" keeps each as it is (prom-client's
      // own aggregators would drop the start time and average the event loop's figures).
      aggregator: "first",
    } as MetricJson);
  }
  return out;
}

/** Several processes' labelled metrics as one Prometheus text. */
export function renderProcessMetrics(perProcess: readonly MetricJson[][]): Promise<string> {
  return AggregatorRegistry.aggregate(perProcess as MetricJson[][]).metrics();
}

// --- a worker's side ---

/** Any worker (web or jobs): answers the primary's request for this process's own metrics. */
export function answerOwnMetricsRequest(message: PrimaryMessage, role: ProcessRole): void {
  if (message?.type !== "own-metrics") return;
  const reply = (body: Omit<Extract<WorkerMessage, { type: "own-metrics" }>, "type" | "id">) =>
    process.send?.({ type: "own-metrics", id: message.id, ...body } satisfies WorkerMessage);
  ownProcessMetrics(role).then(
    (metrics) => reply({ metrics }),
    (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
  );
}

const processQuestion = primaryQuestion("process-metrics");

/** The instance's per-process metrics: through the primary in a cluster worker, this process's own otherwise. */
export async function instanceProcessMetrics(aloneAs: ProcessRole = "single"): Promise<string> {
  if (!cluster.isWorker || !process.connected) return renderProcessMetrics([await ownProcessMetrics(aloneAs)]);
  return processQuestion.ask();
}

/** A web worker's side of the answer (worker.ts passes every message from the primary). */
export const handleProcessMetricsMessage = processQuestion.handle;

// --- the primary's side ---

/**
 * Collects its own and every worker's process metrics (each worker labels its own with its role) for a web worker
 * that asked. A worker that does not answer in time is left out (its absence shows as missing series), so one
 * stuck process does not fail the scrape.
 */
export class ProcessMetricsRelay {
  private readonly replies = new AwaitedReplies<string, MetricJson[]>();
  private lastId = 0;

  constructor() {
    cluster.on("message", (worker: Worker, message: WorkerMessage) => {
      if (message?.type !== "own-metrics") return;
      const key = `${worker.id}:${message.id}`;
      this.replies.settle(
        key,
        message.error !== undefined ? new Error(message.error) : ((message.metrics as MetricJson[] | undefined) ?? []),
      );
    });
  }

  async collect(): Promise<string> {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
    const id = ++this.lastId;
    const theirs = workers.map((worker) =>
      this.replies
        .wait(`${worker.id}:${id}`, WORKER_TIMEOUT_MS, [], () => worker.send({ type: "own-metrics", id } satisfies PrimaryMessage))
        .catch(() => [] as MetricJson[]),
    );
    return renderProcessMetrics([await ownProcessMetrics("primary"), ...(await Promise.all(theirs))]);
  }

  /** Answers a web worker's request. */
  request(worker: Worker, id: number): void {
    const answer = (reply: Extract<PrimaryMessage, { type: "process-metrics" }>) => {
      if (worker.isConnected()) worker.send(reply);
    };
    this.collect().then(
      (text) => answer({ type: "process-metrics", id, text }),
      (err: unknown) => answer({ type: "process-metrics", id, error: err instanceof Error ? err.message : String(err) }),
    );
  }
}
