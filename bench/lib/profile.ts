import fs from "node:fs";
import path from "node:path";
import { round } from "./stats";

// Summarises a V8 .cpuprofile (written by `node --cpu-prof`) by where the server's CPU time goes:
// self time grouped by package (react-dom, react-router, express, pg, the app bundle, Node internals, GC).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled CPU time, idle excluded, in ms. */
  busyMs: number;
  byCategory: { category: string; ms: number; share: number }[];
  topFunctions: { fn: string; where: string; ms: number; share: number }[];
  /** With windows: the frames with the most inclusive time (self and everything they called). */
  inclusive?: { fn: string; where: string; ms: number; share: number }[];
  /** With windows: every sample in exactly one stage of a request's life (STAGES, first match wins). */
  stages?: { stage: string; ms: number; share: number }[];
}

/**
 * The stages of an uncached render, for a decomposition that adds up to 100 %: each sample goes to the first
 * stage whose test matches a frame anywhere on its stack (the order matters: a socket write inside React's
 * flush is output, not rendering).
 */
const STAGES: { stage: string; test: (fn: string, url: string) => boolean }[] = [
  { stage: "GC", test: (fn, url) => !url && fn === "(garbage collector)" },
  {
    stage: "compression (zlib, the compression middleware)",
    test: (_fn, url) => url === "node:zlib" || /node_modules\/compression\//.test(url),
  },
  {
    stage: "socket writes",
    test: (fn) => fn === "writev" || fn === "writevGeneric" || fn === "writeGeneric" || fn === "Socket._writeGeneric",
  },
  {
    stage: "output streams (entry.server transform, Web stream, adapter)",
    test: (fn, url) =>
      /node:internal\/(streams|webstreams)\//.test(url) ||
      fn === "deferModulePreloads" ||
      fn === "createReadableStreamFromReadable" ||
      fn === "writeReadableStreamToWritable",
  },
  { stage: "React render (performWork)", test: (fn, url) => fn === "performWork" && /react-dom/.test(url) },
  { stage: "database client (kysely, pg)", test: (_fn, url) => /node_modules\/(kysely|pg|pg-protocol|pg-pool)\//.test(url) },
  {
    stage: "React Router: middleware, loaders, data (app code inside)",
    test: (fn, url) =>
      /react-router/.test(url) && (fn === "generateMiddlewareResponse" || fn === "callDataStrategyImpl" || fn === "callLoaderOrAction"),
  },
  {
    stage: "React Router: other (matching, turbo-stream, headers, Request)",
    test: (_fn, url) => /node_modules\/(@react-router|react-router)\//.test(url),
  },
  {
    stage: "Express chain and app middleware",
    test: (_fn, url) => /node_modules\/(express|router|body-parser|finalhandler|send)\//.test(url) || /server\.js$/.test(url),
  },
  { stage: "HTTP parse and response head (node:_http_*)", test: (_fn, url) => /^node:_http_/.test(url) },
];

function category(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === "(garbage collector)") return "GC";
    if (functionName === "(idle)") return "(idle)";
    if (functionName === "(program)") return "(program: native, not attributed)";
    return `native ${functionName || "(anonymous)"}`;
  }
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith("node:")) return "Node.js internals";
  if (/\/server\/index\.js$/.test(url)) return "app server bundle (routes, services, components)";
  if (/server\.js$/.test(url)) return "server.js";
  return path.basename(url);
}

/**
 * `windows`: only the samples taken within these [start, end] intervals (µs of the monotonic clock, which
 * V8's profile timestamps and `process.hrtime` share on Linux), e.g. the minutes one page was loaded.
 */
/** Package (or category) and file, line: "react-router/chunk-ABC.mjs:27". */
function frameWhere(node: ProfileNode, cat: string): string {
  const { url, lineNumber } = node.callFrame;
  if (!url) return cat;
  const file = url.startsWith("node:") ? url : path.basename(url);
  return `${cat === "Node.js internals" ? "" : `${cat} `}${file}:${lineNumber + 1}`;
}

export function summariseProfile(file: string, top = 15, windows?: [number, number][]): ProfileSummary {
  const prof = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // timeDeltas[i] is the time before samples[i]; attribute the gap after a sample to that sample.
  let at = prof.startTime;
  for (let i = 0; i < prof.samples.length; i++) {
    at += prof.timeDeltas[i] ?? 0;
    if (windows && !windows.some(([a, b]) => at >= a && at <= b)) continue;
    const dt = prof.timeDeltas[i + 1] ?? 0;
    self.set(prof.samples[i]!, (self.get(prof.samples[i]!) ?? 0) + dt);
  }
  const cats = new Map<string, number>();
  const fns = new Map<string, { fn: string; where: string; us: number }>();
  let busy = 0;
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const cat = category(node);
    if (cat === "(idle)") continue;
    busy += us;
    cats.set(cat, (cats.get(cat) ?? 0) + us);
    const where = frameWhere(node, cat);
    const key = `${node.callFrame.functionName}@${where}`;
    const entry = fns.get(key) ?? { fn: node.callFrame.functionName || "(anonymous)", where, us: 0 };
    entry.us += us;
    fns.set(key, entry);
  }
  let inclusive: ProfileSummary["inclusive"];
  let stages: ProfileSummary["stages"];
  if (windows) {
    // Every frame on a sampled stack gets the sample's time once (recursion counted once).
    const parent = new Map<number, number>();
    for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const incl = new Map<string, { fn: string; where: string; us: number }>();
    for (const [id, us] of self) {
      if (category(byId.get(id)!) === "(idle)") continue;
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const node = byId.get(cur)!;
        const cat = category(node);
        const where = frameWhere(node, cat);
        const key = `${node.callFrame.functionName}@${where}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const entry = incl.get(key) ?? { fn: node.callFrame.functionName || "(anonymous)", where, us: 0 };
        entry.us += us;
        incl.set(key, entry);
      }
    }
    const staged = new Map<string, number>();
    for (const [id, us] of self) {
      if (category(byId.get(id)!) === "(idle)") continue;
      const frames: ProfileNode["callFrame"][] = [];
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) frames.push(byId.get(cur)!.callFrame);
      const hit = STAGES.find((s) => frames.some((f) => s.test(f.functionName, f.url)));
      const stage = hit?.stage ?? "other (Node internals, app code outside loaders)";
      staged.set(stage, (staged.get(stage) ?? 0) + us);
    }
    stages = [...staged].map(([stage, us]) => ({ stage, ms: round(us / 1000, 0), share: round(us / busy, 3) })).sort((a, b) => b.ms - a.ms);
    inclusive = [...incl.values()]
      .filter((f) => f.fn !== "(root)")
      .sort((a, b) => b.us - a.us)
      .slice(0, 60)
      .map((f) => ({ fn: f.fn, where: f.where, ms: round(f.us / 1000, 0), share: round(f.us / busy, 3) }));
  }
  return {
    inclusive,
    stages,
    busyMs: round(busy / 1000, 0),
    byCategory: [...cats]
      .map(([c, us]) => ({ category: c, ms: round(us / 1000, 0), share: round(us / busy, 3) }))
      .sort((a, b) => b.ms - a.ms),
    topFunctions: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ fn: f.fn, where: f.where, ms: round(f.us / 1000, 0), share: round(f.us / busy, 3) })),
  };
}

/** The biggest profile in `dir`: the worker that served the load (the primary's is small). */
export function busiestProfile(dir: string): string {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f));
  if (!files.length) throw new Error(`no .cpuprofile in ${dir}`);
  return files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
}
