import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SsrfEndpoint {
  /** For wapiti's --external-endpoint and --internal-endpoint. */
  url: string;
  /** Every request that reached it under /ssrf/ (only the scanned site can have sent those). */
  hits: () => number;
  close: () => Promise<void>;
}

interface Hit {
  url: string;
  date: string;
  ip: string;
  method: string;
  size: number;
}

/**
 * wapiti's SSRF module injects `<endpoint>ssrf/<session>/<request id>/<hex parameter>/` into every
 * parameter, then asks `<endpoint>get_ssrf.php?id=<session>` which of them the target fetched. Its public
 * endpoint is out of reach here, so this is the same protocol on loopback: a hit means the site made a
 * request to an address an attacker chose.
 */
export async function startSsrfEndpoint(): Promise<SsrfEndpoint> {
  const hits = new Map<string, Map<string, Map<string, Hit[]>>>();
  let count = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://endpoint");
    const [, kind, session, requestId, hexParam] = url.pathname.split("/");
    if (kind === "ssrf" && session && requestId && hexParam) {
      count++;
      const bySession = hits.get(session) ?? new Map<string, Map<string, Hit[]>>();
      const byRequest = bySession.get(requestId) ?? new Map<string, Hit[]>();
      const list = byRequest.get(hexParam) ?? [];
      list.push({
        url: url.pathname + url.search,
        date: new Date().toISOString(),
        ip: req.socket.remoteAddress ?? "",
        method: req.method ?? "GET",
        size: Number(req.headers["content-length"] ?? 0),
      });
      byRequest.set(hexParam, list);
      bySession.set(requestId, byRequest);
      hits.set(session, bySession);
    }
    res.setHeader("content-type", "application/json");
    if (kind === "get_ssrf.php") {
      const found = hits.get(url.searchParams.get("id") ?? "");
      const report = Object.fromEntries([...(found ?? [])].map(([id, params]) => [id, Object.fromEntries(params)]));
      res.end(JSON.stringify(report));
    } else res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hits: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
