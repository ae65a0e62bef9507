// Cluster worker for the metrics aggregation test (server/runtime/cluster-metrics.test.ts): counts COUNT requests,
// answers the primary's metrics requests, and asks for the instance's metrics when told to.
import { httpRequests, startMetrics } from "../../server/metrics";
import { handleMetricsMessage, instanceMetrics } from "../../server/runtime/cluster-metrics";
import type { PrimaryMessage } from "../../server/runtime/signals";

startMetrics();
httpRequests.inc({ route: "/video/:videoId", method: "GET", status: "2xx" }, Number(process.env.COUNT));
process.on("message", (message: PrimaryMessage | { type: "ask" }) => {
  if (message?.type === "ask") {
    void instanceMetrics().then(
      (text) => process.send?.({ type: "answer", text }),
      (err: Error) => process.send?.({ type: "answer", error: err.message }),
    );
  } else handleMetricsMessage(message);
});
process.send?.({ type: "ready" });
