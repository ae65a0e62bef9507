import { env } from "../env";
import type { HttpLimits } from "../http/http-server";
import { workerCount } from "./primary";

/**
 * This web worker's HTTP limits from the environment (server/env.ts). MAX_CONNECTIONS is per app instance:
 * the primary hands connections to its workers in turn, so each takes an even share of it. Across several
 * instances behind a load balancer the cap is per instance; the balancer's own limits sit in front.
 */
export function httpLimits(workers = workerCount()): HttpLimits {
  const e = env();
  return {
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: connectionsPerWorker(e.MAX_CONNECTIONS, workers),
  };
}

export function connectionsPerWorker(maxConnections: number, workers: number): number {
  return Math.max(1, Math.ceil(maxConnections / Math.max(1, workers)));
}
