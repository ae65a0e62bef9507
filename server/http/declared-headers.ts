import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { RouteContract } from "../../core/route-contract";
import { matchedRoute } from "./route-table";
import { hasSessionCookie } from "./session";

/**
 * The headers a route declares in its contract (docs/decisions/0019-route-contract.md), set on every React Router
 * answer: X-Robots-Tag and Cache-Control, with the per-visitor rule that keeps pages out of shared caches. Not
 * the page micro-cache (page-cache-*.ts), which keeps whole pages in the worker and replays these headers.
 */

/** For pages that set no Cache-Control of their own: the browser may keep them but must ask again. */
export const PER_VISITOR = "private, no-cache";
/** A signed-in user's pages: never stored (shared computers, the back button after signing out). */
export const SIGNED_IN = "private, no-store";

/**
 * Every page is rendered for one visitor: the age gate follows their cookie and the header shows a signed-in
 * user's menu and name. So no shared cache may keep a page, and nothing is stored for a signed-in user.
 * Answers that chose to be public (robots.txt, the sitemap, the feed: the same for everyone) keep their header.
 */
export function cacheControlFor(current: string | undefined, signedIn: boolean): string {
  if (!current) return signedIn ? SIGNED_IN : PER_VISITOR;
  if (signedIn && !/\b(public|no-store)\b/.test(current)) return SIGNED_IN;
  return current;
}

/**
 * The route's declared headers on every React Router answer (pages, their `.data` navigations, resource
 * routes, error pages and refusals alike): noindex always, and its Cache-Control unless the answer chose one
 * (a refusal's `no-store`); then the per-visitor rule above.
 */
export function declaredHeaders(): RequestHandler {
  return (req, res, next) => {
    settleHeaders(req, res, matchedRoute(res)?.contract);
    next();
  };
}

/** Decided when the answer's headers go out, after the route set (or did not set) its own. */
function settleHeaders(req: IncomingMessage, res: ServerResponse, contract: RouteContract | undefined): void {
  const signedIn = hasSessionCookie(req.headers.cookie);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!this.headersSent) {
      const current = this.getHeader("Cache-Control") ?? contract?.cacheControl;
      this.setHeader("Cache-Control", cacheControlFor(current === undefined ? undefined : String(current), signedIn));
      if (contract?.robots === "noindex") this.setHeader("X-Robots-Tag", "noindex");
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
