import type { RequestHandler, Response } from "express";
import { AD_STATE_EVENT, type AdConfiguration } from "../../core/ad-units";
import { measureLiveStreams } from "../cluster/metrics";
import { ipRateLimitKey } from "../db/rate-limit";
import { env } from "../env";
import { logger } from "../logger";
import { currentAdConfiguration, watchAdConfiguration } from "../services/ad-units-feed";

/**
 * GET /api/ads/events: Server-Sent Events with the full banner configuration, sent on connect (so a
 * reconnecting page resynchronises) and after every change (services/ad-units-feed.ts, fed by LISTEN/NOTIFY).
 *
 * - Not compressed: text/event-stream is not a compressible type (compression.ts), so each event leaves
 *   at once instead of waiting in a compressor's buffer.
 * - `Connection: close`: a stream ended by a shutdown takes its socket with it, so SIGTERM's drain
 *   (http-server.ts) is not held up by an idle keep-alive socket; closeAdEventStreams() ends them.
 * - A comment line every 25 s keeps proxies from closing a quiet stream.
 * - Served from this process's copy of the configuration, so it keeps answering while the database is down.
 * - One client address (IPv6: its /64, as for rate limits) holds at most LIVE_STREAMS_PER_CLIENT streams in
 *   this process; more get 429 + Retry-After (the browser waits that long: app/components/ads/live-ad-units.ts).
 *   Per process, not shared: with N workers an address can hold up to N times as many per instance (the
 *   primary spreads connections over workers in turn), and each instance counts its own. Every stream also
 *   counts against the connection cap (MAX_CONNECTIONS).
 */
const HEARTBEAT_MS = 25_000;
/** The browser waits this long before reconnecting after the stream ends. */
const RETRY_MS = 1_000;
/** Per process: beyond this, new streams are refused with 503 (pages keep their server-rendered slots). */
const MAX_STREAMS = 10_000;
/** How long a client over its share is asked to wait: a slot frees only when one of its pages closes. */
export const PER_CLIENT_RETRY_AFTER_SECONDS = 30;

const open = new Set<Response>();
measureLiveStreams(() => open.size);
/** Streams per client address (ipRateLimitKey) in this process. */
const perClient = new Map<string, number>();
/** Set on shutdown: a browser reconnecting over a kept-alive socket must not open a stream that holds the drain. */
let closing = false;

export function adEvents(options: { perClient?: number } = {}): RequestHandler {
  const maxPerClient = options.perClient ?? env().LIVE_STREAMS_PER_CLIENT;
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD").status(405).type("text/plain").send("Method Not Allowed");
      return;
    }
    if (closing || open.size >= MAX_STREAMS) {
      res.set("Retry-After", "5").status(503).type("text/plain").send("Too many live connections");
      return;
    }
    const client = ipRateLimitKey(req.ip);
    if ((perClient.get(client) ?? 0) >= maxPerClient) {
      res
        .set({ "Retry-After": String(PER_CLIENT_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
        .status(429)
        .type("text/plain")
        .send("Too many live connections from your address");
      return;
    }
    // Taken before anything is awaited, so a burst from one address cannot all pass the check at once.
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    };
    res.once("close", release);
    let config: AdConfiguration;
    try {
      config = await currentAdConfiguration();
    } catch {
      release();
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
      release();
      res.end();
      return;
    }
    if (res.destroyed) return; // the client left while the configuration was read (its slot went with it)
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
