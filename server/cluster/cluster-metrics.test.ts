import cluster, { type Worker } from "node:cluster";
import { afterAll, describe, expect, it } from "vitest";
import { MetricsRelay } from "./cluster-metrics";
import type { WorkerMessage } from "./signals";

describe("the instance's metrics through the primary", () => {
  const workers: Worker[] = [];
  afterAll(() => {
    for (const worker of workers) worker.kill();
  });

  it("a worker's /metrics sums every worker's counters (the primary aggregates them with prom-client)", async () => {
    cluster.setupPrimary({ exec: "tests/support/metrics-worker-child.ts", execArgv: ["--import", "tsx"] });
    const relay = new MetricsRelay();
    cluster.on("message", (worker, message: WorkerMessage) => {
      if (message?.type === "metrics") relay.request(worker, message.id);
    });
    const fork = (count: number) =>
      new Promise<Worker>((resolve) => {
        const worker = cluster.fork({ COUNT: String(count) });
        workers.push(worker);
        worker.on("message", (m: { type?: string }) => m?.type === "ready" && resolve(worker));
      });
    const [first] = await Promise.all([fork(2), fork(3)]);
    const answer = await new Promise<{ text?: string; error?: string }>((resolve) => {
      first?.on("message", (m: { type?: string; text?: string; error?: string }) => m?.type === "answer" && resolve(m));
      first?.send({ type: "ask" });
    });
    expect(answer.error).toBeUndefined();
    expect(answer.text).toContain('pleazure_http_requests_total{route="/video/:videoId",method="GET",status="2xx"} 5');
    // Process metrics of both workers, added up; the start time is left out (prom-client's "omit").
    expect(answer.text).toContain("process_resident_memory_bytes");
    expect(answer.text).not.toContain("process_start_time_seconds");
  });
});
