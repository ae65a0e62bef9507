import { describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../process";
import { startWorkerOperations } from "./worker-operations";

describe("npm run worker's operations port", () => {
  it('answers /metrics/processes with its own process metrics, labelled process="worker" and its pid', async () => {
    const port = await freeLoopbackPort();
    const close = await startWorkerOperations(port, "127.0.0.1", () => false);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics/processes`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain(`process_resident_memory_bytes{process="worker",pid="${process.pid}"}`);
      expect(text).toContain(`nodejs_active_handles_total{process="worker",pid="${process.pid}"}`);
      // A proxied request is not the loopback scraper (the same rules as an instance's).
      expect((await fetch(`http://127.0.0.1:${port}/metrics/processes`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(
        404,
      );
    } finally {
      await close();
    }
  });
});
