import http, { type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import express from "express";
import { register } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../tests/support/app-routes";
import { useTestDatabase } from "../../tests/support/test-db";
import { startMetrics } from "../cluster/metrics";
import { markDatabaseAvailable, markDatabaseUnavailable } from "../db/availability";
import { connect, type DatabaseHandle, setDatabase } from "../db/connection";
import { MIGRATION_NAMES } from "../db/migrate";
import { ensureQueueSchema } from "../db/queue";
import { commonHeaders } from "./headers";
import { gracefulServer } from "./http-server";
import { metricsAccess, Readiness, withOperations } from "./operations";
import { PAGE_CACHE_HEADER } from "./page-cache-store";
import { routeMatching } from "./route-table";
import { whileDatabaseDown } from "./unavailable";

const db = useTestDatabase();

/** A stand-in for the Express chain (http/app.ts): the real route table, the database-down 503, then 200 or 404. */
async function chain(): Promise<express.Express> {
  const routes = await appRoutes();
  const app = express();
  app.use(commonHeaders());
  app.use(routeMatching(async () => ({ routes })));
  app.use(whileDatabaseDown());
  app.use((req, res) => {
    if (req.path.startsWith("/video/")) {
      res.setHeader(PAGE_CACHE_HEADER, "miss");
      res.status(200).type("html").send("<p>video</p>");
    } else res.status(404).type("text").send("Not found");
  });
  return app;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

function listen(listener: http.RequestListener): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(listener);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The value of one series of a counter in this process's registry. */
async function counterValue(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = await register.getSingleMetric(name)?.get();
  return metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value;
}

describe("operations endpoints", () => {
  let app: express.Express;
  let server: { port: number; close: () => Promise<void> };
  /** Requests the serving function saw: the operations endpoints never reach it. */
  let served: string[] = [];

  beforeAll(async () => {
    app = await chain();
    server = await listen(
      withOperations(
        (req, res) => {
          served.push(req.url ?? "");
          // A page-cache hit answered before Express (early-hits.ts) writes its own response.
          if (req.url?.startsWith("/video/") && req.headers["x-early"]) {
            res.writeHead(200, [PAGE_CACHE_HEADER, "hit", "Content-Type", "text/html"]);
            res.end("<p>video</p>");
            return "/video/:videoId";
          }
          app(req, res);
          return null;
        },
        { readiness: new Readiness({ draining: () => false }), metricsAllowed: metricsAccess({}), buildId: () => "5ca1ab1e" },
      ),
    );
  });
  afterAll(() => server.close());
  beforeEach(() => {
    served = [];
  });

  it("/healthz answers 200 ok, not stored, without the database or the chain, even while the database is down", async () => {
    const connects = vi.spyOn(db.handle().pool, "connect");
    markDatabaseUnavailable("test: database down");
    try {
      for (const path of ["/healthz", "/healthz?probe=1"]) {
        const res = await get(server.port, path);
        expect(res.status).toBe(200);
        expect(res.body).toBe("ok\n");
        expect(res.headers["x-build-id"]).toBe("5ca1ab1e"); // which release answers, during a rolling upgrade
        expect(res.headers["cache-control"]).toBe("no-store");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
      }
    } finally {
      markDatabaseAvailable();
    }
    expect(connects).not.toHaveBeenCalled();
    expect(served).toEqual([]);
    connects.mockRestore();
  });

  it("/readyz answers 503 naming the queue until graphile-worker's schema exists, then 200", async () => {
    const before = await get(server.port, "/readyz");
    expect(before.status).toBe(503);
    expect(JSON.parse(before.body)).toEqual({ ready: false, failed: ["queue"] });
    expect(before.headers["cache-control"]).toBe("no-store");
    await ensureQueueSchema(db.handle().pool);
    await new Promise((r) => setTimeout(r, 1_100)); // the cached answer expires
    const after = await get(server.port, "/readyz");
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body)).toEqual({ ready: true, failed: [] });
    expect(served).toEqual([]);
  });

  it("/readyz costs at most one database round trip per second, however many probes come", async () => {
    const readiness = new Readiness({ draining: () => false });
    const connects = vi.spyOn(db.handle().pool, "connect");
    const results = await Promise.all(Array.from({ length: 50 }, () => readiness.check()));
    expect(results.every((r) => r.ready)).toBe(true);
    for (let i = 0; i < 20; i++) await readiness.check();
    expect(connects).toHaveBeenCalledTimes(1);
    connects.mockRestore();
  });

  it("/readyz answers 503 for a database known down, without a query", async () => {
    const connects = vi.spyOn(db.handle().pool, "connect");
    markDatabaseUnavailable("test: database down");
    try {
      const res = await get(server.port, "/readyz");
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toEqual({ ready: false, failed: ["database"] });
    } finally {
      markDatabaseAvailable();
    }
    expect(connects).not.toHaveBeenCalled();
    connects.mockRestore();
  });

  it("/readyz answers 503 when the database cannot be reached", async () => {
    const unreachable: DatabaseHandle = connect("postgres://nobody@127.0.0.1:1/none");
    setDatabase(unreachable);
    try {
      const result = await new Readiness({ draining: () => false, timeoutMs: 3_000 }).check();
      expect(result).toEqual({ ready: false, failed: ["database"] });
    } finally {
      setDatabase(db.handle());
      markDatabaseAvailable(); // the failed connect marked it down
      await unreachable.close();
    }
  });

  it("/readyz answers 503 naming a migration the code ships that the database lacks", async () => {
    const readiness = new Readiness({ draining: () => false, migrations: [...MIGRATION_NAMES, "9999_from_a_newer_release"] });
    expect(await readiness.check()).toEqual({ ready: false, failed: ["migrations"], missingMigrations: ["9999_from_a_newer_release"] });
    await db.handle().pool.query("DELETE FROM kysely_migration WHERE name = $1", [MIGRATION_NAMES.at(-1)]);
    const current = new Readiness({ draining: () => false });
    expect(await current.check()).toMatchObject({ ready: false, failed: ["migrations"], missingMigrations: [MIGRATION_NAMES.at(-1)] });
  });

  it("labels requests by route pattern, never by URL, and counts page-cache answers, hits before Express included", async () => {
    const pattern = { route: "/video/:videoId", method: "GET", status: "2xx" };
    const requestsBefore = (await counterValue("pleazure_http_requests_total", pattern)) ?? 0;
    const hitsBefore = (await counterValue("pleazure_page_cache_requests_total", { result: "hit" })) ?? 0;
    const missesBefore = (await counterValue("pleazure_page_cache_requests_total", { result: "miss" })) ?? 0;
    const ids = ["0b3e8c7e-4f7a-4d55-9a1c-2f0d7b6e5a11", "6d1f0a52-93c4-4e2b-8f7a-5c3b1e9d2a44"];
    for (const id of ids) expect((await get(server.port, `/video/${id}`)).status).toBe(200);
    expect((await get(server.port, `/video/${ids[0]}`, { "X-Early": "1" })).status).toBe(200);
    expect((await get(server.port, "/no/such/page")).status).toBe(404);

    expect(await counterValue("pleazure_http_requests_total", pattern)).toBe(requestsBefore + 3);
    expect(await counterValue("pleazure_page_cache_requests_total", { result: "miss" })).toBe(missesBefore + 2);
    expect(await counterValue("pleazure_page_cache_requests_total", { result: "hit" })).toBe(hitsBefore + 1);
    const text = (await get(server.port, "/metrics")).body;
    expect(text).toContain('pleazure_http_requests_total{route="/video/:videoId",method="GET",status="2xx"}');
    expect(text).toContain('pleazure_http_requests_total{route="unmatched",method="GET",status="4xx"}');
    expect(text).toContain('pleazure_http_request_duration_seconds_bucket{le="0.0005",route="/video/:videoId"');
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain("/no/such/page");
    expect(text).not.toMatch(/route="\/(healthz|readyz|metrics)"/); // probes and scrapes are not counted
  });

  it("/metrics reads the transcode queue from the database: queued and running jobs", async () => {
    const job = (status: "queued" | "running" | "done") => ({
      video_id: crypto.randomUUID(),
      source_path: "/nowhere.mp4",
      source_name: "x.mp4",
      title: "Queued clip",
      status,
    });
    await db.handle().db.deleteFrom("transcode_jobs").execute();
    await db
      .handle()
      .db.insertInto("transcode_jobs")
      .values([job("queued"), job("queued"), job("running"), job("done")])
      .execute();
    const text = (await get(server.port, "/metrics")).body;
    expect(text).toContain('pleazure_transcode_jobs{status="queued"} 2');
    expect(text).toContain('pleazure_transcode_jobs{status="running"} 1');
    expect(text).toContain("# TYPE pleazure_job_duration_seconds histogram");
  });

  it("/metrics answers a loopback scraper, and an unknown path's 404 to a proxied request", async () => {
    const direct = await get(server.port, "/metrics");
    expect(direct.status).toBe(200);
    expect(direct.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(direct.headers["cache-control"]).toBe("no-store");
    expect(direct.body).toContain("pleazure_pg_pool_connections{state=");
    expect(direct.body).toContain("pleazure_sse_clients");
    expect(direct.body).toContain("pleazure_views_counted_total");
    const viaProxy = await get(server.port, "/metrics", { "X-Forwarded-For": "203.0.113.9" });
    const unknown = await get(server.port, "/no-such-path", { "X-Forwarded-For": "203.0.113.9" });
    expect(viaProxy.status).toBe(404);
    expect(viaProxy.body).toBe(unknown.body);
    expect(served).toEqual(["/metrics", "/no-such-path"]);
  });

  it("/metrics with METRICS_TOKEN answers only a request carrying it", async () => {
    const token = "s3cret-metrics-token-0123456789";
    const withToken = await listen(
      withOperations(
        (req, res) => {
          app(req, res);
          return null;
        },
        { metricsAllowed: metricsAccess({ METRICS_TOKEN: token }) },
      ),
    );
    try {
      expect((await get(withToken.port, "/metrics")).status).toBe(404);
      expect((await get(withToken.port, "/metrics", { Authorization: "Bearer wrong" })).status).toBe(404);
      const ok = await get(withToken.port, "/metrics", { Authorization: `Bearer ${token}`, "X-Forwarded-For": "203.0.113.9" });
      expect(ok.status).toBe(200);
      expect(ok.body).toContain("pleazure_http_requests_total");
    } finally {
      await withToken.close();
    }
  });

  it("/metrics/processes: this process's own figures labelled with its role and pid, for the same scrapers only", async () => {
    startMetrics(); // the process metrics; a worker starts them at boot
    const direct = await get(server.port, "/metrics/processes");
    expect(direct.status).toBe(200);
    expect(direct.headers["cache-control"]).toBe("no-store");
    expect(direct.body).toContain(`process_resident_memory_bytes{process="single",pid="${process.pid}"}`);
    expect(direct.body).toContain(`nodejs_active_handles_total{process="single",pid="${process.pid}"}`);
    expect(direct.body).not.toContain("pleazure_http_requests_total");
    const viaProxy = await get(server.port, "/metrics/processes", { "X-Forwarded-For": "203.0.113.9" });
    expect(viaProxy.status).toBe(404);
    expect(served).toEqual(["/metrics/processes"]);
    expect((await get(server.port, "/metrics")).body).not.toMatch(/route="\/metrics/);
  });

  it("/readyz answers 503 once the worker drains (http-server.ts)", async () => {
    const graceful = gracefulServer(() => {}, {
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 1_000,
      keepAliveTimeoutMs: 1_000,
      maxConnections: 10,
    });
    await graceful.drain(100);
    const readiness = new Readiness(); // the default: the process's drain
    expect(await readiness.check()).toEqual({ ready: false, failed: ["draining"] });
    graceful.server.close();
  });
});

describe("metricsAccess", () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress } as Socket, headers }) as unknown as IncomingMessage;

  it("allows loopback peers only by default, never a proxied request", () => {
    const allowed = metricsAccess({});
    expect(allowed(request("127.0.0.1"))).toBe(true);
    expect(allowed(request("::1"))).toBe(true);
    expect(allowed(request("::ffff:127.0.0.1"))).toBe(true);
    expect(allowed(request("10.1.2.3"))).toBe(false);
    expect(allowed(request("2001:db8::1"))).toBe(false);
    expect(allowed(request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }))).toBe(false);
    expect(allowed(request("127.0.0.1", { forwarded: "for=203.0.113.9" }))).toBe(false);
    expect(allowed(request("127.0.0.1", { "x-real-ip": "203.0.113.9" }))).toBe(false);
  });

  it("with a token: any address that presents it, nobody without it", () => {
    const allowed = metricsAccess({ METRICS_TOKEN: "t".repeat(20) });
    expect(allowed(request("198.51.100.7", { authorization: `Bearer ${"t".repeat(20)}` }))).toBe(true);
    expect(allowed(request("127.0.0.1"))).toBe(false);
    expect(allowed(request("127.0.0.1", { authorization: `Bearer ${"t".repeat(19)}` }))).toBe(false);
    expect(allowed(request("127.0.0.1", { authorization: "t".repeat(20) }))).toBe(false);
  });

  it("METRICS_ALLOW lists addresses and ranges, combines with a token, and `none` turns the endpoint off", () => {
    const ranges = metricsAccess({ METRICS_ALLOW: ["10.0.0.0/8", "2001:db8::/32", "192.0.2.5"] });
    expect(ranges(request("10.200.0.1"))).toBe(true);
    expect(ranges(request("::ffff:10.200.0.1"))).toBe(true);
    expect(ranges(request("2001:db8::42"))).toBe(true);
    expect(ranges(request("192.0.2.5"))).toBe(true);
    expect(ranges(request("192.0.2.6"))).toBe(false);
    expect(ranges(request("127.0.0.1"))).toBe(false);
    const both = metricsAccess({ METRICS_ALLOW: ["10.0.0.0/8"], METRICS_TOKEN: "t".repeat(20) });
    expect(both(request("10.0.0.1"))).toBe(false);
    expect(both(request("10.0.0.1", { authorization: `Bearer ${"t".repeat(20)}` }))).toBe(true);
    expect(both(request("198.51.100.7", { authorization: `Bearer ${"t".repeat(20)}` }))).toBe(false);
    expect(metricsAccess({ METRICS_ALLOW: ["none"] })(request("127.0.0.1"))).toBe(false);
    expect(metricsAccess({ METRICS_ALLOW: ["any"] })(request("198.51.100.7"))).toBe(true);
  });
});
