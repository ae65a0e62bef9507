import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { freeLoopbackPort } from "../../server/process";
import { onCleanup, stopPid } from "./cleanup";
import type { FloorPage } from "./floor-server";

/** Headers Node's http server writes itself: not replayed. */
const NODE_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The app's cached answer for `url` as the load generator gets it (`Accept-Encoding: br, gzip`, no user agent):
 * asked until an answer says `X-Page-Cache: hit`, its headers in order and its body bytes as sent.
 */
export async function captureCachedPage(url: string): Promise<FloorPage & { bodyBytes: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await new Promise<{ status: number; raw: string[]; body: Buffer }>((resolve, reject) => {
      const req = http.get(url, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
    });
    const headers: [string, string][] = [];
    for (let i = 0; i < answer.raw.length; i += 2) headers.push([answer.raw[i]!, answer.raw[i + 1]!]);
    const hit = headers.some(([name, value]) => name.toLowerCase() === "x-page-cache" && value === "hit");
    if (answer.status === 200 && hit) {
      return {
        headers: headers.filter(([name]) => !NODE_HEADERS.has(name.toLowerCase())),
        body: answer.body.toString("base64"),
        bodyBytes: answer.body.length,
      };
    }
  }
  throw new Error(`${url} never answered from the page cache`);
}

export interface FloorServer {
  pid: number;
  origin: string;
  stop: () => Promise<void>;
}

/** Starts bench/lib/floor-server.ts with `workers` worker processes, serving `page`; resolves once it answers. */
export async function startFloorServer(opts: {
  root: string;
  workDir: string;
  page: FloorPage;
  workers: number;
  logFile: string;
}): Promise<FloorServer> {
  const pageFile = path.join(opts.workDir, "floor-page.json");
  fs.writeFileSync(pageFile, JSON.stringify(opts.page));
  const port = await freeLoopbackPort();
  const log = fs.openSync(opts.logFile, "w");
  const child = spawn(process.execPath, [path.join(opts.root, "bench/lib/floor-server.ts"), pageFile, String(port), String(opts.workers)], {
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error("could not start the floor server");
  const stop = () => stopPid(pid, 5_000);
  const remove = onCleanup("floor server", stop);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!fs.readFileSync(opts.logFile, "utf8").includes("ready")) {
    if (child.exitCode !== null) throw new Error(`the floor server stopped during start-up (exit ${child.exitCode})`);
    if (Date.now() > deadline) throw new Error("the floor server's workers did not all listen within 15 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid,
    origin,
    stop: async () => {
      await stop();
      remove();
    },
  };
}
