import zlib from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";

/**
 * Text types worth compressing. Everything else (video segments, images but SVG, fonts in woff2) is
 * already compressed and passes through untouched.
 */
const COMPRESSIBLE = [
  /^text\/(html|css|javascript|plain|xml|vtt|csv)\b/,
  /^application\/(json|javascript|xml|rss\+xml|atom\+xml|ld\+json|manifest\+json|vnd\.apple\.mpegurl|x-mpegurl)\b/,
  /^image\/svg\+xml\b/,
];

export function isCompressibleType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.toLowerCase();
  return COMPRESSIBLE.some((re) => re.test(type));
}

/**
 * A rendered page arrives in one write (app/lib/page-sink.server.ts) of up to ~110 KB. With zlib's default 16 KB
 * buffer that write reports backpressure, React Router's adapter waits for the compressor to drain, and the
 * end-of-turn flush below runs in between: the page costs three compressor jobs (write, flush, finish) and two
 * socket writes. Room for a whole page lets the write and the end come in the same turn: one job of input and the
 * finish, one socket write. Backpressure still holds beyond it (a large sitemap or feed).
 */
const WHOLE_PAGE_BUFFER = { highWaterMark: 256 * 1024 } as object;

/**
 * Brotli or gzip negotiated per request (compression adds `Vary: Accept-Encoding`), for dynamic text
 * responses. Build assets arrive precompressed (see static-files.ts) and are skipped because they already
 * carry a Content-Encoding. Brotli quality 3: measured on the 40 KB category page, 0.25 ms and 7.5 KB,
 * where quality 5 takes 1.56 ms (40 % of the page's CPU) for 6.7 KB and gzip -6 0.56 ms for 7.3 KB.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({
    threshold: 1024,
    filter: (_req, res) => isCompressibleType(res.getHeader("Content-Type")?.toString()),
    // zlib's streams take stream options (the types do not say so).
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 }, ...WHOLE_PAGE_BUFFER },
    ...WHOLE_PAGE_BUFFER,
  });
  return (req, res, next) => {
    compress(req, res, (err?: unknown) => {
      if (err) return next(err);
      flushWhenIdle(res);
      next();
    });
  };
}

/**
 * Keeps streamed responses streaming, cheaply: a compressor holds bytes until it is flushed, so the
 * compressor is flushed once at the end of every event-loop turn in which the response was written.
 * Explicit flush() calls (React Router's adapter flushes after every chunk) join that same flush, so
 * the chunks written in one turn are compressed together instead of one by one.
 */
function flushWhenIdle(res: Parameters<RequestHandler>[1]): void {
  const flushable = res as typeof res & { flush?: () => void };
  const flushNow = flushable.flush?.bind(res);
  if (!flushNow) return;
  let scheduled = false;
  const flushSoon = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!res.writableEnded) flushNow();
    });
  };
  flushable.flush = flushSoon;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((...args: unknown[]) => {
    flushSoon();
    return write(...args);
  }) as typeof res.write;
}
