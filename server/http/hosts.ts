import type { RequestHandler } from "express";
import { env } from "../env";
import { logger } from "../logger";

/**
 * Only the site's own names (issue 32 item 3). A request's Host and X-Forwarded-Host are its sender's to choose;
 * pages, canonical links, sitemaps and sign-in build addresses from them. So a request naming a host the site does
 * not serve gets 400 before anything reads it: SITE_URL's host, ALLOWED_HOSTS, and the loopback names a machine
 * uses to reach itself (health checks, the demo on localhost). Mails never use the request at all
 * (server/site-url.ts mailOrigin).
 */

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The names allowed: `host` (any port) or `host:port` (that port), lower-cased. */
export function allowedHosts(e = env()): Set<string> {
  const hosts = new Set(e.ALLOWED_HOSTS);
  if (e.SITE_URL) hosts.add(new URL(e.SITE_URL).host.toLowerCase());
  return hosts;
}

/** Whether one Host value names this site. */
export function isAllowedHost(value: string, allowed: ReadonlySet<string>): boolean {
  const host = value.trim().toLowerCase();
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  if (!name) return false;
  return LOOPBACK_NAMES.has(name) || allowed.has(host) || allowed.has(name);
}

export function refuseUnknownHosts(): RequestHandler {
  const allowed = allowedHosts();
  return (req, res, next) => {
    const forwarded = req.get("x-forwarded-host");
    const named = [req.get("host") ?? "", ...(forwarded === undefined ? [] : forwarded.split(","))];
    if (named.every((h) => isAllowedHost(h, allowed))) return next();
    logger.info({ requestId: res.locals.requestId, host: named.join(", ").slice(0, 200) }, "request for an unknown host refused");
    res.status(400).set("Cache-Control", "no-store").type("text/plain").send("Unknown host.");
  };
}
