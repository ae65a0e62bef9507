// Cluster worker for the metrics tests (server/cluster/cluster-metrics.test.ts, process-metrics.test.ts): counts COUNT
// requests, answers the primary's requests for its metrics (summed, and its own process metrics as ROLE), and asks
// for the instance's metrics when told to ("ask": /metrics, "ask-processes": /metrics/processes).

import { handleMetricsMessage, instanceMetrics } from "../../server/cluster/cluster-metrics";
import { httpRequests, startMetrics } from "../../server/cluster/metrics";
import {
  answerOwnMetricsRequest,
  handleProcessMetricsMessage,
  instanceProcessMetrics,
  type ProcessRole,
} from "../../server/cluster/process-metrics";
import type { PrimaryMessage } from "../../server/cluster/signals";

startMetrics();
httpRequests.inc({ route: "/video/:videoId", method: "GET", status: "2xx" }, Number(process.env.COUNT));
const answer = (ask: () => Promise<string>) =>
  void ask().then(
    (text) => process.send?.({ type: "answer", text }),
    (err: Error) => process.send?.({ type: "answer", error: err.message }),
  );
process.on("message", (message: PrimaryMessage | { type: "ask" } | { type: "ask-processes" }) => {
  if (message?.type === "ask") answer(instanceMetrics);
  else if (message?.type === "ask-processes") answer(() => instanceProcessMetrics());
  else {
    handleMetricsMessage(message);
    handleProcessMetricsMessage(message);
    answerOwnMetricsRequest(message, (process.env.ROLE ?? "web") as ProcessRole);
  }
});
process.send?.({ type: "ready" });
