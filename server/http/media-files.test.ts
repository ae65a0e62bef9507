import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The app reads DATA_DIR once, at its first env() call (module load); so it is set before any import.
const dataDir = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "media-files-test-"));
  process.env.DATA_DIR = dir;
  return dir as string;
});

const { createApp } = await import("./app");
const { mediaRelativePath } = await import("./static-files");

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: the path is sent exactly as given (no normalisation of `..` or escapes), no decoding. */
function request(origin: string, rawPath: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path: rawPath, method: opts.method ?? "GET", headers: opts.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const segment = Buffer.alloc(200_000, 7).fill(9, 100_000);
const playlist = `#EXTM3U\n#EXT-X-VERSION:3\n${Array.from({ length: 200 }, (_, i) => `#EXTINF:2.000000,\nseg_${i}.ts`).join("\n")}\n#EXT-X-ENDLIST\n`;

describe("media files over HTTP", () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    const dir = path.join(dataDir, "media", "videos", "abc");
    fs.mkdirSync(path.join(dir, "480p"), { recursive: true });
    fs.writeFileSync(path.join(dir, "master.m3u8"), playlist);
    fs.writeFileSync(path.join(dir, "480p", "seg_000.ts"), segment);
    fs.writeFileSync(path.join(dir, "storyboard.vtt"), "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nstoryboard.jpg#xywh=0,0,160,90\n");
    for (const f of [
      "poster.jpg",
      "thumb-320w.webp",
      "thumb-320w.avif",
      "preview.mp4",
      "og.png",
      "secret.txt",
      ".hidden.jpg",
      "manifest.json",
    ]) {
      fs.writeFileSync(path.join(dir, f), `content of ${f}`);
    }
    // Files outside the media root that traversal would reach.
    fs.writeFileSync(path.join(dataDir, "secret.key"), "do not serve");
    fs.writeFileSync(path.join(dataDir, "outside.jpg"), "do not serve");
    server = http.createServer(createApp({ loadBuild: async () => ({ routes: {} }) })); // no React Router build here
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves each kind of media file with its content type and a year of immutable caching", async () => {
    const expected: [string, string][] = [
      ["master.m3u8", "application/vnd.apple.mpegurl"],
      ["480p/seg_000.ts", "video/mp2t"],
      ["storyboard.vtt", "text/vtt; charset=utf-8"],
      ["poster.jpg", "image/jpeg"],
      ["thumb-320w.webp", "image/webp"],
      ["thumb-320w.avif", "image/avif"],
      ["preview.mp4", "video/mp4"],
      ["og.png", "image/png"],
    ];
    for (const [file, type] of expected) {
      const res = await request(origin, `/media/videos/abc/${file}`, { headers: { "accept-encoding": "identity" } });
      expect(res.status, file).toBe(200);
      expect(res.headers["content-type"], file).toBe(type);
      expect(res.headers["cache-control"], file).toBe("public, max-age=31536000, immutable");
      expect(res.headers.etag, file).toBeTruthy();
      expect(res.headers["x-content-type-options"], file).toBe("nosniff");
    }
    const head = await request(origin, "/media/videos/abc/480p/seg_000.ts", { method: "HEAD" });
    expect(head).toMatchObject({ status: 200, body: Buffer.alloc(0) });
    expect(head.headers["content-length"]).toBe(String(segment.length));
  });

  it("answers byte ranges of segments: 206 with Content-Range, suffix ranges, 416 when unsatisfiable", async () => {
    const url = "/media/videos/abc/480p/seg_000.ts";
    const full = await request(origin, url);
    expect(full.headers["accept-ranges"]).toBe("bytes");
    const mid = await request(origin, url, { headers: { range: "bytes=99990-100009", "accept-encoding": "gzip, br" } });
    expect(mid.status).toBe(206);
    expect(mid.headers["content-range"]).toBe(`bytes 99990-100009/${segment.length}`);
    expect(mid.headers["content-encoding"]).toBeUndefined();
    expect(mid.body).toEqual(segment.subarray(99_990, 100_010));
    const tail = await request(origin, url, { headers: { range: "bytes=-5" } });
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual(segment.subarray(-5));
    const beyond = await request(origin, url, { headers: { range: "bytes=999999-" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${segment.length}`);
    // A stale If-Range gets the whole file.
    const stale = await request(origin, url, { headers: { range: "bytes=0-9", "if-range": '"not-the-etag"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(segment.length);
    // Conditional requests are answered from the validators.
    const cached = await request(origin, url, { headers: { "if-none-match": String(full.headers.etag) } });
    expect(cached.status).toBe(304);
  });

  it("compresses playlists and sends them whole, even when a range is asked for", async () => {
    const res = await request(origin, "/media/videos/abc/master.m3u8", { headers: { range: "bytes=0-10", "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["accept-ranges"]).toBe("none");
    expect(res.headers["content-range"]).toBeUndefined();
    expect(zlib.gunzipSync(res.body).toString()).toBe(playlist);
  });

  it("answers 404, not cached, for unknown files, folders, other extensions and dotfiles", async () => {
    for (const url of [
      "/media/videos/abc/missing.ts",
      "/media/videos/nope/master.m3u8",
      "/media/videos/abc",
      "/media/videos/abc/",
      "/media/",
      "/media",
      "/media/videos/abc/secret.txt",
      "/media/videos/abc/manifest.json",
      "/media/videos/abc/.hidden.jpg",
      "/media/videos/abc/poster.jpg/",
      "/media/videos//abc/poster.jpg",
      "/media/videos/abc/poster.jpg.tmp-1",
    ]) {
      const res = await request(origin, url);
      expect(res.status, url).toBe(404);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.body.toString(), url).toBe("Not found");
    }
  });

  it("never leaves the media folder, however the path is written", async () => {
    for (const url of [
      "/media/../secret.key",
      "/media/../outside.jpg",
      "/media/videos/../../outside.jpg",
      "/media/%2e%2e/outside.jpg",
      "/media/%2E%2E%2Foutside.jpg",
      "/media/videos%2f..%2f..%2foutside.jpg",
      "/media/..%5coutside.jpg",
      "/media/%252e%252e/outside.jpg",
      "/media/videos/abc/..%2f..%2f..%2foutside.jpg",
      "/media//etc/passwd",
      "/media/%2fetc%2fpasswd.jpg",
      "/media/videos/abc/poster.jpg%00.txt",
      "/media/%c0%ae%c0%ae/outside.jpg",
    ]) {
      const res = await request(origin, url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.body.toString(), url).not.toContain("do not serve");
    }
  });

  it("takes GET and HEAD only", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await request(origin, "/media/videos/abc/poster.jpg", { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe("GET, HEAD");
    }
  });
});

describe("mediaRelativePath", () => {
  it("accepts plain media paths and refuses everything else", () => {
    expect(mediaRelativePath("/videos/abc/480p/seg_001.ts")).toBe("videos/abc/480p/seg_001.ts");
    expect(mediaRelativePath("/demo/aurora/thumb-320w.webp")).toBe("demo/aurora/thumb-320w.webp");
    expect(mediaRelativePath("/og/blog-default.png")).toBe("og/blog-default.png");
    for (const bad of [
      "/",
      "",
      "/a/../b.jpg",
      "/a/%2e%2e/b.jpg",
      "/.env",
      "/a/.git/x.jpg",
      "/a//b.jpg",
      "/a/b.txt",
      "/a\\..\\b.jpg",
      "/%zz.jpg",
      "/a/b",
    ]) {
      expect(mediaRelativePath(bad), bad).toBeNull();
    }
  });
});
