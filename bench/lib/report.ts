import type { BenchFixtures, CatalogueInfo } from "./catalogue";
import type { CpuSplit } from "./cpu";
import type { HttpLoadResult } from "./http-load";
import type { InitialJs } from "./initial-js";
import { type LikesResult, renderLikes } from "./likes-load";
import type { QueryProfile } from "./sql-load";
import { type LatencyStats, round, type TargetResult } from "./stats";
import { renderTtffMarkdown, type TtffResult } from "./ttff";
import { renderViews, type ViewsResult } from "./views-load";

export interface RouteResult {
  key: string;
  label: string;
  path: string;
  kind: string;
  /** The queries one request of this page runs in steady state (values the app caches are not queried). */
  queries: string[];
  /** The main measurement: `connections` concurrent connections, closed loop. */
  http?: HttpLoadResult & { cpu: CpuSplit; attempts: number; cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number } };
  /** One connection: the service time of a request without queueing behind others. */
  single?: HttpLoadResult & { cpu: CpuSplit; attempts: number };
  raw?: LatencyStats & { cpu: CpuSplit; attempts: number; postgresCpuMsPerPage: number };
  /** What-if (raw SQL only): the same page without its exact count(*) query. */
  rawWithoutCount?: LatencyStats & { cpu: CpuSplit; attempts: number };
  /** page/trivial (p95 and req/s) and app/raw (p95 and req/s). */
  ratios?: { p95VsTrivial?: number; rpsVsTrivial?: number; p95AppVsRaw?: number; rpsAppVsRaw?: number };
}

/** One load of the HTTP floor or of a page, with its CPU split (bench/run.ts measureHttp). */
export type MeasuredLoad = HttpLoadResult & {
  cpu: CpuSplit;
  attempts: number;
  cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number };
};

/** A cached page in one round of the floor comparison: hits before Express (the run's app) and through it (a second app). */
export interface CachedPageLoads {
  key: string;
  label: string;
  path: string;
  early: MeasuredLoad;
  express: MeasuredLoad;
  /** The same page for a visitor past the age gate (Cookie ageVerified=true): what signed-in users are compared with. */
  pastGate?: MeasuredLoad;
  /** Issue 20 item 5: the same page with a real session's cookie (the shared shell), hits before Express. */
  signedIn?: MeasuredLoad;
  /** The one /api/viewer-state request a signed-in browser then makes for the page's scope. */
  viewerState?: MeasuredLoad;
}

/**
 * Issue 20's comparison: the HTTP floor (a bare node:http server with as many worker processes as the app,
 * sending the bytes and headers of the app's cached `/`) and the cached pages, hits before Express and through
 * it, measured in turn by wrk, in rounds; and the floor once by autocannon.
 */
export interface HttpFloorResult {
  workers: number;
  bodyBytes: number;
  /** The header names the floor sends, in order (the cached page's, Date and Connection aside). */
  headers: string[];
  rounds: { floor: MeasuredLoad; pages: CachedPageLoads[] }[];
  /** 1-based: the round whose noisiest window had the least other work on the machine; its figures count. */
  quietestRound: number;
  autocannon: MeasuredLoad;
}

export interface BenchReport {
  schema: 1;
  date: string;
  startedAt: string;
  finishedAt: string;
  totalSeconds: number;
  command: string;
  flags: Record<string, unknown>;
  machine: Record<string, unknown>;
  build: { dir: string; seconds: number | null; reused: boolean };
  /** The code that was built and measured. */
  app: { commit: string; changedFiles: string[]; builtAt?: string; note?: string };
  catalogue: CatalogueInfo & { fixtures: BenchFixtures; database: Record<string, string> };
  initialJs: InitialJs;
  /** Issue 20's comparison with the HTTP floor (absent in earlier runs and with --floor-rounds 0). */
  httpFloor?: HttpFloorResult;
  routes: RouteResult[];
  queries: QueryProfile[];
  targets: TargetResult[];
  /** The player's time to first frame and JS (bench/lib/ttff.ts); absent with --ttff 0. */
  ttff?: TtffResult;
  /** Counted views/s (bench/lib/views-load.ts). */
  views?: ViewsResult;
  /** Likes/s on one video (bench/lib/likes-load.ts). */
  likes?: LikesResult;
  /** Conditions that make the figures less trustworthy (e.g. other work on the machine). */
  warnings: string[];
  failures: string[];
}

