import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { localMetrics } from "../metrics";
import { AwaitedReplies } from "./awaited-replies";
import type { PrimaryMessage, WorkerMessage } from "./signals";

/**
 * GET /metrics for the whole instance (docs/decisions/0022). The primary never parses HTTP (it hands connections
 * over unread, connections.ts), so a web worker answers the request and asks the primary, which collects every
 * worker's metrics (web and jobs) with prom-client's AggregatorRegistry and sends back their sum. Whichever
 * worker a scrape reaches, it sees the same instance-wide series.
 */

/** prom-client gives up on workers that do not answer after 5 s; the asking worker waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

const waiting = new AwaitedReplies<number, string>();
let lastId = 0;

/** The instance's metrics: through the primary in a cluster worker, this process's own otherwise (development, tests). */
export function instanceMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.connected) return localMetrics();
  const id = ++lastId;
  return waiting.wait(id, ANSWER_TIMEOUT_MS, new Error("the primary did not answer"), () =>
    process.send?.({ type: "metrics", id } satisfies WorkerMessage),
  );
}

/** A web worker's side (worker.ts passes every message from the primary). */
export function handleMetricsMessage(message: PrimaryMessage): void {
  if (message?.type !== "metrics") return;
  waiting.settle(message.id, message.error !== undefined ? new Error(message.error) : (message.text ?? ""));
}

/** The primary's side: one aggregator (it listens for the workers' answers from its construction on). */
export class MetricsRelay {
  private readonly aggregator = new AggregatorRegistry();

  request(worker: Worker, id: number): void {
    const answer = (reply: Extract<PrimaryMessage, { type: "metrics" }>) => {
      if (worker.isConnected()) worker.send(reply);
    };
    this.aggregator.clusterMetrics().then(
      (text) => answer({ type: "metrics", id, text }),
      (err: unknown) => answer({ type: "metrics", id, error: err instanceof Error ? err.message : String(err) }),
    );
  }
}
