import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../tests/support/app-routes";
import { markDatabaseAvailable, markDatabaseUnavailable } from "../db/availability";
import { logger } from "../logger";
import { compressResponses } from "./compression";
import { refuseCrossSiteWrites } from "./cross-site";
import { declaredHeaders } from "./declared-headers";
import { earlyHits } from "./early-hits";
import { commonHeaders } from "./headers";
import { inputBoundary } from "./input-boundary";
import { bypassPageCacheWhile } from "./page-cache-bypass";
import { pageCacheHandler } from "./page-cache-handler";
import { createPageStore, PAGE_CACHE_HEADER, type PageStore } from "./page-cache-store";
import { loadedRouteTable, routeMatching } from "./route-table";
import { buildFiles } from "./static-files";
import { whileDatabaseDown } from "./unavailable";

/**
 * The same store behind two servers: one sends every request through the Express chain (as with
 * PAGE_CACHE_HITS=express), the other answers hits before it (the web worker's listener, app.ts). The chain
 * is http/app.ts's, in its order, with a stand-in for React Router.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header names in the order sent. */
  names: string[];
  body: Buffer;
  /** Whether the request entered the Express app. */
  viaExpress: boolean;
}

describe("page-cache hits before Express", () => {
  const counts = { express: 0, renders: 0 };
  let now = 1_000_000;
  let store: PageStore;
  let chainServer: http.Server;
  let earlyServer: http.Server;
  let chainPort: number;
  let earlyPort: number;
  /** What each request to the early server got back from earlyHits: the route pattern of a hit, or null. */
  const hitRoutes: (string | null)[] = [];
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "early-hits-client-"));
  // Kept-alive connections, as browsers and the bench use.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    const routes = await appRoutes();
    store = createPageStore({ ttlMs: 60_000, staleMs: 5_000, now: () => now });
    const app = express();
    app.disable("x-powered-by");
    app.set("trust proxy", "loopback");
    app.use((_req, _res, next) => {
      counts.express++;
      next();
    });
    app.use(commonHeaders());
    app.use(inputBoundary());
    app.use(routeMatching(async () => ({ routes }))); // the real route table: which pages declare pageCache
    app.use(refuseCrossSiteWrites());
    app.use(compressResponses());
    app.use(buildFiles(clientDir)); // its router leaves a page request a turn later, as in app.ts
    app.use(whileDatabaseDown());
    app.use(declaredHeaders());
    app.use(pageCacheHandler(store));
    app.use((req, res) => {
      counts.renders++;
      const nonce = String(res.locals.nonce);
      res.status(200).type("html");
      res.setHeader("X-Render", String(counts.renders));
      res.write(`<!doctype html><html><head><script nonce="${nonce}">window.a=1</script></head>`);
      setTimeout(() => res.end(`<body>${"x".repeat(2000)}<p>${req.originalUrl}</p></body></html>`), req.query.slow ? 200 : 1);
    });
    const answerHit = earlyHits(store, app);
    chainServer = http.createServer(app);
    earlyServer = http.createServer((req, res) => {
      const route = answerHit(req, res);
      hitRoutes.push(route);
      if (route === null) app(req, res);
    });
    for (const s of [chainServer, earlyServer]) await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    chainPort = (chainServer.address() as AddressInfo).port;
    earlyPort = (earlyServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    for (const s of [chainServer, earlyServer]) await new Promise((r) => s.close(r));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });
  afterEach(() => {
    markDatabaseAvailable();
    bypassPageCacheWhile(() => false);
  });

  /** A raw request (target sent as given, body bytes not decoded); one Host for both servers, as it is part of the key. */
  const send = (
    port: number,
    target: string,
    headers: Record<string, string> = {},
    method = "GET",
    body?: string,
    via: http.Agent = agent,
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const before = counts.express;
      const req = http.request(
        { host: "127.0.0.1", port, path: target, method, agent: via, headers: { host: "site.test", "user-agent": BROWSER, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              names: res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()),
              body: Buffer.concat(chunks),
              viaExpress: counts.express > before,
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  /**
   * Waits until the store holds its final bytes: every snapshot stored and every kept page recompressed
   * (page-recompression.ts). Otherwise two hits in a row can straddle the recompression and differ in length.
   */
  const settle = async () => {
    await store.settled();
    await store.recompressed();
  };

  /** Renders `target` once through the chain and waits until its page is stored in its final encoding. */
  const fill = async (target: string, headers: Record<string, string> = {}) => {
    const first = await send(chainPort, target, headers);
    await settle();
    return first;
  };

  /** Every header but the per-response ones: the request id and the date. */
  const comparable = (h: http.IncomingHttpHeaders) => {
    const { "x-request-id": _id, date: _date, ...rest } = h;
    return rest;
  };

  const both = async (target: string, headers: Record<string, string> = {}, method = "GET") => {
    const chain = await send(chainPort, target, headers, method);
    const early = await send(earlyPort, target, headers, method);
    return { chain, early };
  };

  it("answers a hit without entering Express, with the same headers and bytes as a hit through the chain", async () => {
    const miss = await fill("/");
    expect(miss.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");
    for (const accept of ["br, gzip", "gzip, deflate, br, zstd", "gzip", "br;q=0, gzip", "*", "gzip;q=0.5, br;q=0.8"]) {
      const { chain, early } = await both("/", { "accept-encoding": accept });
      expect([accept, chain.viaExpress, early.viaExpress]).toEqual([accept, true, false]);
      expect(early.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
      expect(comparable(early.headers)).toEqual(comparable(chain.headers));
      expect(early.names).toEqual(chain.names); // in the same order, too
      expect(early.body.equals(chain.body)).toBe(true);
      expect(Number(early.headers["content-length"])).toBe(early.body.length);
      expect(early.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    const sample = (await send(earlyPort, "/", { "accept-encoding": "br, gzip" })).headers;
    // The list that headers.ts's startResponse sets, the page's own, and what personalPages and compression add.
    expect(sample).toMatchObject({
      rating: expect.stringMatching(/^RTA-/),
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "content-security-policy": expect.stringMatching(/script-src 'self' 'sha256-/),
      "cache-control": "private, no-cache",
      vary: "Accept-Encoding",
      "content-encoding": "br",
      "content-type": "text/html; charset=utf-8",
      "x-render": "1",
      connection: "keep-alive",
    });
    expect(sample["content-security-policy"]).not.toContain("nonce");
    expect(sample["strict-transport-security"]).toBeUndefined();
  });

  it("sends an expired page at once while its replacement renders, marked stale; the first request renders it", async () => {
    const second = new http.Agent({ keepAlive: true, maxSockets: 1 }); // another visitor's connection
    const target = "/values?slow=1";
    const state = (a: Answer) => a.headers[PAGE_CACHE_HEADER.toLowerCase()];
    const br = { "accept-encoding": "br" }; // what the early path answers (else Express's compression)
    const old = await fill(target, br);
    now += 60_001; // past the TTL, within the stale bound
    const rendersBefore = counts.renders;
    const lead = send(earlyPort, target, br);
    await vi.waitFor(() => expect(counts.renders).toBe(rendersBefore + 1)); // its render is under way
    const during = await send(earlyPort, target, br, "GET", undefined, second);
    expect([state(during), during.viaExpress, during.headers["x-render"]]).toEqual(["stale", false, old.headers["x-render"]]);
    expect(Number(during.headers["content-length"])).toBe(during.body.length);
    const first = await lead;
    expect([state(first), first.viaExpress]).toEqual(["miss", true]);
    await settle();
    const after = await send(earlyPort, target, br, "GET", undefined, second);
    expect([state(after), after.headers["x-render"]]).toEqual(["hit", first.headers["x-render"]]);
    // Past the stale bound the copy is gone: the next request renders, the ones during it wait for that render.
    now += 60_000 + 5_001;
    const renders = counts.renders;
    const [again, waited] = await Promise.all([send(earlyPort, target, br), send(earlyPort, target, br, "GET", undefined, second)]);
    expect([state(again), state(waited)].sort()).toEqual(["hit", "miss"]);
    expect(counts.renders - renders).toBe(1);
    second.destroy();
  });

  it("answers HEAD without a body and with the page's Content-Length", async () => {
    await fill("/faq");
    const { chain, early } = await both("/faq", { "accept-encoding": "gzip" }, "HEAD");
    expect([chain.viaExpress, early.viaExpress]).toEqual([true, false]);
    expect(comparable(early.headers)).toEqual(comparable(chain.headers));
    expect(early.body.length).toBe(0);
    const get = await send(earlyPort, "/faq", { "accept-encoding": "gzip" });
    expect(early.headers["content-length"]).toBe(String(get.body.length));
  });

  it("keeps the caller's request id and sends no 304: a hit has no validator today, through either path", async () => {
    await fill("/terms");
    const { chain, early } = await both("/terms", { "accept-encoding": "br", "x-request-id": "trace-42", "if-none-match": "*" });
    expect([chain.status, early.status, early.viaExpress]).toEqual([200, 200, false]);
    expect([chain.headers["x-request-id"], early.headers["x-request-id"]]).toEqual(["trace-42", "trace-42"]);
    expect(early.headers.etag).toBeUndefined();
  });

  it("keys and secures by the protocol a trusted proxy names, as Express's req.protocol does", async () => {
    const https = { "accept-encoding": "br", "x-forwarded-proto": "https" };
    await fill("/privacy");
    // Another protocol is another page: a miss, rendered through the chain.
    expect((await send(earlyPort, "/privacy", https)).viaExpress).toBe(true);
    await settle();
    const { chain, early } = await both("/privacy", https);
    expect([early.viaExpress, early.headers[PAGE_CACHE_HEADER.toLowerCase()]]).toEqual([false, "hit"]);
    expect(comparable(early.headers)).toEqual(comparable(chain.headers));
    expect(early.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("answers a signed-in shell early too, with its own entry and Cache-Control", async () => {
    const session = { "accept-encoding": "br", cookie: "better-auth.session_token=one.sig" };
    await fill("/privacy", session);
    const { chain, early } = await both("/privacy", { ...session, cookie: "better-auth.session_token=two.sig" });
    expect([chain.viaExpress, early.viaExpress, early.headers[PAGE_CACHE_HEADER.toLowerCase()]]).toEqual([true, false, "hit"]);
    expect(comparable(early.headers)).toEqual(comparable(chain.headers));
    expect(early.headers["cache-control"]).toBe("private, no-store");
    expect((await send(earlyPort, "/privacy", { "accept-encoding": "br" })).headers["cache-control"]).toBe("private, no-cache");
  });

  it("sends everything else to Express unchanged: misses, bypasses, other encodings, unreadable or odd requests", async () => {
    await fill("/category/Music");
    await fill("/category/Music", { cookie: "ageVerified=true" });
    const cases: [string, Record<string, string>, string?][] = [
      ["/category/Music?page=2", { "accept-encoding": "br" }], // a miss
      ["/category/Music", { "accept-encoding": "br", cookie: "better-auth.session_token=abc.def" }], // no shell stored yet
      ["/category/Music.data", { "accept-encoding": "br" }],
      ["/login", { "accept-encoding": "br" }],
      ["/category/Music", { "accept-encoding": "identity" }], // neither brotli nor gzip
      ["/category/Music", {}], // no Accept-Encoding: identity
      ["/category/Music", { "accept-encoding": "deflate" }], // compression's to decide
      ["/category/Music", { "accept-encoding": 'br;q="1"' }], // not plain: Express's parser
      ["/category/Music#top", { "accept-encoding": "br" }],
      ["/category/%ff", { "accept-encoding": "br" }], // unreadable: 400
      ["/category/Music", { "accept-encoding": "br" }, "POST"],
    ];
    for (const [target, headers, method] of cases) {
      const early = await send(earlyPort, target, headers, method);
      expect([target, headers, method, early.viaExpress]).toEqual([target, headers, method, true]);
    }
    expect((await send(earlyPort, "/category/%ff", { "accept-encoding": "br" })).status).toBe(400);
    // A GET with a body: Express's inputBoundary decides about the connection.
    expect((await send(earlyPort, "/category/Music", { "accept-encoding": "br", "content-length": "2" }, "GET", "ab")).viaExpress).toBe(
      true,
    );
    // And a plain repeat is answered early again.
    expect((await send(earlyPort, "/category/Music", { "accept-encoding": "br" })).viaExpress).toBe(false);
  });

  it("returns the route pattern the page was rendered under (the hit's metrics label), null when it answered nothing", async () => {
    await fill("/category/Music");
    hitRoutes.length = 0;
    expect((await send(earlyPort, "/category/Music", { "accept-encoding": "br" })).viaExpress).toBe(false);
    expect((await send(earlyPort, "/category/Music", { "accept-encoding": "br" }, "POST")).viaExpress).toBe(true);
    expect(hitRoutes).toEqual([loadedRouteTable().match("/category/Music")?.pattern, null]);
    expect(hitRoutes[0]).toMatch(/:/); // a pattern, never the address
  });

  it("leaves a database outage to Express, which answers 503 as before", async () => {
    await fill("/values");
    expect((await send(earlyPort, "/values", { "accept-encoding": "br" })).viaExpress).toBe(false);
    markDatabaseUnavailable("test");
    const down = await send(earlyPort, "/values", { "accept-encoding": "br" });
    expect([down.viaExpress, down.status, down.headers["retry-after"]]).toEqual([true, 503, "5"]);
  });

  it("bypasses while the composition's condition holds (the test build's fault switches)", async () => {
    await fill("/blog");
    bypassPageCacheWhile(() => true);
    const during = await send(earlyPort, "/blog", { "accept-encoding": "br" });
    expect([during.viaExpress, during.headers[PAGE_CACHE_HEADER.toLowerCase()]]).toEqual([true, "bypass"]);
  });

  it("writes the same access log line as the chain", async () => {
    await fill("/career");
    const level = logger.level;
    logger.level = "debug";
    const debug = vi.spyOn(logger, "debug").mockImplementation(() => {});
    try {
      await both("/career?x=1", { "accept-encoding": "br" }); // a miss and its hit, through each path
      await settle();
      await both("/career?x=1", { "accept-encoding": "br" });
      const lines = debug.mock.calls.filter((c) => c[1] === "request").map((c) => c[0] as Record<string, unknown>);
      expect(lines).toHaveLength(4);
      for (const line of lines) {
        expect(line).toMatchObject({
          method: "GET",
          url: "/career?x=1",
          status: 200,
          requestId: expect.any(String),
          ms: expect.any(Number),
        });
      }
    } finally {
      debug.mockRestore();
      logger.level = level;
    }
  });
});
