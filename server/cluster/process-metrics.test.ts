import cluster, { type Worker } from "node:cluster";
import v8 from "node:v8";
import vm from "node:vm";
import { register } from "prom-client";
import { afterAll, describe, expect, it } from "vitest";
import { LIVE_HEAP_METRIC, startPrimaryMetrics } from "./metrics";
import { isProcessMetric, ownProcessMetrics, ProcessMetricsRelay, renderProcessMetrics } from "./process-metrics";
import type { WorkerMessage } from "./signals";

describe("per-process metrics (/metrics/processes)", () => {
  it("labels this process's default metrics with its role and pid, and keeps each process's series apart", async () => {
    startPrimaryMetrics();
    const primary = await ownProcessMetrics("primary", 101);
    const web = await ownProcessMetrics("web", 202);
    expect(primary.length).toBeGreaterThan(5);
    expect(primary.every((m) => isProcessMetric(m.name))).toBe(true);
    const text = await renderProcessMetrics([primary, web]);
    expect(text).toMatch(/^process_resident_memory_bytes\{process="primary",pid="101"\} \d+/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{process="web",pid="202"\} \d+/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes\{process="web",pid="202"\} \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{process="web",pid="202"\} [\d.e-]+/m);
    expect(text).toMatch(/^nodejs_active_handles_total\{process="primary",pid="101"\} \d+/m);
    expect(text).toMatch(/^pleazure_heap_after_gc_bytes\{process="web",pid="202"\} \d+/m);
    // Unlike /metrics' sum, nothing is dropped: each process's start time stays.
    expect(text).toMatch(/^process_start_time_seconds\{process="web",pid="202"\} \d+/m);
    expect(text).not.toContain("pleazure_http_");
  });

  it("the live heap follows full collections: up with what is kept, down once it is let go", async () => {
    startPrimaryMetrics();
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const live = async () => {
      gc(); // a full collection; the observer reads the heap after it
      await new Promise((r) => setTimeout(r, 50));
      return (await register.getSingleMetric(LIVE_HEAP_METRIC)!.get()).values[0]!.value;
    };
    const before = await live();
    let kept: number[][] | undefined = Array.from({ length: 200 }, (_, i) => new Array(10_000).fill(i + 0.5)); // ~16 MB
    const holding = await live();
    expect(holding - before).toBeGreaterThan(10 * 2 ** 20);
    expect(kept.length).toBe(200);
    kept = undefined;
    expect(holding - (await live())).toBeGreaterThan(10 * 2 ** 20);
  });

  describe("through the primary", () => {
    const workers: Worker[] = [];
    afterAll(() => {
      for (const worker of workers) worker.kill();
    });

    it("a worker's /metrics/processes has the primary's, every web worker's and the jobs worker's own figures", async () => {
      cluster.setupPrimary({ exec: "tests/support/metrics-worker-child.ts", execArgv: ["--import", "tsx"] });
      const relay = new ProcessMetricsRelay();
      cluster.on("message", (worker, message: WorkerMessage) => {
        if (message?.type === "process-metrics") relay.request(worker, message.id);
      });
      const fork = (role: string) =>
        new Promise<Worker>((resolve) => {
          const worker = cluster.fork({ COUNT: "1", ROLE: role });
          workers.push(worker);
          worker.on("message", (m: { type?: string }) => m?.type === "ready" && resolve(worker));
        });
      const [first, second, jobs] = await Promise.all([fork("web"), fork("web"), fork("jobs")]);
      const answer = await new Promise<{ text?: string; error?: string }>((resolve) => {
        first?.on("message", (m: { type?: string; text?: string; error?: string }) => m?.type === "answer" && resolve(m));
        first?.send({ type: "ask-processes" });
      });
      expect(answer.error).toBeUndefined();
      const rss = (role: string, pid: number | undefined) =>
        new RegExp(`^process_resident_memory_bytes\\{process="${role}",pid="${pid}"\\} \\d+`, "m");
      expect(answer.text).toMatch(rss("primary", process.pid));
      expect(answer.text).toMatch(rss("web", first?.process.pid));
      expect(answer.text).toMatch(rss("web", second?.process.pid));
      expect(answer.text).toMatch(rss("jobs", jobs?.process.pid));
      expect(answer.text).not.toContain("pleazure_http_requests_total");
    });
  });
});
