import http from "node:http";
import type { Socket } from "node:net";

export interface GracefulServer {
  server: http.Server;
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
export function gracefulServer(handler: http.RequestListener): GracefulServer {
  const server = http.createServer(handler);
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

  return {
    server,
    drain: (deadlineMs) =>
      new Promise<void>((resolve) => {
        draining = true;
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
