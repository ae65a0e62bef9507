import type { IncomingHttpHeaders } from "node:http";
import type { Request } from "express";
import { isbot } from "isbot";
import { z } from "zod";
import { AGE_COOKIE } from "../../core/cookies";
import { parseCookie } from "../../core/params";
import { isSharedPage } from "../../core/route-contract";
import { ageAccessKey, requestAgeAccess } from "../age-assurance/access";
import { pageCacheBypassed } from "./page-cache-bypass";
import type { RouteMatch } from "./route-table";
import { hasSessionCookie } from "./session";

/**
 * Which requests the page micro-cache may answer, and the key a page is kept under (docs/decisions/0013-page-cache.md,
 * docs/architecture.md "Request path"). The key holds everything a cached page's HTML depends on besides the
 * database (read from app/entry.server.tsx, app/root.tsx and the routes' loaders); each input is handled so:
 * - the address: protocol, Host / X-Forwarded-Host (pages carry absolute URLs built from the request when
 *   SITE_URL is unset), path and query: all in the key;
 * - the `ageVerified` cookie: the server renders the age gate or not: in the key;
 * - the age-assurance standing (the country header from a trusted proxy and the signed `ageAssured` cookie,
 *   server/age-assurance/access.ts): a visitor whose jurisdiction needs an age check and who has not passed it
 *   gets pages with media withheld, everyone else the full pages: in the key (`withheld`, `passed`, `open`), so
 *   neither variant is ever sent to the other;
 * - the user agent, as far as `isbot` goes: bots get the whole document at once (onAllReady): in the key;
 * - the session cookie, as far as "there is one": the page is then a shell, the same for every signed-in user
 *   (core/route-contract.ts isSharedPage: its loaders never read the viewer; the root marks it viewerDeferred
 *   and the browser fills in who it is from /api/viewer-state): in the key. The session is never looked up
 *   here, so a page stores no refreshed session cookie;
 * - the CSP nonce (res.locals.nonce, also in the Content-Security-Policy header): a stored page has its nonce
 *   attributes removed and its inline scripts named by hash in the CSP of every answer from the cache
 *   (page-snapshot.ts), so the stored bytes are the same for everyone and a nonce is never sent twice;
 * - the request id, the client IP, other cookies (viewSession is read by POST /api/play-token only), Accept-*:
 *   no cached page renders them (the request id lives in a header set for every response);
 * - the video page: a visitor's has no play token and sets no cookie (the token comes from POST
 *   /api/play-token at first playback, ADR 0014); its likes and comments are nobody's in particular, its
 *   pre-roll the site's (an ad unit change clears the cache); comments and likes may be TTL older;
 * - the time: "3 days ago" on cards may be TTL older, as are view and like counts (counting views does not
 *   invalidate);
 * - a failed service call's fallback (error states, the header's fallback categories) and render errors
 *   after the shell: the render says so (markDegraded in the request context) and such a page is not kept
 *   (page-cache-handler.ts);
 * - a condition the composition sets (page-cache-bypass.ts; production sets none, the test build's fault
 *   switches do): while it holds, nothing is served or stored, so fault tests see their error states.
 * Which routes: those whose contract declares `pageCache` (core/route-contract.ts; not /contact and /login:
 * form tokens; not search: its addresses rarely repeat). Not cached: `.data` navigations and anything but
 * GET/HEAD.
 */

/**
 * What the cache reads of a request: the same for Express's request (expressPageRequest) and for the raw
 * one that early-hits.ts answers before Express.
 */
export interface PageRequest {
  method: string;
  /** The request target as received, path and query (Express's `req.originalUrl`). */
  url: string;
  /** Its path (Express's `req.path`). */
  path: string;
  headers: IncomingHttpHeaders;
  /** `http` or `https` as the visitor used it: X-Forwarded-Proto from a trusted proxy (Express's `req.protocol`). */
  protocol: string;
  /** Express's "trust proxy" setting is on, so X-Forwarded-Host names the host the visitor used. */
  trustProxy: boolean;
  /** Whether explicit media are withheld from this visitor, or they passed, or their country asks nothing (access.ts). */
  ageAccess: string;
}

export function expressPageRequest(req: Request): PageRequest {
  return {
    method: req.method,
    url: req.originalUrl,
    path: req.path,
    headers: req.headers,
    protocol: req.protocol,
    trustProxy: !!req.app?.enabled("trust proxy"),
    ageAccess: ageAccessKey(requestAgeAccess(req)),
  };
}

/**
 * Whether this request's page may come from (and go to) the cache: a GET or HEAD of a page whose route
 * is shared (core/route-contract.ts isSharedPage), not a `.data` navigation.
 */
export function cacheability(req: PageRequest, route: RouteMatch | null): "cacheable" | "bypass" {
  if (!route || !isSharedPage(route.contract)) return "bypass";
  return requestCacheability(req);
}

/**
 * The request's part of `cacheability`, for early-hits.ts: GET or HEAD, not a `.data` navigation,
 * no bypass condition. The route's part needs no second look there: a stored page exists only under a key
 * the chain found cacheable, and a key names one path, so one route.
 */
export function requestCacheability(req: PageRequest): "cacheable" | "bypass" {
  if (req.method !== "GET" && req.method !== "HEAD") return "bypass";
  if (req.path.endsWith(".data")) return "bypass";
  if (pageCacheBypassed()) return "bypass";
  return "cacheable";
}

/** The age gate's cookie value that skips it (built once: a zod schema is dear to build per request). */
const AGE_VERIFIED = z.literal("true");

/**
 * Everything a cached page's HTML depends on besides the database (see the module comment). The request
 * target is the key's fourth item: PageStore.clearPaths reads the path from there.
 */
export function pageKey(req: PageRequest): string {
  const ageVerified = parseCookie(AGE_VERIFIED, req.headers.cookie ?? null, AGE_COOKIE) === "true";
  const userAgent = req.headers["user-agent"];
  const bot = !!userAgent && isbot(userAgent);
  const forwardedHost = req.trustProxy ? (header(req.headers, "x-forwarded-host") ?? "") : "";
  const shell = hasSessionCookie(req.headers.cookie);
  return JSON.stringify([req.protocol, header(req.headers, "host") ?? "", forwardedHost, req.url, ageVerified, bot, shell, req.ageAccess]);
}

/** A request header as Express's `req.get` reads it. */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
