import type { RequestListener } from "node:http";
import { env } from "../env";
import { type AppOptions, createApp } from "./app";
import { earlyHits } from "./early-hits";
import { type OperationsOptions, withOperations } from "./operations";
import { processPageStore } from "./page-cache-store";

/**
 * A web worker's request listener: the operations endpoints (/healthz, /readyz, /metrics: operations.ts), then
 * page-cache hits answered before Express (early-hits.ts; unless PAGE_CACHE_HITS=express), then everything else
 * by the app, which shares the worker's one page store. A module of its own so that it takes `createApp` as the
 * build composes it (the test build replaces app.ts, ADR 0018).
 */
export function createRequestListener(opts: AppOptions & { operations?: OperationsOptions } = {}): RequestListener {
  const pageStore = processPageStore();
  const app = createApp({ ...opts, pageStore });
  const answerHit = pageStore && env().PAGE_CACHE_HITS === "early" ? earlyHits(pageStore, app) : undefined;
  return withOperations((req, res) => {
    const hit = answerHit?.(req, res);
    if (hit) return hit;
    app(req, res);
    return null;
  }, opts.operations);
}
