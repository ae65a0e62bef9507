import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { z } from "zod";
import { AGE_COOKIE } from "../../core/cookies";
import { parseCookie } from "../../core/params";
import { isSharedPage } from "../../core/route-contract";
import { ageAccessKey, requestAgeAccess } from "../age-assurance/access";
import { env } from "../env";
import { logger } from "../logger";
import { onAnyInvalidation, PAGES, pagePaths } from "../realtime/shared-caches";
import { watchAdConfiguration } from "../services/ad-units-feed";
import { contentSecurityPolicy, EVERY_RESPONSE_HEADER } from "./headers";
import { cacheControlFor } from "./page-caching";
import { type PageSnapshot, type SnapshotEncoding, snapshotEncoding, snapshotPage } from "./page-snapshot";
import { matchedRoute, type RouteMatch } from "./route-table";
import { hasSessionCookie } from "./session";

/**
 * A micro-cache of anonymous pages: a worker that rendered a page keeps its HTML for PAGE_CACHE_TTL_MS (2 s)
 * and answers the same request again without React Router, react-dom or the database. Under load most page
 * views are repeats within seconds, so the render cost is paid about once per page, address and TTL.
 *
 * What a page of the cached routes depends on, besides the database (read from app/entry.server.tsx,
 * app/root.tsx and the routes' loaders), and how each input is handled:
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
 *   after the shell: the render says so (markDegraded in the request context) and such a page is not kept;
 * - a condition the composition sets (bypassPageCacheWhile; production sets none, the test build's fault
 *   switches do): while it holds, nothing is served or stored, so fault tests see their error states.
 * Which routes: those whose contract declares `pageCache` (core/route-contract.ts; not /contact and /login:
 * form tokens; not search: its addresses rarely repeat). Not cached: `.data` navigations, anything but GET/HEAD, and answers
 * other than a 200 text/html without Set-Cookie.
 *
 * Freshness: every shared-cache invalidation (console and service writes: categories, blog posts, video
 * lists; announced over LISTEN/NOTIFY and applied in every web worker before the writer answers) and every ad
 * unit change (the pre-roll included) clears the whole cache in every worker; a comment added, deleted or
 * moderated clears only its video's page (invalidatePages(paths): under many comments the other pages stay
 * cached). A render that began before a clear is not stored after it.
 *
 * Concurrent misses of one key wait for the first render and are answered from what it stored.
 *
 * The render itself streams out as usual (compressed per response by compression, earlier in the chain, so
 * the chunks seen here are plain); the stored page is compressed once, as brotli and gzip, and an answer
 * from the cache sends the encoding its Accept-Encoding prefers as it is.
 *
 * In a web worker most hits never reach Express: early-hits.ts answers them on the raw request with the
 * same functions (requestCacheability, pageKey, sendStored). The middleware here answers the rest: hits that
 * waited for a render, and every hit when PAGE_CACHE_HITS=express.
 */

export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** Headers that belong to one response, never to a stored page. */
const PER_RESPONSE_HEADERS = new Set([
  "x-request-id",
  "content-security-policy",
  "strict-transport-security",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  PAGE_CACHE_HEADER.toLowerCase(),
]);

export interface PageCacheOptions {
  ttlMs: number;
  /** Pages kept per worker. */
  maxEntries?: number;
  /** Bytes of HTML kept per worker. */
  maxBytes?: number;
  /** Larger pages are not kept. */
  maxBodyBytes?: number;
  now?: () => number;
}

/** Headers as `[name, value, name, value, …]`, as `writeHead` takes them. */
export type StoredHeaderList = (string | string[])[];

export interface StoredPage {
  page: PageSnapshot;
  /**
   * What a hit sends after the headers every response carries (headers.ts), per encoding, as a flat
   * `[name, value, …]` list in the order sent: X-Page-Cache, the render's own headers (without the
   * per-response ones; Cache-Control as personalPages settles it for a visitor, Vary naming Accept-Encoding),
   * Content-Encoding and Content-Length. Decided once, when the page is stored, instead of per answer.
   */
  answer: Record<SnapshotEncoding, StoredHeaderList>;
  /** The Content-Security-Policy of every answer: the page's inline scripts by hash, no nonce. */
  csp: string;
  bytes: number;
  expires: number;
}

/** Pages by key, oldest-used first (Map order), bounded in entries and bytes. */
export class PageStore {
  private readonly entries = new Map<string, StoredPage>();
  private totalBytes = 0;
  /** Bumped by clear(): a render that started under an older generation is not stored. */
  private gen = 0;

  constructor(private readonly options: Required<Omit<PageCacheOptions, "ttlMs">> & { ttlMs: number }) {}

  get maxBodyBytes(): number {
    return this.options.maxBodyBytes;
  }

  now(): number {
    return this.options.now();
  }

  /** Snapshots being made (compressed off the event loop) for pages that finished rendering. */
  private readonly pending = new Set<Promise<void>>();

