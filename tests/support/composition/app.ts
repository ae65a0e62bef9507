// The test build's server/http/app.ts (docs/decisions/0018-test-build.md): the production HTTP layer with
// the test routes at /__test (where production has nothing: after /media, before the database check) and
// the page cache bypassed while any fault switch is on, so fault tests see their error states.
import express from "express";
import { type AppOptions, createApp as createProductionApp } from "../../../server/http/app";
import { bypassPageCacheWhile } from "../../../server/http/page-cache-bypass";
import { faults } from "./faults";
import { testRoutes } from "./test-routes";

export type { AppOptions };

export function createApp(opts: AppOptions = {}): express.Express {
  bypassPageCacheWhile(() => faults.on().length > 0);
  return createProductionApp({ ...opts, extraRoutes: express.Router().use("/__test", testRoutes()) });
}