export const BUDGET = {
  ssrP95Ms: 25,
  ssrAtVideos: 100_000,
  /** Each main page's req/s at 10 connections, as a share of the trivial page's. */
  floorShare: 0.7,
  searchP95Ms: 20,
  searchAtVideos: 1_000_000,
  /** Home page initial JS as transferred (compressed, as the server sends it). */
  homeJsTransferBytes: 130_000,
  /** A cached page's req/s at 10 connections, as a share of the HTTP floor's (issue 20). */
  httpFloorShare: 0.6,
  /** A cached page's p99 at 10 connections, at most this many times the HTTP floor's (issue 35 item 2). */
  hitP99VsFloor: 3,
  /** Signed-in and anonymous page req/s and p95 within this share of each other (issue 20 item 5). */
  signedInSpread: 0.1,
};

/** Issue 20: the cached pages' req/s, hits before Express, against the HTTP floor's in the quietest round. */
export function floorTargets(floor: HttpFloorResult | undefined): TargetResult[] {
  const round = floor?.rounds[floor.quietestRound - 1];
  if (!round) return [];
  const needed = BUDGET.httpFloorShare * 100;
  const at = `round ${floor!.quietestRound}`;
  return round.pages.flatMap((p) => {
    const share = shareOf(p.early.perSecond, round.floor.perSecond);
    const times = round_((p.early.p99 / round.floor.p99) * 100) / 100;
    return [
      {
        name: `cached page req/s vs the HTTP floor: ${p.label}`,
        budget: `>= ${needed} % of the floor's ${round.floor.perSecond} req/s (bare node:http, same bytes; ${at})`,
        applies: true,
        actual: `${share} % (${p.early.perSecond} req/s; through Express ${shareOf(p.express.perSecond, round.floor.perSecond)} %)`,
        status: share >= needed ? "met" : "missed",
        margin: `${Math.abs(share - needed)} points ${share >= needed ? "above" : "below"}`,
      },
      {
        // Issue 35 item 2: hits never wait for a render (nor for anything else the floor does not do).
        name: `cached page p99 vs the HTTP floor's: ${p.label}`,
        budget: `<= ${BUDGET.hitP99VsFloor} × the floor's p99 of ${round.floor.p99} ms (${at})`,
        applies: true,
        actual: `${times} × (${p.early.p99} ms)`,
        status: times <= BUDGET.hitP99VsFloor ? "met" : "missed",
        margin: `${round_(Math.abs(BUDGET.hitP99VsFloor - times) * 100) / 100} × ${times <= BUDGET.hitP99VsFloor ? "under" : "over"}`,
      },
    ];
  });
}

/**
 * Issue 20 item 5: each cached page signed in against the same page for a visitor past the age gate (both
 * hits before Express), signed in no more than 10 % slower. Pooled over every round (req/s summed, p95
 * averaged): two measurements of the same work a minute apart differ by more than 10 % on a shared machine,
 * so one round's pair says little.
 */
