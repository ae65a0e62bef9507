// `npx tsx bench/first-layout.ts <before-origin> <after-origin> [loads, default 21]`: the main thread's style and
// layout before the first contentful paint, on home and a video page of two running builds, in Chromium at a phone's
// viewport (412 x 823, DPR 1.75, as Lighthouse's mobile run) without throttling (what Lighthouse observes before
// its simulation multiplies CPU by 4). Each page is saved once from its build (age gate passed) with its scripts
// removed, so only parsing, style and layout of the same markup differ, and served from memory by a bare
// node:http server; the builds' loads alternate. Prints the medians of UpdateLayoutTree, Layout and ParseHTML
// (ms, summed per load). Used for docs/benchmarks.md "Issue 35: the footer laid out when it is seen".
// Chromium: CHROMIUM_PATH, else Debian's.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

async function savedPage(origin: string, pagePath: string): Promise<string> {
  const res = await fetch(origin + pagePath, { headers: { cookie: "ageVerified=true", "user-agent": "Mozilla/5.0 Chrome" } });
  if (!res.ok) throw new Error(`${origin}${pagePath}: ${res.status}`);
  return (await res.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
}

async function videoPath(origin: string): Promise<string> {
  const html = await savedPage(origin, "/");
  const found = /href="(\/video\/[0-9a-f-]{36})"/.exec(html)?.[1];
  if (!found) throw new Error(`no video link on ${origin}/`);
  return found;
}

/** Serves `pages` (name → HTML) and answers 404 to everything else, images included: only the markup is measured. */
async function serve(pages: Map<string, string>): Promise<{ origin: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const html = pages.get(req.url ?? "");
    res.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Milliseconds of each event name on the page's main thread before its first contentful paint. */
function beforeFirstPaint(trace: TraceEvent[], names: string[]): number[] {
  const fcp = trace.find((e) => e.name === "firstContentfulPaint");
  const parse = trace.find((e) => e.name === "ParseHTML");
  if (!fcp || !parse) throw new Error("the trace has no first contentful paint");
  const mine = trace.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.ts <= fcp.ts);
  return names.map((name) => mine.filter((e) => e.name === name).reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const [before, after, loadsArg = "21"] = process.argv.slice(2);
  if (!before || !after) throw new Error("usage: npx tsx bench/first-layout.ts <before-origin> <after-origin> [loads]");
  const pages = new Map<string, string>();
  for (const [label, origin] of [
    ["before", before],
    ["after", after],
  ] as const) {
    pages.set(`/${label}/home`, await savedPage(origin, "/"));
    pages.set(`/${label}/video`, await savedPage(origin, await videoPath(origin)));
  }
  const server = await serve(pages);
  const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "first-layout-")), "trace.json");
  const names = ["UpdateLayoutTree", "Layout", "ParseHTML"];
  const results = new Map<string, number[][]>();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    for (let load = 0; load < Number(loadsArg); load++) {
      for (const page of pages.keys()) {
        const context = await browser.newContext(PHONE);
        const tab = await context.newPage();
        await browser.startTracing(tab, { path: traceFile, categories: ["devtools.timeline", "loading", "blink.user_timing"] });
        await tab.goto(server.origin + page, { waitUntil: "load" });
        await tab.waitForTimeout(300);
        await browser.stopTracing();
        await context.close();
        const trace = (JSON.parse(fs.readFileSync(traceFile, "utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
        results.set(page, [...(results.get(page) ?? []), beforeFirstPaint(trace, names)]);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`page\t${names.join("\t")} (ms before the first contentful paint, medians of ${loadsArg} loads)`);
  for (const [page, rows] of results) {
    console.log([page, ...names.map((_, i) => median(rows.map((row) => row[i] ?? 0)).toFixed(1))].join("\t"));
  }
}

await main();
