import type { RequestListener } from "node:http";
import { env } from "../env";
import { type AppOptions, createApp } from "./app";
import { earlyHits } from "./early-hits";
import { processPageStore } from "./page-cache";

/**
 * A web worker's request listener: page-cache hits answered before Express (early-hits.ts; unless
 * PAGE_CACHE_HITS=express), everything else by the app, which shares the worker's one page store. A module of
 * its own so that it takes `createApp` as the build composes it (the test build replaces app.ts, ADR 0018).
 */
export function createRequestListener(opts: AppOptions = {}): RequestListener {
  const pageStore = processPageStore();
  const app = createApp({ ...opts, pageStore });
  if (!pageStore || env().PAGE_CACHE_HITS !== "early") return app;
  const answerHit = earlyHits(pageStore, app);
  return (req, res) => {
    if (!answerHit(req, res)) app(req, res);
  };
}
