import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { adScriptSrc } from "../../core/ad-units";
import { requestId as requestIdSchema } from "../../core/params";
import { site } from "../../core/site";
import { env } from "../env";
import { mediaBaseOrigin } from "../env/media-storage";
import { logger } from "../logger";

/**
 * What allows a page's inline scripts: this response's nonce (a rendered page), or their hashes (a page
 * the page cache sends as it stored it, see page-snapshot.ts).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/**
 * Scripts only from our origin, carrying this response's nonce (or listed by hash), or from a configured ad host. Styles allow
 * inline attributes (React style props). The configured ad hosts (AD_HOSTS), and only they, are added where
 * ads need them: the banner network's script (script-src, the AD_SCRIPT_URL host only: a slot injects it
 * after load, and a script inserted by our code carries no nonce, so its host must be listed) and the
 * frames it may open (frame-src, only with a banner network configured)
 * (frame-src); fetching a VAST tag and its wrappers (connect-src), playing the creative (media-src) and the
 * tracking pixels (img-src). No 'strict-dynamic', which would make browsers ignore the host list.
 * Media on another origin (MEDIA_BASE_URL, e.g. a CDN in front of object storage) are allowed for images,
 * video and connect-src (hls.js fetches playlists and segments with XHR), nothing else.
 */
export function contentSecurityPolicy(
  inline: InlineScripts,
  adHosts: readonly string[] = env().AD_HOSTS,
  adScriptUrl: string | undefined = env().AD_SCRIPT_URL,
  mediaOrigin: string | undefined = mediaBaseOrigin(env().MEDIA_BASE_URL),
): string {
  const ads = adHosts.map((h) => ` ${h}`).join("");
  const media = mediaOrigin && !adHosts.includes(mediaOrigin) ? ` ${mediaOrigin}` : "";
  // Only the banner network's own host may run script (server/env/ads.ts checks it is one of AD_HOSTS).
  const adScripts = adScriptUrl ? ` ${new URL(adScriptSrc(adScriptUrl, "0")).origin}` : "";
  const inlineScripts = "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(" ") + adScripts,
    `frame-src 'self'${adScripts ? ads : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${media}${ads}`,
    `media-src 'self' blob:${media}${ads}`,
    `connect-src 'self'${media}${ads}`,
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' https://www.google.com${signInProviderOrigin()}${ageCheckOrigin()}`,
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * The Google sign-in form posts to us and we answer with a redirect to the provider's authorization page;
 * browsers hold that redirect to form-action too, so the provider's origin is listed when sign-in is set up.
 */
function signInProviderOrigin(): string {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER } = env();
  return GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET ? ` ${new URL(GOOGLE_ISSUER).origin}` : "";
}

/** The same for the age check's "Verify my age" form (docs/decisions/0028): the age-verification service's origin. */
function ageCheckOrigin(): string {
  const { AGE_ASSURANCE_COUNTRIES, AGE_OIDC_ISSUER } = env();
  return AGE_ASSURANCE_COUNTRIES.length > 0 && AGE_OIDC_ISSUER ? ` ${new URL(AGE_OIDC_ISSUER).origin}` : "";
}

/** Sets one response header: `res.setHeader` (the Express chain) or a push onto the list one `writeHead` sends (early hits). */
export type HeaderSink = (name: string, value: string) => void;

/**
 * The headers every response carries (pages, files, errors alike, and the page cache's early hits), the
 * request id and the access log line: the one list, called by `commonHeaders` at the head of the Express
 * chain and by the page cache's answers before Express (early-hits.ts). `contentSecurityPolicy` is this
 * response's policy (a nonce for a render, hashes for a stored page); `secure` is whether the visitor used
 * HTTPS (Express's `req.secure`). Each header goes to `header` (default: `res.setHeader`). Returns the request id.
 */
export function startResponse(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { secure: boolean; contentSecurityPolicy: string },
  header: HeaderSink = (name, value) => void res.setHeader(name, value),
): string {
  // A caller's id is kept only when it is short and plain, so it can never inject into logs or headers.
  const given = req.headers["x-request-id"];
  const requestId = given !== undefined && requestIdSchema.safeParse(given).success ? (given as string) : crypto.randomUUID();
  everyResponseHeader(requestId, opts, header);
  // The access log line is debug: its listener and clock are skipped unless that level is on.
  if (logger.isLevelEnabled("debug")) {
    const url = req.url;
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug({ requestId, method: req.method, url, status: res.statusCode, ms }, "request");
    });
  }
  return requestId;
}

function everyResponseHeader(requestId: string, opts: { secure: boolean; contentSecurityPolicy: string }, header: HeaderSink): void {
  header("X-Request-Id", requestId);
  header("Rating", site.rtaLabel);
  header("X-Content-Type-Options", "nosniff");
  header("Referrer-Policy", "strict-origin-when-cross-origin");
  header("Content-Security-Policy", opts.contentSecurityPolicy);
  if (opts.secure) header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** The names (lower case) of the headers startResponse sets, read from its list: a stored page does not repeat them. */
export const EVERY_RESPONSE_HEADER: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  everyResponseHeader("", { secure: true, contentSecurityPolicy: "" }, (name) => names.add(name.toLowerCase()));
  return names;
})();

/** Request id, access log, and the headers every response carries, with a fresh nonce for a render's inline scripts. */
export function commonHeaders(): RequestHandler {
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.locals.requestId = startResponse(req, res, { secure: req.secure, contentSecurityPolicy: contentSecurityPolicy({ nonce }) });
    next();
  };
}
