import http from "node:http";
import type { Socket } from "node:net";
import { burstWarning } from "../logger";

/** The HTTP limits of one worker (runtime/connection-limits.ts reads them from the environment). */
export interface HttpLimits {
  /** A request's headers must be complete this long after its first byte, or it gets 408 and the socket closes (slowloris). */
  headersTimeoutMs: number;
  /** A request (headers and body) must be received within this; the response may take longer (the SSE feed). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (announced as `Keep-Alive: timeout=`). */
  keepAliveTimeoutMs: number;
  /** Open connections this worker serves; more are answered 503 + Retry-After and closed. */
  maxConnections: number;
}

/** How often Node looks for requests past headersTimeout/requestTimeout (its default, 30 s, would let a slowloris stay 30 s longer). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** What a connection beyond the cap gets before it is closed: an answer, not a reset that browsers retry at once. */
const OVER_CAPACITY_BODY = "Too many connections; please retry in a few seconds.\n";
const OVER_CAPACITY_RESPONSE = [
  "HTTP/1.1 503 Service Unavailable",
  "Retry-After: 5",
  "Content-Type: text/plain; charset=utf-8",
  `Content-Length: ${Buffer.byteLength(OVER_CAPACITY_BODY)}`,
  "Connection: close",
  "",
  OVER_CAPACITY_BODY,
].join("\r\n");
/** A refused peer that does not read its answer is cut off after this. */
const REFUSAL_LINGER_MS = 2_000;

/** Set once any server of this process starts draining: the readiness check answers 503 from then on (operations.ts). */
let processDraining = false;

export function drainStarted(): boolean {
  return processDraining;
}

export interface GracefulServer {
  server: http.Server;
  /**
   * Takes a connection the primary handed over: served, or, past `maxConnections`, answered 503 and
   * closed at once without reading its request.
   */
  accept: (socket: Socket) => void;
  /**
   * Lets every in-flight request finish (its response says `Connection: close`), and resolves once every
   * connection is closed, or destroys what is left at the deadline. Call it once no more connections come.
   */
  drain: (deadlineMs: number) => Promise<void>;
}

/**
 * An HTTP server for the connections the primary hands over (`server.emit("connection", socket)`; it
 * never binds a port itself) that can be stopped without breaking a request. Node's own
 * `server.close()` also closes idle keep-alive connections at once, which races a client that is just
 * sending its next request on one (the client sees a reset). Here idle connections are left to the
 * keep-alive timeout the server announced (`Keep-Alive: timeout=5`), after which clients no longer reuse them.
 */
export function gracefulServer(handler: http.RequestListener, limits: HttpLimits): GracefulServer {
  // The handler is added after the drain's own "request" listener (below): a handler may answer at once
  // (page-cache hits do, early-hits.ts), and a draining response must say `Connection: close` before that.
  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  });
  // http.Server starts enforcing its header and request time-outs on "listening", which a server that
  // never binds does not see otherwise.
  server.emit("listening");
  const open = new Set<Socket>();
  let draining = false;
  let drained: (() => void) | undefined;

  const checkDrained = () => {
    if (draining && open.size === 0) drained?.();
  };
  server.on("connection", (socket) => {
    open.add(socket);
    socket.on("close", () => {
      open.delete(socket);
      checkDrained();
    });
  });
  // A response sent while draining closes its connection after it, so the client opens no new request on it.
  const responding = new Set<http.ServerResponse>();
  server.on("request", (_req, res) => {
    if (draining) res.setHeader("Connection", "close");
    responding.add(res);
    res.on("close", () => responding.delete(res));
  });
  server.on("request", handler);

  // One line when it starts, then a count every few seconds while it lasts.
  const warnRefused = burstWarning(
    "connection cap reached: new connections answered 503 and closed",
    "connection cap: connections refused in the last seconds",
  );
  const refuse = (socket: Socket) => {
    // Unread request bytes at close would make the kernel send a reset before the client reads the 503.
    socket.on("error", () => {});
    socket.resume();
    socket.end(OVER_CAPACITY_RESPONSE);
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
    warnRefused({ open: open.size, max: limits.maxConnections });
  };

  return {
    server,
    accept: (socket) => {
      if (open.size >= limits.maxConnections) refuse(socket);
      else server.emit("connection", socket);
    },
    drain: (deadlineMs) =>
      new Promise<void>((resolve) => {
        draining = true;
        processDraining = true;
        for (const res of responding) if (!res.headersSent) res.setHeader("Connection", "close");
        const timer = setTimeout(() => {
          for (const socket of open) socket.destroy();
          resolve();
        }, deadlineMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
        checkDrained();
      }),
  };
}
