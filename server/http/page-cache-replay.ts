import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { cacheControlFor } from "./declared-headers";
import { EVERY_RESPONSE_HEADER } from "./headers";
import { PAGE_CACHE_HEADER, type StoredHeaderList, type StoredPage } from "./page-cache-store";
import type { PageSnapshot, SnapshotEncoding } from "./page-snapshot";

/**
 * Answering from the page cache (docs/decisions/0013-page-cache.md, docs/decisions/0020-wrk-and-early-hits.md):
 * which headers a hit sends, settled once when the page is stored, and the one implementation of a hit, used by
 * the Express middleware (page-cache-handler.ts) and by the early hits before Express (early-hits.ts) alike.
 */

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

/**
 * Answers with a stored page: the headers of StoredPage.answer for `encoding` (the one its Accept-Encoding
 * prefers), the stored page's CSP (by hash) and the page; HEAD gets no body; `X-Page-Cache: stale` for an expired
 * copy sent while its replacement renders, `miss` for the render that stored it (page-cache-handler.ts). One
 * implementation for both paths.
 * In Express's chain (no `head`) the headers every response carries are on `res` already, the render's nonce
 * policy among them, and compression passes the encoded body through. The early hits before Express pass those
 * headers as `head` instead (startResponse with the stored CSP), and everything goes out in one `writeHead`.
 */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: Pick<StoredPage, "page" | "answer" | "csp">,
  encoding: SnapshotEncoding,
  head?: StoredHeaderList,
  state: "hit" | "stale" | "miss" = "hit",
): void {
  let answer = stored.answer[encoding];
  if (state !== "hit") {
    answer = answer.slice();
    answer[1] = state; // after PAGE_CACHE_HEADER, first in every answer (hitHeaders)
  }
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

/** What a hit of this page sends after the headers every response carries (StoredPage.answer). */
export function hitHeaders(rendered: OutgoingHttpHeaders, page: PageSnapshot, shell: boolean): StoredPage["answer"] {
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
