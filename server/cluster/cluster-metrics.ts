import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { AwaitedReplies } from "./awaited-replies";
import { localMetrics } from "./metrics";
import type { PrimaryMessage, WorkerMessage } from "./signals";

/**
 * GET /metrics for the whole instance (docs/decisions/0022). The primary never parses HTTP (it hands connections
 * over unread, connections.ts), so a web worker answers the request and asks the primary, which collects every
 * worker's metrics (web and jobs) with prom-client's AggregatorRegistry and sends back their sum. Whichever
 * worker a scrape reaches, it sees the same instance-wide series.
 */

/** prom-client gives up on workers that do not answer after 5 s; the asking worker waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

/**
 * A web worker's question to its primary answered with text (`metrics`, and process-metrics.ts's
 * `process-metrics`): `ask` sends it and waits up to ANSWER_TIMEOUT_MS; `handle` takes the primary's answer
 * (worker.ts passes every message from the primary).
 */
export function primaryQuestion(type: "metrics" | "process-metrics") {
  const waiting = new AwaitedReplies<number, string>();
  let lastId = 0;
  return {
    ask(): Promise<string> {
      const id = ++lastId;
      return waiting.wait(id, ANSWER_TIMEOUT_MS, new Error("the primary did not answer"), () =>
        process.send?.({ type, id } satisfies WorkerMessage),
      );
    },
    handle(message: PrimaryMessage): void {
      if (message?.type !== type) return;
      waiting.settle(message.id, message.error !== undefined ? new Error(message.error) : (message.text ?? ""));
    },
  };
}

const instanceQuestion = primaryQuestion("metrics");

/** The instance's metrics: through the primary in a cluster worker, this process's own otherwise (development, tests). */
export function instanceMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.connected) return localMetrics();
  return instanceQuestion.ask();
}

/** A web worker's side (worker.ts passes every message from the primary). */
export const handleMetricsMessage = instanceQuestion.handle;

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
