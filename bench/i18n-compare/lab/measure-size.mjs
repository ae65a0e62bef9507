// Per-page JS: what a browser downloads for a page before any interaction, as brotli (quality 11, as the
// site's precompress step writes it), following the page's modulepreload/script tags and the static imports
// inside those chunks. Also the page's HTML (brotli 9, as the page cache stores it), the loader data in it, and
// the .data answer of a client-side navigation to the page (brotli 5, as the site compresses dynamic answers).
// Usage: NODE_ENV=production node measure-size.mjs [--out sizes.json]  (after build.sh)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { LANGS, loadVariant, PAGES, pageUrl, render, VARIANTS } from "./pages.mjs";

const OUT = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1] : "sizes.json";

const br = (buf, quality) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
const ASSET = /^\/assets\/[\w.-]+\.js$/;
const staticImports = (code) => [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map((m) => m[1]);

function pageScripts(html, clientDir) {
  const found = new Set();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /rel="modulepreload"/.test(tag) && ASSET.test(href)) found.add(href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[1])?.[1];
    if (src && ASSET.test(src)) found.add(src);
    for (const spec of staticImports(m[2])) if (ASSET.test(spec)) found.add(spec);
  }
  const queue = [...found];
  while (queue.length) {
    const href = queue.shift();
    const code = fs.readFileSync(path.join(clientDir, href), "utf8");
    for (const spec of staticImports(code)) {
      const abs = spec.startsWith(".") ? path.posix.join(path.posix.dirname(href), spec) : spec;
      if (ASSET.test(abs) && !found.has(abs)) {
        found.add(abs);
        queue.push(abs);
      }
    }
  }
  return [...found].sort();
}

const rows = [];
for (const variant of VARIANTS) {
  const v = await loadVariant(variant);
  for (const page of PAGES) {
    for (const lang of variant === "baseline" ? ["en"] : LANGS) {
      const html = await render(v.handler, pageUrl(variant, page, lang));
      // a navigation from another page of the site: only the target route's loader runs (root's does not revalidate)
      const nav = await v.handler(new Request(`${pageUrl(variant, page, lang)}.data?_routes=routes/${page}`));
      if (nav.status !== 200) throw new Error(`${variant} ${page}.data: HTTP ${nav.status}`);
      const navBytes = Buffer.from(await nav.arrayBuffer());
      const files = pageScripts(html, v.clientDir).map((href) => {
        const buf = fs.readFileSync(path.join(v.clientDir, href));
        return { href, raw: buf.length, br: br(buf, 11) };
      });
      const loaderData = /window\.__reactRouterContext\.streamController\.enqueue\(([\s\S]*?)\);<\/script>/g;
      let dataBytes = 0;
      for (const m of html.matchAll(loaderData)) dataBytes += Buffer.byteLength(m[1]);
      rows.push({
        variant,
        page,
        lang,
        jsBr: files.reduce((s, f) => s + f.br, 0),
        jsRaw: files.reduce((s, f) => s + f.raw, 0),
        files: files.length,
        htmlRaw: Buffer.byteLength(html),
        htmlBr: br(Buffer.from(html), 9),
        dataRaw: dataBytes,
        navDataBr: br(navBytes, 5),
        chunks: files,
      });
    }
  }
}

const base = Object.fromEntries(rows.filter((r) => r.variant === "baseline").map((r) => [r.page, r]));
console.log("variant         page     lang   JS br  Δ JS br   HTML br  Δ HTML br   loader data raw   nav .data br");
for (const r of rows) {
  const b = base[r.page];
  const cols = [r.jsBr, r.jsBr - b.jsBr, r.htmlBr, r.htmlBr - b.htmlBr, r.dataRaw, r.navDataBr].map((n, i) => String(n).padStart([7, 8, 9, 10, 17, 14][i]));
  console.log(`${r.variant.padEnd(15)} ${r.page.padEnd(8)} ${r.lang.padEnd(5)}${cols.join(" ")}`);
}
fs.writeFileSync(path.resolve(import.meta.dirname, OUT), `${JSON.stringify(rows, null, 2)}\n`);
