import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { paths } from "../../core/paths";
import { requestAgeAccess } from "../age-assurance/access";
import { withheldMediaGate } from "../age-assurance/media-gate";
import { dataDir, env } from "../env";
import { appMediaStorage } from "../media/app-storage";
import { adEvents } from "./ad-events";
import { AUTH_BASE_PATH, authRoutes } from "./auth-routes";
import { compressResponses } from "./compression";
import { refuseCrossSiteWrites } from "./cross-site";
import { declaredHeaders } from "./declared-headers";
import { finalErrorHandler } from "./errors";
import { commonHeaders } from "./headers";
import { refuseUnknownHosts } from "./hosts";
import { inputBoundary } from "./input-boundary";
import { refuseUnsupportedMethods } from "./methods";
import { pageMicroCache } from "./page-cache-handler";
import type { PageStore } from "./page-cache-store";
import { ageAccessContext, requestInfoContext, routeContext } from "./request-context";
import { withRouteHeaders } from "./route-headers";
import { matchedRoute, routeMatching } from "./route-table";
import { responseCookiesContext } from "./session";
import { buildFiles, mediaFiles, mediaRedirects } from "./static-files";
import { whileDatabaseDown } from "./unavailable";
import { videoUploads } from "./uploads";

/** React Router's server build, every route inheriting the shared `headers` (route-headers.ts). */
const loadBuild = () => import("virtual:react-router/server-build").then(withRouteHeaders);

export interface AppOptions {
  /** The client build in production; in development Vite serves those files. */
  clientDir?: string;
  /** The server build whose routes are matched (tests without a build give their own). */
  loadBuild?: Parameters<typeof routeMatching>[0];
  /**
   * Routes the composition adds ahead of the database check. The production entry adds none; only the test
   * build does (docs/decisions/0018-test-build.md).
   */
  extraRoutes?: express.RequestHandler;
  /** The page cache's store, shared with the hits answered before Express (listener.ts); default: one of its own, null: none. */
  pageStore?: PageStore | null;
}

/** The one HTTP layer: every response (pages, build files, media, errors) passes the same headers and compression. */
export function createApp(opts: AppOptions = {}): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env().TRUST_PROXY === "false" ? false : env().TRUST_PROXY);
  app.use(commonHeaders());
  app.use(refuseUnknownHosts()); // pages, links and sign-in never take a name the site does not serve
  app.use(inputBoundary()); // unreadable URLs answer 400 before anything else sees them
  app.use(routeMatching(opts.loadBuild ?? loadBuild)); // the route's declared contract (core/route-contract.ts), for every step below
  app.use(refuseCrossSiteWrites()); // one rule for every route: no write that another site started
  app.use(compressResponses());
  if (opts.clientDir) app.use(buildFiles(opts.clientDir));
  const media = appMediaStorage();
  app.use("/media", withheldMediaGate()); // no video file for a visitor who must pass an age check first
  app.use("/media", media.remote ? mediaRedirects((key) => media.url(key)) : mediaFiles(path.join(dataDir(), "media")));
  if (opts.extraRoutes) app.use(opts.extraRoutes);
  // Before the database check: the live ad feed serves this process's copy and outlives a database outage.
  app.all(paths.api.adEvents(), adEvents());
  app.use(whileDatabaseDown());
  app.use(videoUploads()); // the console's resumable uploads (tus): admins only, everyone else gets 404
  app.use(AUTH_BASE_PATH, authRoutes()); // the OAuth return; sign-in forms go through React Router actions
  app.use(declaredHeaders());
  app.use(pageMicroCache(opts.pageStore)); // repeat anonymous page views skip the render (see page-cache-handler.ts)
  // Only what reaches React Router (uploads, sign-in and the test hooks answer above): 405 with Allow for a method
  // the route does not take, which React Router would log as a crash.
  app.use(refuseUnsupportedMethods());
  app.use(pageRequests(getLoadContext));
  app.use(finalErrorHandler());
  return app;
}

type GetLoadContext = NonNullable<Parameters<typeof createRequestHandler>[0]["getLoadContext"]>;

const getLoadContext: GetLoadContext = (req, res) => {
  const context = new RouterContextProvider();
  context.set(routeContext, matchedRoute(res));
  context.set(ageAccessContext, requestAgeAccess(req));
  context.set(requestInfoContext, {
    requestId: String(res.locals.requestId),
    clientIp: req.ip ?? null,
    userAgent: req.get("user-agent") ?? null,
    nonce: String(res.locals.nonce),
    markDegraded: () => {
      res.locals.pageDegraded = true;
    },
  });
  // A session lookup that slides the expiry hands its refreshed cookie to this response.
  context.set(responseCookiesContext, {
    append: (setCookie) => {
      if (!res.headersSent) res.append("Set-Cookie", setCookie);
    },
  });
  return context;
};

/**
 * React Router's handler for pages, data requests and resource routes. Given the build as a function, React
 * Router derives its route tables from it on every request (createStaticHandler: every route flattened and
 * ranked, ~1 ms of CPU per request measured with `npm run bench:render`), so that development sees each edit;
 * a production build never changes, so it is loaded once and handed over as the build itself.
 */
function pageRequests(getLoadContext: GetLoadContext): express.RequestHandler {
  if (import.meta.env.DEV) return createRequestHandler({ build: loadBuild, getLoadContext });
  let handler: Promise<express.RequestHandler> | undefined;
  return (req, res, next) => {
    handler ??= loadBuild().then(
      (build) => createRequestHandler({ build, getLoadContext }),
      (err) => {
        handler = undefined; // a failed load is tried again by the next request
        throw err;
      },
    );
    handler.then((handle) => handle(req, res, next), next);
  };
}
