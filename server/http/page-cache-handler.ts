import type { Request, RequestHandler, Response } from "express";
import { logger } from "../logger";
import { contentSecurityPolicy } from "./headers";
import { cacheability, expressPageRequest, pageKey } from "./page-cache-key";
import { hitHeaders, sendStored } from "./page-cache-replay";
import { PAGE_CACHE_HEADER, type PageStore, processPageStore } from "./page-cache-store";
import { type SnapshotEncoding, snapshotEncoding, snapshotPage } from "./page-snapshot";
import { matchedRoute } from "./route-table";
import { hasSessionCookie } from "./session";

/**
 * The page micro-cache in Express's chain (docs/decisions/0013-page-cache.md), mounted right before React Router:
 * a hit is answered from the store, a miss renders as usual while its bytes are copied and, once it ended as a
 * page worth keeping (a complete 200 `text/html` without Set-Cookie or a fallback), stored. Concurrent misses of
 * one key get the expired copy while the first one renders its replacement (within the stale bound), else wait for
 * that render and are answered from what it stored.
 *
 * The render itself streams out as usual (compressed per response by compression, earlier in the chain, so
 * the chunks seen here are plain). In a web worker most hits never reach Express: early-hits.ts answers them on
 * the raw request with the same functions (requestCacheability, pageKey, sendStored). This middleware answers
 * the rest: hits that waited for a render, and every hit when PAGE_CACHE_HITS=express.
 */

/**
 * The middleware, mounted right before the React Router handler (after the database check, the auth
 * routes and declaredHeaders), on `store` (default: a store of its own, processPageStore).
 */
export function pageMicroCache(store: PageStore | null = processPageStore()): RequestHandler {
  return store ? pageCacheHandler(store) : (_req, _res, next) => next();
}

/**
 * The request handling on a given store (tests drive it directly). When a page expires under load, one render
 * instead of one per connection: the first request renders; the others get the expired copy meanwhile, or,
 * without one, wait for that render and are answered from what it stored; if it stored nothing (an error, a
 * cookie), each renders its own.
 */
export function pageCacheHandler(store: PageStore): RequestHandler {
  return (req, res, next) => {
    const request = expressPageRequest(req);
    if (cacheability(request, matchedRoute(res)) === "bypass") {
      res.setHeader(PAGE_CACHE_HEADER, "bypass");
      return next();
    }
    const key = pageKey(request);
    const found = store.answer(key);
    if (found) return sendStored(req, res, found.page, expressEncoding(req), undefined, found.state);
    const render = (lead: boolean) => {
      res.setHeader(PAGE_CACHE_HEADER, "miss");
      if (req.method === "GET") {
        const stored = keepWhenDone(res, store, key, String(res.locals.nonce ?? ""), hasSessionCookie(req.headers.cookie));
        if (lead) store.rendering(key, stored);
      }
      next();
    };
    const earlier = store.renderOf(key);
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

/** A complete 200 HTML page that sets no cookie and shows no fallback. */
function worthKeeping(res: Response): boolean {
  if (res.statusCode !== 200 || res.locals.pageDegraded) return false;
  if (res.getHeader("set-cookie") !== undefined) return false;
  return /^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""));
}
