// The bench's HTTP floor (docs/benchmarks.md): a bare node:http server that answers every request with
// the same bytes, status line and headers as the app's cached home page, captured from the running app
// (floor.ts). Run by Node alone (no tsx, no imports but node:), as `node bench/lib/floor-server.ts <page.json>
// <port> <workers>`: a node:cluster primary that hands connections to <workers> worker processes in turn,
// as the app's primary does (server/runtime/connections.ts), so both run the same number of processes.
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";

/** A captured answer: its headers in the order sent (without Date and Connection, which Node adds) and its body. */
export interface FloorPage {
  headers: [string, string][];
  /** Base64 of the body bytes as sent (brotli). */
  body: string;
}

const [pageFile = "", port = "0", workers = "1"] = process.argv.slice(2);

if (cluster.isPrimary) {
  let stopping = false;
  for (let i = 0; i < Number(workers); i++) cluster.fork();
  cluster.on("exit", () => {
    // A floor with a worker missing measures nothing; when stopping, leave once the last one is gone.
    if (!stopping) process.exit(1);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  // Ready when every worker listens (the bench waits for this line), so the load reaches all of them.
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === Number(workers)) console.log("ready");
  });
  process.on("SIGTERM", () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
  });
} else {
  const page = JSON.parse(fs.readFileSync(pageFile, "utf8")) as FloorPage;
  const body = Buffer.from(page.body, "base64");
  // writeHead with a flat [name, value, …] list: the cheapest way node:http sends given headers.
  const headers = page.headers.flat();
  http
    .createServer({ keepAliveTimeout: 5_000 }, (_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    })
    .listen(Number(port), "127.0.0.1");
}
