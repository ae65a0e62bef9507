import type { Request, RequestHandler, Response } from "express";
import { logger } from "../logger";
import { contentSecurityPolicy } from "./headers";
import { cacheability, expressPageRequest, pageKey } from "./page-cache-key";
import { hitHeaders, sendStored } from "./page-cache-replay";
import { PAGE_CACHE_HEADER, type PageStore, processPageStore, type StoredPage } from "./page-cache-store";
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
        const how = {
          nonce: String(res.locals.nonce ?? ""),
          shell: hasSessionCookie(req.headers.cookie),
          mode: lead ? "answer" : "stream",
        } as const;
        const stored = keepWhenDone(req, res, store, key, how);
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
 * How a render that may be kept reaches its visitor:
 * - `answer` (the first render of a key): it is held, and once it has ended as a page to keep, the visitor gets
 *   the stored page itself, as every hit after it will: one brotli pass at the store's quality instead of one at
 *   the stream's and another for the store, and the bytes a hit sends (at quality 5 a page's first round trip
 *   carries all of it; docs/benchmarks.md "Issue 35: every cold document in one round trip"). Held until it has
 *   ended: a page renders in one pass, and no route defers data (app/entry.server.tsx). A render that cannot be
 *   kept (an error, a cookie, too large) goes out as it came, streamed by compression as any other;
 * - `stream` (a render after one that stored nothing): it streams out as usual while its chunks are copied.
 * Either way the page is stored once the render ended as a page to keep; the promise settles when that is
 * decided (stored or not), never rejects.
 */
function keepWhenDone(
  req: Request,
  res: Response,
  store: PageStore,
  key: string,
  how: { nonce: string; shell: boolean; mode: "answer" | "stream" },
): Promise<void> {
  const generation = store.generation;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let tooLarge = false;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let holding = how.mode === "answer";
  const unwrap = () => {
    holding = false;
    res.write = write as Response["write"];
    res.end = end as Response["end"];
  };
  /** Sends what was held on through the usual path, and everything after it. */
  const release = () => {
    unwrap();
    for (const chunk of chunks) write(chunk);
  };
  const copy = (chunk: unknown, encoding: unknown) => {
    if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    if (bytes > store.maxBodyBytes) {
      tooLarge = true;
      if (holding) release(); // too large to keep: it streams from here on, the held part first
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  let renderedAt = 0;
  const rendered = new Promise<boolean>((resolve) => {
    res.write = ((...args: unknown[]) => {
      copy(args[0], args[1]);
      return holding ? true : write(...args);
    }) as Response["write"];
    res.end = ((...args: unknown[]) => {
      copy(args[0], args[1]);
      if (!holding) return end(...args);
      renderedAt = store.now();
      resolve(true);
      return res;
    }) as Response["end"];
    res.once("finish", () => {
      renderedAt = store.now();
      resolve(true);
    });
    res.once("close", () => resolve(false)); // after "finish" when it finished: settled already
  });
  return store.track(
    rendered.then(async (complete) => {
      const held = holding;
      const page =
        complete && !tooLarge && worthKeeping(res) ? await storeSnapshot(res, store, key, how, generation, renderedAt, chunks) : null;
      if (!held || res.destroyed) return;
      if (page) {
        unwrap();
        sendStored(req, res, page, expressEncoding(req), undefined, "miss");
      } else {
        release();
        end();
      }
    }),
  );
}

/** Stores the snapshot of the render copied in `chunks`; the stored page, or null when it could not be kept. */
async function storeSnapshot(
  res: Response,
  store: PageStore,
  key: string,
  how: { nonce: string; shell: boolean },
  generation: number,
  renderedAt: number,
  chunks: Buffer[],
): Promise<Omit<StoredPage, "expires"> | null> {
  try {
    const page = await snapshotPage(Buffer.concat(chunks), how.nonce, store.peek(key));
    if (!page) return null;
    const csp = contentSecurityPolicy({ hashes: page.scriptHashes });
    const bytes = page.identity.length + page.br.length + page.gzip.length;
    const route = matchedRoute(res)?.pattern ?? "unmatched";
    const stored = { page, answer: hitHeaders(res.getHeaders(), page, how.shell), csp, route, bytes };
    store.set(key, stored, generation, renderedAt);
    return stored;
  } catch (err) {
    logger.warn({ err, key }, "page cache: could not keep a page");
    return null;
  }
}

/** A complete 200 HTML page that sets no cookie and shows no fallback. */
function worthKeeping(res: Response): boolean {
  if (res.statusCode !== 200 || res.locals.pageDegraded) return false;
  if (res.getHeader("set-cookie") !== undefined) return false;
  return /^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""));
}
