import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";

interface Sizes {
  rawBytes: number;
  gzipBytes: number;
  /** The body bytes the server sent for `Accept-Encoding: br, gzip` (what a browser downloads). */
  transferBytes: number;
  /** The Content-Encoding it sent them with. */
  encoding: string;
}

export interface InitialJs {
  /** Sum of the bytes as transferred of every script the home page loads before any interaction. */
  transferBytes: number;
  gzipBytes: number;
  rawBytes: number;
  files: ({ file: string; via: "html" | "static import" } & Sizes)[];
  /** Stylesheets, for information (not part of the JS budget). */
  css: ({ file: string } & Sizes)[];
  htmlBytes: number;
  htmlTransferBytes: number;
}

/** What the server sends for `url` to a browser that accepts brotli and gzip: body bytes and encoding. */
export async function transferred(url: string): Promise<{ bytes: number; encoding: string }> {
  const res = await new Promise<import("node:http").IncomingMessage>((resolve, reject) =>
    http.get(url, { headers: { "accept-encoding": "br, gzip" } }, resolve).on("error", reject),
  );
  let bytes = 0;
  for await (const chunk of res) bytes += (chunk as Buffer).length;
  if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`);
  return { bytes, encoding: String(res.headers["content-encoding"] ?? "identity") };
}

const ASSET = /^\/assets\/[\w.-]+\.(?:js|mjs|css)$/;

/**
 * Parses the SSR HTML of `/`: <link rel="modulepreload">, <script src> and the static imports of inline
 * module scripts, then follows static imports inside those chunks (dynamic import() is not initial).
 */
export async function measureInitialJs(origin: string, html: string, clientDir: string): Promise<InitialJs> {
  const fromHtml = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href || !ASSET.test(href)) continue;
    if (/\brel="modulepreload"/.test(tag)) fromHtml.add(href);
    if (/\brel="stylesheet"/.test(tag)) css.add(href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[1] ?? "")?.[1];
    if (src && ASSET.test(src)) fromHtml.add(src);
    for (const spec of staticImports(m[2] ?? "")) if (ASSET.test(spec)) fromHtml.add(spec);
    // The module preloads that app/entry.server.tsx moves out of <head> are added back by an inline script
    // (a JSON list of hrefs): the browser still fetches them with the page, so they count.
    if (/modulepreload/.test(m[2] ?? "")) for (const href of (m[2] ?? "").matchAll(/"(\/assets\/[\w.-]+\.m?js)"/g)) fromHtml.add(href[1]!);
  }
  if (!fromHtml.size) throw new Error("no scripts found in the home page HTML");

  const files = new Map<string, "html" | "static import">();
  const queue = [...fromHtml];
  for (const f of queue) files.set(f, "html");
  while (queue.length) {
    const href = queue.shift()!;
    const code = fs.readFileSync(path.join(clientDir, href), "utf8");
    for (const spec of staticImports(code)) {
      const resolved = spec.startsWith(".") ? path.posix.join(path.posix.dirname(href), spec) : spec;
      if (ASSET.test(resolved) && !files.has(resolved)) {
        files.set(resolved, "static import");
        queue.push(resolved);
      }
    }
  }
  const size = async (href: string): Promise<Sizes> => {
    const buf = fs.readFileSync(path.join(clientDir, href));
    const sent = await transferred(`${origin}${href}`);
    return { rawBytes: buf.length, gzipBytes: zlib.gzipSync(buf, { level: 9 }).length, transferBytes: sent.bytes, encoding: sent.encoding };
  };
  const list: InitialJs["files"] = [];
  for (const [file, via] of files) list.push({ file, via, ...(await size(file)) });
  list.sort((a, b) => b.transferBytes - a.transferBytes);
  const cssList: InitialJs["css"] = [];
  for (const file of css) cssList.push({ file, ...(await size(file)) });
  return {
    transferBytes: list.reduce((a, f) => a + f.transferBytes, 0),
    gzipBytes: list.reduce((a, f) => a + f.gzipBytes, 0),
    rawBytes: list.reduce((a, f) => a + f.rawBytes, 0),
    files: list,
    css: cssList,
    htmlBytes: Buffer.byteLength(html),
    htmlTransferBytes: (await transferred(`${origin}/`)).bytes,
  };
}

/** Specifiers of static `import … from "x"` / `import "x"` / `export … from "x"` (not `import("x")`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}
