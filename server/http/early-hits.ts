import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { ageAccessKey, requestAgeAccess } from "../age-assurance/access";
import { databaseAvailable } from "../db/availability";
import { startResponse } from "./headers";
import { unreadableUrl } from "./input-boundary";
import { type PageRequest, pageKey, requestCacheability } from "./page-cache-key";
import { sendStored } from "./page-cache-replay";
import type { PageStore, StoredHeaderList } from "./page-cache-store";
import type { SnapshotEncoding } from "./page-snapshot";

/** Express's compiled "trust proxy" setting (`app.get("trust proxy fn")`): whether to believe the hop at `index`. */
export type TrustProxy = (address: string | undefined, index: number) => boolean;

/** The parts of the Express app the early hits read: its "trust proxy" setting, so keys and HSTS match the chain's. */
export interface ExpressSettings {
  get(setting: "trust proxy fn"): unknown;
  enabled(setting: "trust proxy"): boolean;
}

/**
 * Page-cache hits answered on the raw `node:http` request, before Express, its middleware and React Router
 * (docs/decisions/0020). A hit sends what the chain would send for it: the headers every response carries
 * (headers.ts's `startResponse`), then the stored page by page-cache-replay.ts's `sendStored`, the one implementation
 * of a hit, all in one `writeHead`, and returns the pattern of the page's route (its metrics label, operations.ts).
 * Returns null, having written nothing, for everything else, which then goes to Express unchanged.
 *
 * What comes before the cache in the chain (http/app.ts) and how it is kept:
 * - commonHeaders: `startResponse`, the same function, with the stored page's CSP instead of a nonce;
 * - refuseUnknownHosts: the key names Host and X-Forwarded-Host, and only the chain stores pages, after that
 *   check: a host the site does not serve never has a stored page, so its request goes to Express (400);
 * - inputBoundary: an unreadable URL (400) goes to Express; its 405 methods and unread bodies never get here
 *   (GET and HEAD without a body only);
 * - routeMatching: the route's part of `cacheability` was decided when the page was stored (a key names one
 *   path, so one route); the request's part (`requestCacheability`: method, `.data`, the
 *   composition's bypass condition) is asked again for every hit;
 * - refuseCrossSiteWrites: GET and HEAD are never refused;
 * - compression: a body in brotli or gzip passes through it unchanged, so only those are answered here (a
 *   client that takes neither goes to Express, whose compression may still deflate);
 * - build and media files, the test build's routes, the ad feed, uploads, sign-in: a stored page exists only
 *   under a key the chain itself rendered, so never at an address one of them answers (none is a cached route);
 * - whileDatabaseDown: while the database is down everything goes to Express, which answers 503 as before;
 * - declaredHeaders: a stored page keeps the render's Cache-Control (settled by the same `cacheControlFor`)
 *   and X-Robots-Tag, so a hit sends what that middleware would.
 */
export function earlyHits(store: PageStore, app: ExpressSettings): (req: IncomingMessage, res: ServerResponse) => string | null {
  const trust = app.get("trust proxy fn") as TrustProxy;
  const trustProxy = app.enabled("trust proxy");
  return (req, res) => {
    const method = req.method ?? "";
    if (method !== "GET" && method !== "HEAD") return null;
    const url = req.url ?? "";
    if (!PLAIN_TARGET.test(url) || hasBody(req)) return null;
    if (!databaseAvailable() || unreadableUrl(url) !== null) return null;
    const query = url.indexOf("?");
    const request: PageRequest = {
      method,
      url,
      path: query < 0 ? url : url.slice(0, query),
      headers: req.headers,
      protocol: requestProtocol(req, trust),
      trustProxy,
      ageAccess: ageAccessKey(requestAgeAccess(req, peerTrusted(req, trust))),
    };
    if (requestCacheability(request) === "bypass") return null;
    const encoding = plainEncoding(req.headers["accept-encoding"]);
    if (encoding !== "br" && encoding !== "gzip") return null;
    // A fresh page, or an expired one while its replacement renders (page-cache-store.ts answer); anything else,
    // the first request after the TTL among them, goes on to Express, which renders.
    const found = store.answer(pageKey(request));
    if (!found) return null;
    // The headers every response carries, collected to go out with the page's in one writeHead.
    const head: StoredHeaderList = [];
    startResponse(req, res, { secure: request.protocol === "https", contentSecurityPolicy: found.page.csp }, (name, value) => {
      head.push(name, value);
    });
    sendStored(req, res, found.page, encoding, head, found.state);
    return found.page.route;
  };
}

/**
 * A path and query of printable ASCII without a fragment: the request targets for which the path here is
 * the one Express's `req.path` (parseurl) reads. Anything else (absolute form, `#`, raw bytes) goes to Express.
 */
const PLAIN_TARGET = /^\/[\x21-\x22\x24-\x7e]*$/;

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** Whether each connection's peer is a trusted proxy: asked once per connection, not per request. */
const trustedPeers = new WeakMap<Socket, boolean>();

/** Whether the connection's peer is a proxy TRUST_PROXY names. */
export function peerTrusted(req: IncomingMessage, trust: TrustProxy): boolean {
  const socket = req.socket;
  let trusted = trustedPeers.get(socket);
  if (trusted === undefined) {
    trusted = trust(socket.remoteAddress, 0);
    trustedPeers.set(socket, trusted);
  }
  return trusted;
}

/** Express's `req.protocol`: the socket's, or the first X-Forwarded-Proto when the proxy it came through is trusted. */
export function requestProtocol(req: IncomingMessage, trust: TrustProxy): string {
  const proto = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (!peerTrusted(req, trust)) return proto;
  const header = (req.headers["x-forwarded-proto"] as string | undefined) || proto;
  const comma = header.indexOf(",");
  return comma !== -1 ? header.substring(0, comma).trim() : header.trim();
}

/** One coding of a plain Accept-Encoding header, with an optional q of up to 3 decimals (RFC 9110's qvalue). */
const PLAIN_CODING = String.raw`[\w*.+-]*(?:[ \t]*;[ \t]*q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?`;
/** Accept-Encoding as browsers send it: codings, each with an optional q, nothing else. */
const PLAIN_ACCEPT_ENCODING = new RegExp(String.raw`^[ \t]*${PLAIN_CODING}(?:[ \t]*,[ \t]*${PLAIN_CODING})*[ \t]*$`);

/**
 * The encoding of a stored page for a plain Accept-Encoding header, by the rules of Express's negotiation
 * (negotiator, via `req.acceptsEncodings`): a coding named exactly ranks above `*`, then the higher q; it is
 * accepted when that q is above 0. Brotli, else gzip, else none; null for a header that is not plain, which
 * goes to Express's own parser.
 */
export function plainEncoding(header: string | undefined): SnapshotEncoding | null {
  if (header === undefined) return "identity";
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    // Browsers send a handful of distinct headers: each is read once (the memo is bounded against floods).
    if (negotiated.size >= 256) negotiated.clear();
    encoding = negotiate(header);
    negotiated.set(header, encoding);
  }
  return encoding;
}

const negotiated = new Map<string, SnapshotEncoding | null>();

function negotiate(header: string): SnapshotEncoding | null {
  if (!PLAIN_ACCEPT_ENCODING.test(header)) return null;
  const q = new Map<string, number>();
  for (const item of header.split(",")) {
    const [name = "", param] = item.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const quality = param === undefined ? 1 : Number(param.trim().slice(2));
    q.set(coding, Math.max(q.get(coding) ?? 0, quality));
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}