export function signedInTargets(floor: HttpFloorResult | undefined): TargetResult[] {
  if (!floor) return [];
  const allowed = BUDGET.signedInSpread * 100;
  const keys = floor.rounds[0]?.pages.filter((p) => p.signedIn).map((p) => p.key) ?? [];
  return keys.flatMap((key) => {
    const pairs = floor.rounds.flatMap((r) => {
      const p = r.pages.find((x) => x.key === key);
      return p?.signedIn ? [{ visitor: p.pastGate ?? p.early, signedIn: p.signedIn, state: p.viewerState, label: p.label }] : [];
    });
    const sum = (f: (x: (typeof pairs)[number]) => number) => pairs.reduce((n, x) => n + f(x), 0);
    const visitorRps = round_(sum((x) => x.visitor.perSecond) / pairs.length);
    const signedRps = round_(sum((x) => x.signedIn.perSecond) / pairs.length);
    const visitorP95 = sum((x) => x.visitor.p95) / pairs.length;
    const signedP95 = sum((x) => x.signedIn.p95) / pairs.length;
    const rps = round_((signedRps / visitorRps - 1) * 100);
    const p95 = round_((signedP95 / visitorP95 - 1) * 100);
    const stateRps = round_(sum((x) => x.state?.perSecond ?? 0) / pairs.length);
    const label = pairs[0]!.label;
    const rounds = `mean of ${pairs.length} rounds`;
    return [
      {
        name: `signed-in vs anonymous req/s: ${label}`,
        budget: `at most ${allowed} % fewer (${rounds})`,
        applies: true,
        actual: `${signedRps} vs ${visitorRps} req/s (${rps >= 0 ? "+" : ""}${rps} %)`,
        status: rps >= -allowed ? "met" : "missed",
        margin: `${Math.abs(rps)} % apart`,
        note: stateRps ? `then /api/viewer-state: ${stateRps} req/s` : undefined,
      },
      {
        name: `signed-in vs anonymous p95: ${label}`,
        budget: `at most ${allowed} % higher (${rounds})`,
        applies: true,
        actual: `${signedP95.toFixed(2)} vs ${visitorP95.toFixed(2)} ms (${p95 >= 0 ? "+" : ""}${p95} %)`,
        status: p95 <= allowed ? "met" : "missed",
        margin: `${Math.abs(p95)} % apart`,
      },
    ];
  });
}

const round_ = (v: number) => Math.round(v);

/** `rps` as a whole percentage of `floorRps`. */
const shareOf = (rps: number, floorRps: number) => round((rps / floorRps) * 100, 0);

/** The pages issue 8 holds to the SSR targets one by one. */
const MAIN_PAGES = ["home", "category", "video"];

const pct = (used: number, budget: number) => `${Math.abs(round(((budget - used) / budget) * 100, 0))}%`;

function target(name: string, budget: string, applies: boolean, actual: number, limit: number, unit: string, note?: string): TargetResult {
  const met = actual <= limit;
  const diff = round(Math.abs(limit - actual), 1);
  return {
    name,
    budget,
    applies,
    actual: `${actual} ${unit}`,
    status: !applies ? "for information" : met ? "met" : "missed",
    margin: met ? `${diff} ${unit} under (${pct(actual, limit)} headroom)` : `${diff} ${unit} over (${pct(actual, limit)} over budget)`,
    note,
  };
}

/** The trivial page measured in `r`'s language (`home@de` against `floor@de`; the English rows have no suffix). */
export function floorOf(routes: RouteResult[], r: RouteResult): RouteResult | undefined {
  const language = (key: string) => key.split("@")[1];
  return routes.find((f) => f.kind === "floor" && f.http && language(f.key) === language(r.key));
}

