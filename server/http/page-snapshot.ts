import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A rendered page made independent of the response it was rendered for, so the page cache can send the
 * same bytes to every visitor: the inline scripts that carried the render's nonce are allowed by their SHA-256
 * hashes in the Content-Security-Policy instead (the nonce attributes are removed); any other inline script,
 * such as one injected into the markup, stays as blocked as it was in the render. Its brotli and gzip
 * encodings are made once, off the event loop, instead of once per answer.
 */
export interface PageSnapshot {
  /** CSP source expressions that allow exactly the page's inline scripts: `'sha256-…'`. */
  scriptHashes: string[];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export type SnapshotEncoding = "br" | "gzip" | "identity";

/**
 * Brotli quality 5: a stored page is compressed on every miss, which under writes (each comment clears the cache)
 * is often. On the 102 KB home page quality 9 saves 309 bytes (1.8 %) over 5 and costs 24.5 ms of CPU instead of
 * 1.9 ms (search, 119 KB: 291 bytes, 19.5 ms against 1.9 ms; docs/benchmarks.md "Issue 21: load test"). gzip at
 * its default level for the rare browser without brotli.
 */
const BROTLI_QUALITY = 5;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `<script …>content</script>` as React and our entry write them: attributes without `>`, content without `</script`. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Script elements whose content is data, not code: CSP does not govern them. */
const DATA_TYPE = /\btype\s*=\s*["']?application\/(ld\+)?json\b/i;

/**
 * The CSP hash sources of the inline scripts in `html` that a browser would run and that carry `nonce`: the
 * ones the render itself wrote. A script without it was not allowed by the render's CSP and gains nothing here.
 */
export function nonceScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  if (!nonce) return [];
  const carriesNonce = new RegExp(`(^|\\s)nonce="${escapeRegExp(nonce)}"(\\s|$)`);
  for (const [, attributes = "", content = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes) || !carriesNonce.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The snapshot of `body`, rendered with `nonce`; null when the nonce also stands anywhere but in a
 * `nonce` attribute (the page would carry a stale nonce, so it is not kept). `earlier` is the snapshot kept under
 * the same key: when the render came out the same, it is returned as it is, its encodings (perhaps recompressed
 * at brotli's best quality meanwhile, page-recompression.ts) with it, and nothing is compressed.
 */
export async function snapshotPage(body: Buffer, nonce: string, earlier?: PageSnapshot): Promise<PageSnapshot | null> {
  const rendered = body.toString("utf8");
  let html = rendered;
  if (nonce) {
    html = html.replaceAll(` nonce="${nonce}"`, "");
    if (html.includes(nonce)) return null;
  }
  const identity = Buffer.from(html, "utf8");
  // The same bytes without the nonce attributes: the same inline scripts, so the same hashes.
  if (earlier?.identity.equals(identity)) return earlier;
  const scriptHashes = nonceScriptHashes(rendered, nonce);
  const [br, gz] = await Promise.all([pageBrotli(identity, BROTLI_QUALITY), gzip(identity)]);
  return { scriptHashes, identity, br, gzip: gz };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The encoding to send: brotli when accepted, else gzip, else none (Accept-Encoding q=0 honoured). */
export function snapshotEncoding(acceptsEncoding: (encoding: string) => boolean): SnapshotEncoding {
  if (acceptsEncoding("br")) return "br";
  if (acceptsEncoding("gzip")) return "gzip";
  return "identity";
}

/**
 * Brotli's best quality: on our pages 8-9 % smaller than quality 5 (the video page 15,933 → 14,499 bytes, `/ar`
 * 14,119 → 12,723), which decides whether a document fits the first round trip; at 100-190 ms of CPU for an
 * 85 KB page, too slow for a render's answer, so kept pages get it later, within a budget (page-recompression.ts).
 */
export function bestBrotli(identity: Buffer): Promise<Buffer> {
  return pageBrotli(identity, zlib.constants.BROTLI_MAX_QUALITY);
}

/** A page's brotli at `quality`, off the event loop (text mode, sized for the page). */
function pageBrotli(identity: Buffer, quality: number): Promise<Buffer> {
  return brotli(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
}
