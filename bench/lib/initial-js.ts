import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface InitialJs {
  /** Sum of gzip (level 9) sizes of every script the home page loads before any interaction. */
  gzipBytes: number;
  rawBytes: number;
  files: { file: string; rawBytes: number; gzipBytes: number; via: "html" | "static import" }[];
  /** Stylesheets, for information (not part of the JS budget). */
  css: { file: string; rawBytes: number; gzipBytes: number }[];
  htmlBytes: number;
}

const ASSET = /^\/assets\/[\w.-]+\.(?:js|mjs|css)$/;

/**
 * Parses the SSR HTML of `/`: <link rel="modulepreload">, <script src> and the static imports of inline
 * module scripts, then follows static imports inside those chunks (dynamic import() is not initial).
 */
export function measureInitialJs(html: string, clientDir: string): InitialJs {
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
  const size = (href: string) => {
    const buf = fs.readFileSync(path.join(clientDir, href));
    return { rawBytes: buf.length, gzipBytes: zlib.gzipSync(buf, { level: 9 }).length };
  };
  const list = [...files].map(([file, via]) => ({ file, via, ...size(file) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    gzipBytes: list.reduce((a, f) => a + f.gzipBytes, 0),
    rawBytes: list.reduce((a, f) => a + f.rawBytes, 0),
    files: list,
    css: [...css].map((file) => ({ file, ...size(file) })),
    htmlBytes: Buffer.byteLength(html),
  };
}

/** Specifiers of static `import … from "x"` / `import "x"` / `export … from "x"` (not `import("x")`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}
