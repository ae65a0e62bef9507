import type { Request, RequestHandler } from "express";
import { env } from "../env";
import { logger } from "../logger";
import { matchedRoute } from "./route-table";

/** Methods that change nothing: a cross-site GET (a link, an image) is how the web works. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSAL = "Cross-site request refused.";

/**
 * Why a request that may change something was started by another site, or null when it was not. Browsers say
 * where a request comes from: `Sec-Fetch-Site` on every request (Chromium, Firefox, Safari 16.4+) and
 * `Origin` on every cross-origin POST (and "null" from sandboxed frames, data: URLs and privacy redirects).
 * Either naming anything but this origin is refused, a sibling subdomain ("same-site") included. A request
 * with neither did not come from a browser page, so it cannot carry a victim's cookies against their will.
 */
export function crossSiteReason(headers: { origin?: string; secFetchSite?: string }, siteOrigins: readonly string[]): string | null {
  const fetchSite = headers.secFetchSite?.trim().toLowerCase();
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return `Sec-Fetch-Site: ${fetchSite}`;
  if (headers.origin !== undefined && !siteOrigins.includes(headers.origin.trim().toLowerCase())) return "Origin";
  return null;
}

/**
 * The cross-site rule of the HTTP layer (issue 19 item 8): every request that may change something (any method
 * but GET, HEAD and OPTIONS), to any route (pages' actions, resource routes, sign-in, uploads, the OAuth
 * return), is refused with 403 before a route sees it when another site started it. Routes need not remember a
 * check of their own.
 */
export function refuseCrossSiteWrites(): RequestHandler {
  const configured = env().SITE_URL ? [new URL(env().SITE_URL as string).origin.toLowerCase()] : [];
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || matchedRoute(res)?.contract.crossSite === "allow") return next();
    const reason = crossSiteReason({ origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") }, [
      ...configured,
      requestOrigin(req),
    ]);
    if (!reason) return next();
    logger.info({ requestId: res.locals.requestId, method: req.method, url: req.originalUrl, reason }, "cross-site request refused");
    res.status(403).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send(CROSS_SITE_REFUSAL);
  };
}

/**
 * This request's own origin as the browser saw it: scheme (X-Forwarded-Proto from a trusted proxy) and host
 * with port (X-Forwarded-Host from a trusted proxy), the way React Router's Express adapter builds its URL.
 */
function requestOrigin(req: Request): string {
  const host = (req.app.enabled("trust proxy") && req.get("x-forwarded-host")?.split(",")[0]?.trim()) || req.get("host") || "";
  return `${req.protocol}://${host}`.toLowerCase();
}