export function evaluateTargets(routes: RouteResult[], videos: number, js: InitialJs, connections: number): TargetResult[] {
  const out: TargetResult[] = [];
  const pages = routes.filter((r) => r.kind !== "floor" && r.kind !== "suggest" && r.http); // JSON, not SSR
  const worst = pages.reduce<RouteResult | undefined>((w, r) => (!w || r.http!.p95 > w.http!.p95 ? r : w), undefined);
  const singleNote = (r: RouteResult) => (r.single ? `; at 1 connection p95 ${r.single.p95} ms` : "");
  if (worst) {
    out.push(
      target(
        `SSR p95, worst page route, ${connections} connections`,
        `<= ${BUDGET.ssrP95Ms} ms at ${BUDGET.ssrAtVideos.toLocaleString("en")} videos`,
        videos === BUDGET.ssrAtVideos,
        worst.http!.p95,
        BUDGET.ssrP95Ms,
        "ms",
        `worst: ${worst.label}${singleNote(worst)}`,
      ),
    );
    const worstSingle = pages
      .filter((r) => r.single)
      .reduce<RouteResult | undefined>((w, r) => (!w || r.single!.p95 > w.single!.p95 ? r : w), undefined);
    if (worstSingle) {
      out.push(
        target(
          "SSR p95, worst page route, 1 connection (no queueing)",
          `<= ${BUDGET.ssrP95Ms} ms at ${BUDGET.ssrAtVideos.toLocaleString("en")} videos`,
          videos === BUDGET.ssrAtVideos,
          worstSingle.single!.p95,
          BUDGET.ssrP95Ms,
          "ms",
          `worst: ${worstSingle.label}`,
        ),
      );
    }
  }
  for (const r of routes.filter((x) => MAIN_PAGES.includes(x.key.split("@")[0]!) && x.http)) {
    const at = `at ${BUDGET.ssrAtVideos.toLocaleString("en")} videos`;
    out.push(
      target(
        `SSR p95, ${connections} connections: ${r.label}`,
        `<= ${BUDGET.ssrP95Ms} ms ${at}`,
        videos === BUDGET.ssrAtVideos,
        r.http!.p95,
        BUDGET.ssrP95Ms,
        "ms",
      ),
    );
    const floor = floorOf(routes, r);
    if (floor) {
      const share = round((r.http!.perSecond / floor.http!.perSecond) * 100, 0);
      const needed = BUDGET.floorShare * 100;
      out.push({
        name: `req/s vs the trivial page, ${connections} connections: ${r.label}`,
        budget: `>= ${needed} % of the trivial page's ${floor.http!.perSecond} req/s ${at}`,
        applies: videos === BUDGET.ssrAtVideos,
        actual: `${share} % (${r.http!.perSecond} req/s)`,
        status: videos !== BUDGET.ssrAtVideos ? "for information" : share >= needed ? "met" : "missed",
        margin: `${Math.abs(share - needed)} points ${share >= needed ? "above" : "below"}`,
      });
    }
  }
  // Search suggestions (issue 23 item 6) have the search page's goal: p95 at most 20 ms at 1M videos.
  const searchLike = (x: RouteResult) => x.kind === "search" || x.kind === "suggest";
  const what = (r: RouteResult) => (r.kind === "suggest" ? "suggestions" : "search");
  for (const r of routes.filter((x) => searchLike(x) && x.single)) {
    out.push(
      target(
        `${what(r)} p95, 1 connection: ${r.label}`,
        `<= ${BUDGET.searchP95Ms} ms at ${BUDGET.searchAtVideos.toLocaleString("en")} videos`,
        videos >= BUDGET.searchAtVideos,
        r.single!.p95,
        BUDGET.searchP95Ms,
        "ms",
      ),
    );
  }
  for (const r of routes.filter((x) => searchLike(x) && x.http)) {
    out.push(
      target(
        `${what(r)} p95, ${connections} connections: ${r.label}`,
        `<= ${BUDGET.searchP95Ms} ms at ${BUDGET.searchAtVideos.toLocaleString("en")} videos`,
        videos >= BUDGET.searchAtVideos,
        r.http!.p95,
        BUDGET.searchP95Ms,
        "ms",
        `${r.raw ? `raw SQL of the page p95 ${r.raw.p95} ms` : ""}${singleNote(r)}`.replace(/^; /, ""),
      ),
    );
  }
  const kb = round(js.transferBytes / 1000, 1);
  out.push(
    target(
      "home page initial JS as transferred",
      `<= ${BUDGET.homeJsTransferBytes / 1000} KB`,
      true,
      kb,
      BUDGET.homeJsTransferBytes / 1000,
      "KB",
      `${js.files[0]?.encoding ?? "?"} from the server; gzip -9 would be ${round(js.gzipBytes / 1000, 1)} KB`,
    ),
  );
  return out;
}

