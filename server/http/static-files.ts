import path from "node:path";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The client build: `/assets/*` are content-hashed, so immutable for a year, and served from the
 * `.br`/`.gz` files written at build time (scripts/precompress.js) by Accept-Encoding, never compressed
 * per request. Root files (favicon, default social image) are cached for an hour; only paths with an
 * extension can be files, so page requests skip the file-system lookup.
 */
export function buildFiles(clientDir: string): RequestHandler {
  const assets = expressStaticGzip(path.join(clientDir, "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: false },
  });
  const rootFiles = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { maxAge: "1h", index: false },
  });
  const router = express.Router();
  router.use("/assets", assets);
  router.use((req, res, next) => (path.extname(req.path) ? rootFiles(req, res, next) : next()));
  return router;
}

/** Media (HLS playlists, segments, posters): immutable, range requests handled by express.static. */
export function mediaFiles(mediaDir: string): RequestHandler {
  return express.static(mediaDir, {
    immutable: true,
    maxAge: "365d",
    fallthrough: false,
    index: false,
    setHeaders: (res, file) => {
      if (file.endsWith(".m3u8")) res.setHeader("Content-Type", "application/vnd.apple.mpegurl");
      if (file.endsWith(".ts")) res.setHeader("Content-Type", "video/mp2t");
      if (file.endsWith(".vtt")) res.setHeader("Content-Type", "text/vtt; charset=utf-8");
    },
  });
}
