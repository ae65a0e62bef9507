import { z } from "zod";
import { addressOrRange, type SettingsCheck } from "./values";

/**
 * How the site meets the web: the names it answers to, the proxies it believes, the page cache and the limits
 * on connections (docs/architecture.md "Processes" and "Request path"; docs/security.md).
 */

function trustProxyItem(item: string): boolean {
  return item === "loopback" || item === "linklocal" || item === "uniquelocal" || addressOrRange(item);
}

/** ALLOWED_HOSTS: `host` or `host:port` names (lower-cased, IPv6 in brackets), comma-separated, deduplicated. */
function allowedHostsSchema() {
  return z
    .string()
    .default("")
    .transform((v, ctx) => {
      const hosts = v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      for (const host of hosts) {
        if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(host))
          ctx.addIssue({ code: "custom", message: `"${host}" is not a host name such as www.example.com or example.com:8080` });
      }
      return [...new Set(hosts)];
    });
}

export const httpSettings = {
  SITE_URL: z.string().url().optional(),
  /**
   * The names the site answers to besides SITE_URL's, comma-separated, each `host` or `host:port` (e.g.
   * `www.example.com, example.org`); loopback names (localhost, 127.0.0.1, [::1]) always. A request naming
   * another host in Host or X-Forwarded-Host gets 400 (server/http/hosts.ts), so no page, cached page or mail
   * is made for it. Without SITE_URL, mails link to the first of these (server/site-url.ts mailOrigin).
   */
  ALLOWED_HOSTS: allowedHostsSchema(),
  /**
   * Comma-separated proxy addresses whose X-Forwarded-For we trust (Express "trust proxy"): IP addresses, CIDR
   * ranges, `loopback`, `linklocal`, `uniquelocal`; or `false` for none. Never "everyone": a client could then
   * name any address it likes.
   */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .refine(
      (v) => v === "false" || v.split(",").every((item) => trustProxyItem(item.trim())),
      "must be false or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal",
    ),
  /**
   * How long a worker keeps an anonymous visitor's rendered page (home, categories, blog, search, static
   * pages) to answer the same address again without rendering (server/http/page-cache-store.ts); 0 turns it off.
   */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How long past PAGE_CACHE_TTL_MS a page may still answer the requests that arrive while its replacement renders
   * (stale while revalidating, server/http/page-cache-store.ts); 0: they wait for the render.
   */
  PAGE_CACHE_STALE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * Where a web worker answers a page-cache hit: `early`, on the raw request before Express (server/http/early-hits.ts),
   * or `express`, in the middleware chain as every other request (what `npm run bench` compares it with).
   */
  PAGE_CACHE_HITS: z.enum(["early", "express"]).default("early"),
  /**
   * Connection limits of the web workers (server/http/http-server.ts), against slow and many-connection
   * clients. HTTP_HEADERS_TIMEOUT_MS: a request's headers must arrive within this (408 and close otherwise:
   * slowloris). HTTP_REQUEST_TIMEOUT_MS: headers and body within this (one 2 MiB upload chunk needs ~17 KB/s
   * at the default); responses are not limited, so the live ad feed stays open. HTTP_KEEP_ALIVE_TIMEOUT_MS:
   * idle keep-alive connections close after this. MAX_CONNECTIONS: open connections per app instance (live
   * feeds included), shared evenly by its web workers; more are answered 503 + Retry-After and closed.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /**
   * Live ad feed streams (GET /api/ads/events) one client address (IPv6: its /64) may hold open per worker
   * process; more get 429 + Retry-After (server/http/ad-events.ts).
   */
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(16),
};

export const checkHttp: SettingsCheck<typeof httpSettings> = (e, ctx) => {
  // Node refuses a header time-out longer than the whole request's.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: "custom", path: ["HTTP_HEADERS_TIMEOUT_MS"], message: "must not exceed HTTP_REQUEST_TIMEOUT_MS" });
  }
};