const f = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? "–" : n.toFixed(d));
const ratio = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "–" : `${n.toFixed(2)}×`);

export function renderMarkdown(r: BenchReport): string {
  const m = r.machine as Record<string, string | number>;
  const c = r.catalogue;
  const lines: string[] = [];
  lines.push(`# Benchmark ${r.date} (${c.publicVideos.toLocaleString("en")} public videos)`, "");
  lines.push(`Command: \`${r.command}\` · total ${Math.round(r.totalSeconds)} s · started ${r.startedAt}`, "");
  lines.push(
    `Machine: ${m.cpuModel}, **${m.cores} cores shared by the load generator (wrk; the raw-SQL loop in the bench's Node process), the app server and PostgreSQL**; ` +
      `${m.memoryGiB} GiB RAM; Node ${m.node}; PostgreSQL ${m.postgres} (embedded, default settings: shared_buffers ${c.database.shared_buffers}, work_mem ${c.database.work_mem}, jit ${c.database.jit}). ` +
      `Background load before the run (other processes, bench idle): ${m.backgroundLoadCores} cores. ` +
      `App: \`node server.js\` with its default worker count, **${m.appWorkers ?? 1} web worker process(es)** behind one primary (and its idle job process).`,
    "",
  );
  lines.push(
    `Load: ${r.flags.connections} connections (HTTP) / workers (raw SQL), ${r.flags.warmup} s warm-up + ${r.flags.duration} s measured per route, closed loop on 127.0.0.1` +
      (r.flags.singleDuration ? `; then ${r.flags.singleDuration} s at 1 connection per route.` : "."),
    "",
  );
  lines.push(
    `Code: commit ${r.app.commit.slice(0, 12)}${r.app.changedFiles.length ? ` plus ${r.app.changedFiles.length} uncommitted app file change(s) (listed in the JSON)` : ""}.`,
    "",
  );
  if (r.failures.length) lines.push("## FAILURES", "", ...r.failures.map((msg) => `- ${msg}`), "");
  if (r.warnings.length) lines.push("## Warnings", "", ...r.warnings.map((msg) => `- ${msg}`), "");

  lines.push(
    '## Targets (docs/architecture.md "Conventions")',
    "",
    "| target | budget | actual | status | margin | note |",
    "|---|---|---|---|---|---|",
  );
  for (const t of r.targets)
    lines.push(
      `| ${t.name} | ${t.budget} | ${t.actual} | ${t.status === "missed" ? "**missed**" : t.status} | ${t.margin} | ${t.note ?? ""} |`,
    );
  lines.push("");

  const generator = r.routes.find((x) => x.http)?.http?.generator ?? "autocannon";
  lines.push(...renderHttpFloor(r));
  lines.push(
    `## Pages through the app (HTTP, ${generator}, ${r.flags.connections} connections)`,
    "",
    "CPU columns: average cores busy during the measured window (the machine has " +
      `${m.cores}), and CPU milliseconds per request, which do not depend on how busy the machine is.`,
    "",
    "| route | p50 ms | p95 ms | p99 ms | req/s | non-2xx | KB/resp | cores: loadgen / app / pg / other / idle | CPU ms/req: app / pg |",
    "|---|---:|---:|---:|---:|---:|---:|---|---|",
  );
  for (const x of r.routes) {
    if (!x.http) continue;
    const h = x.http;
    const cpu = h.cpu;
    lines.push(
      `| ${x.label} | ${f(h.p50)} | ${f(h.p95)} | ${f(h.p99)} | ${f(h.perSecond, 0)} | ${h.non2xx + h.errors + h.timeouts} | ${f(h.bytesPerResponse / 1000)} | ` +
        `${f(cpu.loadGenerator, 2)} / ${f(cpu.server, 2)} / ${f(cpu.postgres, 2)} / ${f(cpu.other, 2)} / ${f(cpu.idle, 2)} | ${f(h.cpuMsPerRequest.server, 3)} / ${f(h.cpuMsPerRequest.postgres, 3)} |`,
    );
  }
  lines.push("");
  lines.push(...renderViews(r.views, r.flags.connections));
  lines.push(...renderLikes(r.likes, r.flags.connections));
  if (r.routes.some((x) => x.single)) {
    lines.push(
      "## Same pages at 1 connection (service time, no queueing)",
      "",
      "| route | p50 ms | p95 ms | p99 ms | req/s | non-2xx | other processes, cores |",
      "|---|---:|---:|---:|---:|---:|---:|",
    );
    for (const x of r.routes) {
      if (!x.single) continue;
      const s = x.single;
      lines.push(
        `| ${x.label} | ${f(s.p50, 2)} | ${f(s.p95, 2)} | ${f(s.p99, 2)} | ${f(s.perSecond, 0)} | ${s.non2xx + s.errors + s.timeouts} | ${f(s.cpu.other, 2)} |`,
      );
    }
    lines.push("");
  }
  if (r.routes.some((x) => x.raw)) {
    lines.push(
      `## Raw SQL of each page (pg Pool of 20 like the app, ${r.flags.connections} workers, loaders' parallelism kept)`,
      "",
      "| page | p50 ms | p95 ms | p99 ms | pages/s | cores: loadgen / pg / other / idle | pg CPU ms/page |",
      "|---|---:|---:|---:|---:|---|---:|",
    );
    for (const x of r.routes) {
      if (!x.raw && !x.queries.length)
        lines.push(`| ${x.label} | – | – | – | – | no SQL per request (answered from the app's in-process caches) | – |`);
      if (!x.raw) continue;
      const w = x.raw;
      lines.push(
        `| ${x.label} | ${f(w.p50, 2)} | ${f(w.p95, 2)} | ${f(w.p99, 2)} | ${f(w.perSecond, 0)} | ${f(w.cpu.loadGenerator, 2)} / ${f(w.cpu.postgres, 2)} / ${f(w.cpu.other, 2)} / ${f(w.cpu.idle, 2)} | ${f(w.postgresCpuMsPerPage, 2)} |`,
      );
    }
    lines.push("");
  }
  if (r.routes.some((x) => x.rawWithoutCount)) {
    lines.push(
      "### What-if: list pages without the exact count(*) (raw SQL only; not what the app does)",
      "",
      "| page | with count p95 ms | pages/s | without count p95 ms | pages/s |",
      "|---|---:|---:|---:|---:|",
    );
    for (const x of r.routes) {
      if (!x.rawWithoutCount || !x.raw) continue;
      lines.push(
        `| ${x.label} | ${f(x.raw.p95, 2)} | ${f(x.raw.perSecond, 0)} | ${f(x.rawWithoutCount.p95, 2)} | ${f(x.rawWithoutCount.perSecond, 0)} |`,
      );
    }
    lines.push("");
  }
  lines.push(
    "## Queries per page (one request, steady state)",
    "",
    ...r.routes.map((x) => `- ${x.label}: ${x.queries.join(", ") || "none"}`),
    "",
  );
  lines.push(
    "## Tracked ratios",
    "",
    "| route | p95 page/trivial | req/s page/trivial | p95 app/raw | req/s app/raw |",
    "|---|---:|---:|---:|---:|",
  );
  for (const x of r.routes) {
    const q = x.ratios ?? {};
    lines.push(`| ${x.label} | ${ratio(q.p95VsTrivial)} | ${ratio(q.rpsVsTrivial)} | ${ratio(q.p95AppVsRaw)} | ${ratio(q.rpsAppVsRaw)} |`);
  }
  lines.push("");
  lines.push(
    "## Queries one at a time (one client, back to back; EXPLAIN ANALYZE after warm-up)",
    "",
    "| query | round trip p50 ms | p95 ms | planning ms | execution ms |",
    "|---|---:|---:|---:|---:|",
  );
  for (const q of r.queries)
    lines.push(
      `| ${q.name} | ${f(q.sequential.p50, 2)} | ${f(q.sequential.p95, 2)} | ${f(q.explain.planningMs, 3)} | ${f(q.explain.executionMs, 3)} |`,
    );
  lines.push("", "Plans are in the JSON file (`queries[].explain.plan`).", "");
  const js = r.initialJs;
  lines.push(
    "## Home page initial JS",
    "",
    `${f(js.transferBytes / 1000)} KB as transferred (the bytes the server sent for \`Accept-Encoding: br, gzip\`; ${f(js.gzipBytes / 1000)} KB gzip -9, ${f(js.rawBytes / 1000)} KB raw) in ${js.files.length} files; ` +
      `HTML of / is ${f(js.htmlTransferBytes / 1000)} KB as transferred (${f(js.htmlBytes / 1000)} KB raw); CSS ${f(js.css.reduce((a, c) => a + c.transferBytes, 0) / 1000)} KB as transferred. (1 KB = 1000 bytes, as Vite reports.)`,
    "",
    "| file | raw KB | gzip -9 KB | transferred KB | encoding | found via |",
    "|---|---:|---:|---:|---|---|",
    ...js.files.map(
      (file) =>
        `| ${file.file} | ${f(file.rawBytes / 1000)} | ${f(file.gzipBytes / 1000)} | ${f(file.transferBytes / 1000)} | ${file.encoding} | ${file.via} |`,
    ),
    "",
  );
  if (r.ttff) lines.push(renderTtffMarkdown(r.ttff));
  lines.push(
    "## Catalogue",
    "",
    `${c.publicVideos.toLocaleString("en")} public + ${c.nonPublicVideos.toLocaleString("en")} non-public videos in ${c.categories} categories ` +
      `(largest ${c.perCategory[0]?.name} ${c.perCategory[0]?.publicVideos.toLocaleString("en")}, smallest ${c.perCategory.at(-1)?.name} ${c.perCategory.at(-1)?.publicVideos.toLocaleString("en")}); ` +
      `built set-based in ${f(c.seconds.total)} s (insert ${f(c.seconds.insert)} s, indexes ${f(Object.values(c.seconds.indexes).reduce((a, b) => a + b, 0))} s, VACUUM ANALYZE ${f(c.seconds.vacuumAnalyze)} s); ` +
      `table ${f(c.tableBytes / 1e6)} MB + indexes ${f(c.indexBytes / 1e6)} MB. ` +
      `Search terms: common "${c.fixtures.searchCommon.term}" matches ${c.fixtures.searchCommon.matches.toLocaleString("en")} titles, mid "${c.fixtures.searchMid.term}" ${c.fixtures.searchMid.matches.toLocaleString("en")}, rare "${c.fixtures.searchRare.term}" ${c.fixtures.searchRare.matches.toLocaleString("en")}. ` +
      `Video page: ${c.fixtures.videoId} ("${c.fixtures.videoTitle}").`,
    "",
  );
  return lines.join("\n");
}

