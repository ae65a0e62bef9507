import http from "node:http";
import { localMetrics, startMetrics } from "../cluster/metrics";
import { instanceProcessMetrics } from "../cluster/process-metrics";
import { Readiness, withOperations } from "../http/operations";

/**
 * The operations endpoints of `npm run worker` (WORKER_METRICS_PORT): /healthz, /readyz (database, migrations,
 * queue; 503 "draining" once it stops) and /metrics with this process's figures: its job durations, the
 * queue as the database has it, process metrics (also at /metrics/processes, labelled `process="worker"` and its
 * pid, as an instance's). The same access rules as an app instance's (METRICS_ALLOW, METRICS_TOKEN); every other
 * path is a plain 404. Resolves with the close function once it listens.
 */
export async function startWorkerOperations(port: number, host: string, draining: () => boolean): Promise<() => Promise<void>> {
  startMetrics();
  const listener = withOperations(
    (_req, res) => {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not found\n");
      return null;
    },
    { metrics: localMetrics, processMetrics: () => instanceProcessMetrics("worker"), readiness: new Readiness({ draining }) },
  );
  const server = http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