  /** Counts `snapshot` as pending until it settles. */
  track(snapshot: Promise<void>): Promise<void> {
    this.pending.add(snapshot);
    void snapshot.finally(() => this.pending.delete(snapshot));
    return snapshot;
  }

  /** Resolves once every pending snapshot is stored or dropped (tests use it to see a settled store). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): StoredPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    this.entries.delete(key);
    if (page.expires <= this.options.now()) {
      this.totalBytes -= page.bytes;
      return undefined;
    }
    this.entries.set(key, page); // re-inserted: most recently used
    return page;
  }

  /** `renderedAt`: when the render finished; the TTL counts from then, not from when its snapshot was ready. */
  set(key: string, page: Omit<StoredPage, "expires">, generation: number, renderedAt = this.options.now()): boolean {
    if (generation !== this.gen || page.bytes > this.options.maxBodyBytes) return false;
    this.remove(key);
    this.entries.set(key, { ...page, expires: renderedAt + this.options.ttlMs });
    this.totalBytes += page.bytes;
    while (this.entries.size > this.options.maxEntries || this.totalBytes > this.options.maxBytes) {
      this.remove(this.entries.keys().next().value as string);
    }
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
    this.gen++;
  }

  /**
   * Drops the pages at these paths (every query, encoding and visitor variant of each); a render in flight,
   * whatever its page, is not stored (one generation for all: simpler than one per path, and as safe).
   */
  clearPaths(paths: readonly string[]): void {
    const wanted = new Set(paths);
    for (const key of [...this.entries.keys()]) {
      const url = (JSON.parse(key) as unknown[])[3];
      if (typeof url === "string" && wanted.has(url.split("?")[0] as string)) this.remove(key);
    }
    this.gen++;
  }

  private remove(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.totalBytes -= page.bytes;
  }
}

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

let bypassAll: () => boolean = () => false;

/**
 * Makes every request skip the cache while `condition` holds. The production entry never calls it; the
 * test build does, for its fault switches (docs/decisions/0018-test-build.md).
 */
export function bypassPageCacheWhile(condition: () => boolean): void {
  bypassAll = condition;
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
  if (bypassAll()) return "bypass";
  return "cacheable";
}

/** The age gate's cookie value that skips it (built once: a zod schema is dear to build per request). */
const AGE_VERIFIED = z.literal("true");

/** Everything a cached page's HTML depends on besides the database (see the module comment). */
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

/**
 * This process's page store, cleared by every invalidation and ad unit change; null when the cache is off
 * (PAGE_CACHE_TTL_MS=0). One per process: the middleware and the early hits share it.
 */
export function processPageStore(options: PageCacheOptions = { ttlMs: env().PAGE_CACHE_TTL_MS }): PageStore | null {
  if (options.ttlMs <= 0) return null;
  const store = createPageStore(options);
  onAnyInvalidation((name, key) => (name === PAGES && key ? store.clearPaths(pagePaths(key)) : store.clear()));
  watchAdConfiguration(() => store.clear());
  return store;
}

/**
 * The middleware, mounted right before the React Router handler (after the database check, the auth
 * routes and declaredHeaders), on `store` (default: a store of its own, processPageStore).
 */
export function pageMicroCache(store: PageStore | null = processPageStore()): RequestHandler {
  return store ? pageCacheHandler(store) : (_req, _res, next) => next();
}

export function createPageStore(options: PageCacheOptions): PageStore {
  return new PageStore({
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries ?? 1000,
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    now: options.now ?? Date.now,
  });
}

/**
 * The request handling on a given store (tests drive it directly). Concurrent misses of one key wait for
 * the first one's render (when a page expires under load, one render instead of one per connection) and
 * are answered from what it stored; if it stored nothing (an error, a cookie), each renders its own.
 */
export function pageCacheHandler(store: PageStore): RequestHandler {
  const rendering = new Map<string, Promise<void>>();
  return (req, res, next) => {
    const request = expressPageRequest(req);
    if (cacheability(request, matchedRoute(res)) === "bypass") {
      res.setHeader(PAGE_CACHE_HEADER, "bypass");
      return next();
    }
    const key = pageKey(request);
    const page = store.get(key);
    if (page) return sendStored(req, res, page, expressEncoding(req));
    const render = (lead: boolean) => {
      res.setHeader(PAGE_CACHE_HEADER, "miss");
      if (req.method === "GET") {
        const stored = keepWhenDone(res, store, key, String(res.locals.nonce ?? ""), hasSessionCookie(req.headers.cookie));
        if (lead) {
          rendering.set(key, stored);
          void stored.then(() => rendering.get(key) === stored && rendering.delete(key));
        }
      }
      next();
    };
    const earlier = rendering.get(key);
    if (!earlier) return render(true);
    void earlier.then(() => {
      if (res.destroyed) return; // the visitor left while waiting
      const ready = store.get(key);
      if (ready) sendStored(req, res, ready, expressEncoding(req));
      else render(false);
    });
  };
}

