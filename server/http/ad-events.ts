import type { RequestHandler, Response } from "express";
import { AD_STATE_EVENT, type AdConfiguration } from "../../app/lib/ad-units";
import { logger } from "../logger";
import { currentAdConfiguration, watchAdConfiguration } from "../realtime/ad-units-feed";

/**
 * GET /api/ads/events: Server-Sent Events with the full banner configuration, sent on connect (so a
 * reconnecting page resynchronises) and after every change (ad-units-feed.ts, fed by LISTEN/NOTIFY).
 *
 * - Not compressed: text/event-stream is not a compressible type (compression.ts), so each event leaves
 *   at once instead of waiting in a compressor's buffer.
 * - `Connection: close`: a stream ended by a shutdown takes its socket with it, so SIGTERM's drain
 *   (runtime/http-server.ts) is not held up by an idle keep-alive socket; closeAdEventStreams() ends them.
 * - A comment line every 25 s keeps proxies from closing a quiet stream.
 * - Served from this process's copy of the configuration, so it keeps answering while the database is down.
 */
const HEARTBEAT_MS = 25_000;
/** The browser waits this long before reconnecting after the stream ends. */
const RETRY_MS = 1_000;
/** Per process: beyond this, new streams are refused with 503 (pages keep their server-rendered slots). */
const MAX_STREAMS = 10_000;

const open = new Set<Response>();
/** Set on shutdown: a browser reconnecting over a kept-alive socket must not open a stream that holds the drain. */
let closing = false;

export function adEvents(): RequestHandler {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD").status(405).type("text/plain").send("Method Not Allowed");
      return;
    }
    if (closing || open.size >= MAX_STREAMS) {
      res.set("Retry-After", "5").status(503).type("text/plain").send("Too many live connections");
      return;
    }
    let config: AdConfiguration;
    try {
      config = await currentAdConfiguration();
    } catch {
      res.set("Retry-After", "5").status(503).type("text/plain").send("Ad units unavailable");
      return;
    }
    res.status(200).set({
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "close",
      "X-Accel-Buffering": "no", // nginx: do not buffer the stream
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n\n`);
    send(res, config);
    open.add(res);
    const unwatch = watchAdConfiguration((next) => send(res, next));
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    res.on("close", () => {
      clearInterval(heartbeat);
      unwatch();
      open.delete(res);
    });
  };
}

function send(res: Response, config: AdConfiguration): void {
  res.write(`event: ${AD_STATE_EVENT}\ndata: ${JSON.stringify(config)}\n\n`);
}

/** Ends every open stream (on shutdown); browsers reconnect, to another process or instance. */
export function closeAdEventStreams(): void {
  closing = true;
  if (open.size) logger.info({ streams: open.size }, "closing live ad streams");
  for (const res of open) res.end();
  open.clear();
}

/** Accepts streams again after closeAdEventStreams (tests). */
export function reopenAdEventStreams(): void {
  closing = false;
}

/** How many streams this process serves (tests, metrics). */
export function openAdEventStreams(): number {
  return open.size;
}