const us = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? "–" : (ms * 1000).toFixed(0));

/** The HTTP floor, the cached pages against it, and what shows that the load generator is not the limit. */
function renderHttpFloor(r: BenchReport): string[] {
  const floor = r.httpFloor;
  if (!floor) return [];
  const quiet = floor.rounds[floor.quietestRound - 1]!;
  const lines = [
    "## Cached pages against the HTTP floor (issue 20)",
    "",
    `The floor: \`bench/lib/floor-server.ts\`, ${floor.workers} node:http worker process(es) behind a node:cluster primary (as many as the app's), answering every request ` +
      `with the status, ${floor.headers.length} headers and ${floor.bodyBytes.toLocaleString("en")} body bytes (brotli) the app sent for its cached \`/\`, captured before the load. ` +
      "It is the least work a Node process does to send these bytes, so a cached page is held to its req/s. " +
      "In each round, in turn: the floor, then each cached page on the run's app (hits answered before Express, server/http/early-hits.ts) " +
      "and on a second app started with `PAGE_CACHE_HITS=express` (hits in the Express chain, as before issue 20); all three are up at once. " +
      `Every request but the first per page, worker and 2 s TTL is a hit. Round ${floor.quietestRound} (the quietest) gives the targets.`,
    "",
    "| round | what | req/s | % of the round's floor | p50 ms | p95 ms | p99 ms | cores: loadgen / server / other / idle | CPU µs/req: server / loadgen |",
    "|---|---|---:|---:|---:|---:|---:|---|---|",
  ];
  floor.rounds.forEach((round, i) => {
    const n = `${i + 1}${i + 1 === floor.quietestRound ? " (quietest)" : ""}`;
    lines.push(loadRow(n, "HTTP floor", round.floor, round.floor.perSecond));
    for (const p of round.pages) {
      lines.push(loadRow(n, `${p.label}: hits before Express`, p.early, round.floor.perSecond));
      lines.push(loadRow(n, `${p.label}: hits through Express`, p.express, round.floor.perSecond));
      if (p.pastGate) lines.push(loadRow(n, `${p.label}: a visitor past the age gate, before Express`, p.pastGate, round.floor.perSecond));
      if (p.signedIn) lines.push(loadRow(n, `${p.label}: signed in (shared shell), before Express`, p.signedIn, round.floor.perSecond));
      if (p.viewerState) lines.push(loadRow(n, `${p.label}: its /api/viewer-state, signed in`, p.viewerState, round.floor.perSecond));
    }
  });
  lines.push(
    "",
    "Which load generator is the limit: the same floor by wrk (one thread) and by autocannon (in the bench's Node process). " +
      "wrk's thread is far from a whole core (its cores column); autocannon's is the limit.",
    "",
    "| load generator | req/s | p50 ms | p95 ms | p99 ms | cores: loadgen / server / other / idle | CPU µs/req: server / loadgen |",
    "|---|---:|---:|---:|---:|---|---|",
    generatorRow(`wrk (round ${floor.quietestRound})`, quiet.floor),
    generatorRow("autocannon (after the rounds)", floor.autocannon),
    "",
  );
  return lines;
}

function loadRow(round: string, what: string, h: MeasuredLoad, floorRps: number): string {
  return (
    `| ${round} | ${what} | ${f(h.perSecond, 0)} | ${f((h.perSecond / floorRps) * 100, 0)} % | ${f(h.p50, 2)} | ${f(h.p95, 2)} | ${f(h.p99, 2)} | ` +
    `${f(h.cpu.loadGenerator, 2)} / ${f(h.cpu.server, 2)} / ${f(h.cpu.other, 2)} / ${f(h.cpu.idle, 2)} | ${us(h.cpuMsPerRequest.server)} / ${us(h.cpuMsPerRequest.loadGenerator)} |`
  );
}

function generatorRow(what: string, h: MeasuredLoad): string {
  return (
    `| ${what} | ${f(h.perSecond, 0)} | ${f(h.p50, 2)} | ${f(h.p95, 2)} | ${f(h.p99, 2)} | ` +
    `${f(h.cpu.loadGenerator, 2)} / ${f(h.cpu.server, 2)} / ${f(h.cpu.other, 2)} / ${f(h.cpu.idle, 2)} | ${us(h.cpuMsPerRequest.server)} / ${us(h.cpuMsPerRequest.loadGenerator)} |`
  );
}