/** The encoding a stored page is sent in, by Express's Accept-Encoding negotiation: brotli, else gzip, else none. */
function expressEncoding(req: Request): SnapshotEncoding {
  return snapshotEncoding((e) => req.acceptsEncodings(e) === e);
}

/**
 * Answers with a stored page: the headers of StoredPage.answer for `encoding` (the one its Accept-Encoding
 * prefers), the stored page's CSP (by hash) and the page; HEAD gets no body. One implementation for both paths.
 * In Express's chain (no `head`) the headers every response carries are on `res` already, the render's nonce
 * policy among them, and compression passes the encoded body through. The early hits before Express pass those
 * headers as `head` instead (startResponse with the stored CSP), and everything goes out in one `writeHead`.
 */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: StoredPage,
  encoding: SnapshotEncoding,
  head?: StoredHeaderList,
): void {
  const answer = stored.answer[encoding];
  if (head) res.writeHead(200, head.concat(answer));
  else {
    for (let i = 0; i < answer.length; i += 2) res.setHeader(answer[i] as string, answer[i + 1]!);
    res.setHeader("Content-Security-Policy", stored.csp);
    res.statusCode = 200;
  }
  if (req.method === "HEAD") res.end();
  else res.end(stored.page[encoding]);
}

/** The Vary header `current` with `field` added, as the vary package (Express's `res.vary`, compression) adds it. */
export function varyOn(current: number | string | string[] | undefined, field: string): string {
  const header = Array.isArray(current) ? current.join(", ") : String(current ?? "");
  const fields = header
    .toLowerCase()
    .split(",")
    .map((f) => f.trim());
  if (fields.includes("*")) return "*";
  if (fields.includes(field.toLowerCase())) return header;
  return header ? `${header}, ${field}` : field;
}

/**
 * Lets the render stream out as usual while copying its chunks; once it ended as a page to keep, stores its
 * snapshot. The promise settles when that is decided (stored or not), never rejects.
 */
function keepWhenDone(res: Response, store: PageStore, key: string, nonce: string, shell: boolean): Promise<void> {
  const generation = store.generation;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let tooLarge = false;
  const copy = (chunk: unknown, encoding: unknown) => {
    if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    if (bytes > store.maxBodyBytes) {
      tooLarge = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    copy(args[0], args[1]);
    return write(...args);
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    copy(args[0], args[1]);
    return end(...args);
  }) as Response["end"];
  let renderedAt = 0;
  const finished = new Promise<boolean>((resolve) => {
    res.once("finish", () => {
      renderedAt = store.now();
      resolve(true);
    });
    res.once("close", () => resolve(false)); // after "finish" when it finished: settled already
  });
  return store.track(
    finished.then(async (complete) => {
      if (!complete || tooLarge || !worthKeeping(res)) return;
      const rendered = res.getHeaders();
      try {
        const page = await snapshotPage(Buffer.concat(chunks), nonce);
        if (!page) return;
        const csp = contentSecurityPolicy({ hashes: page.scriptHashes });
        const bytes = page.identity.length + page.br.length + page.gzip.length;
        store.set(key, { page, answer: hitHeaders(rendered, page, shell), csp, bytes }, generation, renderedAt);
      } catch (err) {
        logger.warn({ err, key }, "page cache: could not keep a page");
      }
    }),
  );
}

/** What a hit of this page sends after the headers every response carries (StoredPage.answer). */
function hitHeaders(rendered: OutgoingHttpHeaders, page: PageSnapshot, shell: boolean): StoredPage["answer"] {
  const own: StoredHeaderList = [];
  for (const [name, value] of Object.entries(rendered)) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name) || EVERY_RESPONSE_HEADER.has(name)) continue;
    // The shell a session cookie gets is never kept by the browser (the back button after signing out).
    if (name === "cache-control") own.push(name, cacheControlFor(String(value), shell));
    else if (name === "vary") own.push(name, varyOn(value, "Accept-Encoding"));
    else own.push(name, typeof value === "number" ? String(value) : value);
  }
  if (rendered["cache-control"] === undefined) own.push("cache-control", cacheControlFor(undefined, shell));
  if (rendered.vary === undefined) own.push("vary", "Accept-Encoding");
  const answer = (encoding: SnapshotEncoding): StoredHeaderList => [
    PAGE_CACHE_HEADER,
    "hit",
    ...own,
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
    "Content-Length",
    String(page[encoding].length),
  ];
  return { br: answer("br"), gzip: answer("gzip"), identity: answer("identity") };
}

/** A complete 200 HTML page that sets no cookie and shows no fallback. */
function worthKeeping(res: Response): boolean {
  if (res.statusCode !== 200 || res.locals.pageDegraded) return false;
  if (res.getHeader("set-cookie") !== undefined) return false;
  return /^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""));
}
