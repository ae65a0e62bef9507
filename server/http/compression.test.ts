import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponses, isCompressibleType } from "./compression";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(app: express.Express): Promise<string> {
  server = http.createServer(app);
  await new Promise<void>((r) => server?.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Raw GET (no automatic decoding): status, headers and the body chunks with their arrival times. */
function get(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; chunks: { at: number; data: Buffer }[] }>((resolve, reject) => {
    const started = Date.now();
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: { at: number; data: Buffer }[] = [];
        res.on("data", (data: Buffer) => chunks.push({ at: Date.now() - started, data }));
        res.on("end", () => resolve({ headers: res.headers, chunks }));
      })
      .on("error", reject);
  });
}

const page = "<!doctype html><p>hello</p>".repeat(200);

describe("compressResponses", () => {
  it("takes a whole page in one write without backpressure, so the write and the end are compressed together", async () => {
    const big = "<!doctype html><p>a rendered page</p>".repeat(3000); // 111 KB, as large as the biggest page
    let accepted: boolean | undefined;
    const app = express().use(compressResponses());
    app.get("/", (_req, res) => {
      res.type("html");
      accepted = res.write(big);
      res.end();
    });
    const origin = await serve(app);
    const br = await get(origin, "br");
    expect(accepted).toBe(true);
    expect(zlib.brotliDecompressSync(Buffer.concat(br.chunks.map((c) => c.data))).toString()).toBe(big);
  });

  it("negotiates brotli, then gzip, then none, and says it varies by Accept-Encoding", async () => {
    const app = express().use(compressResponses());
    app.get("/", (_req, res) => void res.type("html").send(page));
    const origin = await serve(app);

    const br = await get(origin, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const brBody = Buffer.concat(br.chunks.map((c) => c.data));
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(page);
    expect(brBody.length).toBeLessThan(page.length / 10);

    const gz = await get(origin, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.concat(gz.chunks.map((c) => c.data))).toString()).toBe(page);

    const plain = await get(origin, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Buffer.concat(plain.chunks.map((c) => c.data)).toString()).toBe(page);
  });

  it("leaves video segments and images alone", async () => {
    const app = express().use(compressResponses());
    const bytes = Buffer.alloc(64 * 1024, 7);
    app.get("/seg.ts", (_req, res) => void res.type("video/mp2t").send(bytes));
    app.get("/a.webp", (_req, res) => void res.type("image/webp").send(bytes));
    app.get("/list.m3u8", (_req, res) => void res.type("application/vnd.apple.mpegurl").send("#EXTM3U\n".repeat(500)));
    const origin = await serve(app);
    expect((await get(`${origin}/seg.ts`, "br, gzip")).headers["content-encoding"]).toBeUndefined();
    expect((await get(`${origin}/a.webp`, "br, gzip")).headers["content-encoding"]).toBeUndefined();
    expect((await get(`${origin}/list.m3u8`, "br, gzip")).headers["content-encoding"]).toBe("br");
  });

  it("keeps a streamed response streaming: a chunk arrives before the next one is written", async () => {
    const app = express().use(compressResponses());
    app.get("/stream", (_req, res) => {
      res.type("html");
      res.write(`<!doctype html><p>shell</p>${"x".repeat(2000)}`);
      setTimeout(() => res.end("<p>late</p>"), 300);
    });
    const origin = await serve(app);
    const { headers, chunks } = await get(`${origin}/stream`, "br");
    expect(headers["content-encoding"]).toBe("br");
    // The shell was flushed on its own: something arrived well before the late part was even written.
    expect(chunks[0]?.at).toBeLessThan(250);
    const decoded = zlib.brotliDecompressSync(Buffer.concat(chunks.map((c) => c.data))).toString();
    expect(decoded).toContain("<p>late</p>");
  });

  it("flushes requested after every chunk (as React Router does) join one flush per turn, so chunks compress together", async () => {
    const app = express().use(compressResponses());
    const chunks = Array.from({ length: 40 }, (_, i) => `<li class="card text-sm text-zinc-400">Item ${i} of the list</li>`);
    app.get("/chunks", (_req, res) => {
      res.type("html");
      const flushable = res as typeof res & { flush: () => void };
      for (const c of chunks) {
        res.write(c);
        flushable.flush();
      }
      res.end();
    });
    const origin = await serve(app);
    const { chunks: received } = await get(`${origin}/chunks`, "br");
    const sent = Buffer.concat(received.map((c) => c.data));
    expect(zlib.brotliDecompressSync(sent).toString()).toBe(chunks.join(""));
    // Forty separate flushes would cost several bytes each; one shared flush stays close to one-shot size.
    const oneShot = zlib.brotliCompressSync(chunks.join(""), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } }).length;
    expect(sent.length).toBeLessThan(oneShot * 1.3);
  });

  it("knows which types are text", () => {
    for (const t of ["text/html; charset=utf-8", "application/json", "application/rss+xml", "image/svg+xml", "text/vtt", "text/css"])
      expect(isCompressibleType(t)).toBe(true);
    for (const t of ["video/mp2t", "image/webp", "image/avif", "image/png", "font/woff2", undefined])
      expect(isCompressibleType(t)).toBe(false);
  });
});
