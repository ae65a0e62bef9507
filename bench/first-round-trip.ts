// `npx tsx bench/first-round-trip.ts <page.html> [brotli quality, default 5] [header bytes, default 815]`: how much of
// a page the first round trip carries. A server's first flight is 10 TCP segments (RFC 6928), 14,600 bytes of
// which the response headers take their share; this finds the longest prefix of the page whose brotli encoding
// fits the rest, and says what the page has left after it (docs/benchmarks.md "Issue 35: each page's stylesheet
// cut to its markup"). Save a page with `curl -A 'Mozilla/5.0 Chrome' -H 'cookie: ageVerified=true' URL > page.html`.
import fs from "node:fs";
import zlib from "node:zlib";

const FIRST_FLIGHT = 14_600;

function main(): void {
  const [file, qualityArg = "5", headersArg = "815"] = process.argv.slice(2);
  if (!file) throw new Error("usage: npx tsx bench/first-round-trip.ts <page.html> [brotli quality] [header bytes]");
  const html = fs.readFileSync(file);
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: Number(qualityArg),
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  const encoded = (bytes: Buffer) => zlib.brotliCompressSync(bytes, { params }).length;
  const budget = FIRST_FLIGHT - Number(headersArg);
  let lo = 0;
  let hi = html.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (encoded(html.subarray(0, mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  const text = html.toString("latin1");
  const rest = text.slice(lo);
  const tags: Record<string, number> = {};
  for (const [, tag = ""] of rest.matchAll(/<(\w+)/g)) tags[tag] = (tags[tag] ?? 0) + 1;
  console.log(`${file}: ${html.length} B raw, ${encoded(html)} B brotli ${qualityArg}`);
  console.log(`first round trip: ${lo} B raw (${budget} B of brotli after ${headersArg} B of headers)`);
  console.log(`left for later: ${rest.length} B raw, elements ${JSON.stringify(tags)}`);
  console.log(`it starts: ${JSON.stringify(rest.slice(0, 120))}`);
}

main();
