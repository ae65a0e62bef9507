import type http from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import { compressResponses } from "../../server/http/compression";
import { declaredHeaders } from "../../server/http/declared-headers";
import { commonHeaders } from "../../server/http/headers";
import { routeMatching } from "../../server/http/route-table";
import { appRoutes } from "./app-routes";

// The Express chain around the page cache, with a stand-in for React Router, for the page cache's tests
// (server/http/page-cache-handler.test.ts, page-cache-invalidation.test.ts).

/** A stand-in for React Router: streams an HTML page carrying the nonce, in the ways real answers vary. */
export function standIn(renders: { count: number }): express.RequestHandler {
  return (req, res) => {
    renders.count++;
    const nonce = String(res.locals.nonce);
    const kind = String(req.query.kind ?? "page");
    if (kind === "missing") return void res.status(404).type("html").end("<p>not found</p>");
    if (kind === "json") return void res.type("json").end('{"a":1}');
    if (kind === "cookie") res.append("Set-Cookie", "viewSession=abc; Path=/");
    if (kind === "degraded") res.locals.pageDegraded = true;
    const inScript = kind === "nonce-in-script" ? nonce : "b";
    const delay = req.query.slow ? 60 : 0;
    res.status(200).type("html");
    res.setHeader("X-Render", String(renders.count));
    // Past compression's 1 KB threshold; "cards" varies like a listing, where brotli's best quality pays.
    const filler =
      kind === "cards"
        ? Array.from(
            { length: 40 },
            (_, i) => `<article><a href="/video/${(i * 7919) % 10007}">Clip ${(i * 7919) % 1000}</a></article>`,
          ).join("")
        : "x".repeat(kind === "big" ? 5000 : 1500);
    res.write(`<!doctype html><html><head><script nonce="${nonce}">window.a=1</script></head>`);
    setTimeout(() => {
      res.write(`<body>${filler}<p>${req.originalUrl}</p>`);
      res.write('<script type="application/ld+json">{"@type":"WebPage"}</script>');
      res.end(`<script nonce="${nonce}">window.b="${inScript}"</script></body></html>`);
    }, delay);
  };
}

export async function listen(app: express.Express): Promise<{ server: http.Server; origin: string }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The chain as server/http/app.ts lays it out around the cache (the real route table says which pages are cached). */
export async function chain(app: express.Express, cache: express.RequestHandler, renders: { count: number }): Promise<express.Express> {
  const routes = await appRoutes();
  app.use(commonHeaders());
  app.use(routeMatching(async () => ({ routes }))); // the real route table: which pages declare pageCache
  app.use(compressResponses());
  app.use(declaredHeaders());
  app.use(cache);
  app.use(standIn(renders));
  return app;
}
