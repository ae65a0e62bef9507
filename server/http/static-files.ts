import path from "node:path";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { MEDIA_TYPES } from "../media/media-types";

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

/**
 * Playlists and WebVTT are small text, compressed per request; a byte range of a compressed body would not
 * match its Content-Range, so they are always sent whole (players never ask them for ranges anyway).
 */
const WHOLE_ONLY = new Set([".m3u8", ".vtt"]);

/** A plain relative path of visible segments with a media extension, or null (traversal, dotfiles, other files). */
export function mediaRelativePath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.replace(/^\//, "").split("/");
  const plain = segments.every((s) => s !== "" && !s.startsWith(".") && !/[\\\0]/.test(s));
  return plain && Object.hasOwn(MEDIA_TYPES, path.posix.extname(decoded).toLowerCase()) ? segments.join("/") : null;
}

/**
 * Media under `/media` (HLS playlists and segments, stills, storyboards): GET and HEAD only, byte ranges
 * (binary files), one content type per extension, a year's immutable caching (a video's files never change
 * under its URL; new media get new folders). Every path that is not a media file (unknown, a folder,
 * traversal attempts encoded or not, dotfiles, other extensions) is a plain 404 that is not cached, since a
 * video being transcoded appears at its URL later.
 */
export function mediaFiles(mediaDir: string): RequestHandler {
  const serve = express.static(mediaDir, {
    immutable: true,
    maxAge: "365d",
    // Errors come to us (with fallthrough, serve-static would turn a 416 into "next route").
    fallthrough: false,
    index: false,
    redirect: false,
    dotfiles: "ignore",
    setHeaders: (res, file) => {
      const ext = path.extname(file).toLowerCase();
      res.setHeader("Content-Type", MEDIA_TYPES[ext] ?? "application/octet-stream");
      if (WHOLE_ONLY.has(ext)) res.setHeader("Accept-Ranges", "none");
    },
  });
  const notFound = (res: Parameters<RequestHandler>[1]) =>
    void res.status(404).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" }).send("Not found");
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store" }).end();
      return;
    }
    const relative = mediaRelativePath(req.path);
    if (!relative) return notFound(res);
    if (WHOLE_ONLY.has(path.posix.extname(relative).toLowerCase())) {
      delete req.headers.range;
      delete req.headers["if-range"];
    }
    serve(req, res, (err?: unknown) => {
      const { status = 500, headers } = (err ?? { status: 404 }) as { status?: number; headers?: Record<string, string> };
      if (status === 416)
        return void res
          .status(416)
          .set({ ...headers, "Cache-Control": "no-store" })
          .end();
      return status < 500 ? notFound(res) : next(err);
    });
  };
}

/**
 * `/media/…` on object storage (MEDIA_STORAGE=s3): the files are not here. A media path is redirected to its
 * address in the storage (MEDIA_BASE_URL + key): links written before the move, and blog posts naming
 * `/media/og/…`, keep working. A base that is this very path (a reverse proxy serving /media/ from the bucket)
 * gets a 404 instead of a loop: such requests are the proxy's.
 */
export function mediaRedirects(url: (key: string) => string): RequestHandler {
  return (req, res) => {
    const relative = req.method === "GET" || req.method === "HEAD" ? mediaRelativePath(req.path) : null;
    const target = relative ? url(relative) : undefined;
    if (!target || target === req.originalUrl.split("?")[0]) {
      res.status(404).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" }).send("Not found");
      return;
    }
    // Not permanent: the operator may move the media to another base later.
    res.set("Cache-Control", "public, max-age=3600").redirect(302, target);
  };
}
