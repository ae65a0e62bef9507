import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { issuePlayToken } from "../../server/play-token";
import type { CpuMeter } from "./cpu";
import type { LatencyStats, TargetResult } from "./stats";
import { round } from "./stats";
import { measureWindow, type WriteWindow, windowFigures, writesTarget } from "./write-window";

/**
 * Counted views per second through `POST /api/views` (docs/architecture.md "Conventions": a counted view no dearer than the
 * trivial page; zero lost view increments under concurrency). Every request carries a genuine play token
 * for a browser session of its own, whose threshold has elapsed, so every request must count.
 *
 * Tokens are minted here with the server's own signing function (server/play-token.ts) and the running
 * app's secret (its DATA_DIR/secret.key, or APP_SECRET), then the bench waits the longest threshold among
 * them (at most 30 s) before loading. Asking POST /api/play-token for each token would be the same issue path
 * but tens of thousands of requests before the run; what is measured is the same either way: the view
 * request only.
 *
 * Every visit also comes from a client address of its own (an IPv6 /64 of 2001:db8::/32 in X-Forwarded-For,
 * which the server takes from its loopback peer as from a proxy): one address counts at most 5 views of a
 * video per hour (server/services/view-allowance.ts), and the load generator is one machine standing for
 * many viewers. The allowance is still taken and checked on every request, as for real viewers.
 *
 * "Counted" is read from the database (videos, categories and the per-day table, before and after the
 * measured window), not from the responses, so a lost increment or a request that did not count shows.
 */

export interface ViewsScenarioResult extends LatencyStats, WriteWindow {
  key: "spread" | "single";
  label: string;
  /** Distinct videos the tokens were spread over. */
  videos: number;
  /** Increments the database gained over the measured window: videos.views, categories.views, daily counts. */
  counted: { videos: number; categories: number; daily: number };
  countedPerSecond: number;
  /**
   * 2xx answers minus views counted over the window: 0 when every answer counted one view; requests cut off at
   * the window's edges (answered after autocannon stopped listening) make it differ by at most `connections`.
   */
  uncounted: number;
}

export interface ViewsResult {
  method: string;
  scenarios: ViewsScenarioResult[];
}

interface Visit {
  videoId: string;
  cookie: string;
  token: string;
  /** The visitor's address (X-Forwarded-For). */
  ip: string;
}

/** Above anything 2 cores can count: the tokens never run out during a window. */
const MAX_VIEWS_PER_SECOND = 8_000;
/** "Spread over many videos": random public videos, one token per view, visited round-robin. */
const SPREAD_VIDEOS = 10_000;

export async function measureViews(opts: {
  origin: string;
  pool: pg.Pool;
  dataDir: string;
  /** The single-video case: a real public video (the bench's video page). */
  singleVideoId: string;
  meter: CpuMeter;
  connections: number;
  duration: number;
  warmup: number;
  log: (msg: string) => void;
}): Promise<ViewsResult> {
  const key = await serverSecret(opts.origin, opts.singleVideoId, opts.dataDir);
  const spread = (
    await opts.pool.query<{ id: string; duration: number }>(
      "SELECT id, duration FROM videos WHERE is_public AND duration > 0 ORDER BY random() LIMIT $1",
      [SPREAD_VIDEOS],
    )
  ).rows;
  const single = (
    await opts.pool.query<{ id: string; duration: number }>("SELECT id, duration FROM videos WHERE id = $1", [opts.singleVideoId])
  ).rows;
  const perScenario = Math.ceil(MAX_VIEWS_PER_SECOND * (opts.warmup + opts.duration));
  const mintedAt = Date.now();
  const visits = { spread: mint(spread, perScenario, key, mintedAt), single: mint(single, perScenario, key, mintedAt) };
  const longest = Math.max(...[...spread, ...single].map((v) => Math.min(30_000, (v.duration * 1000) / 2)));
  opts.log(
    `views: minted ${(2 * perScenario).toLocaleString("en")} play tokens (one session each); waiting ${Math.ceil(longest / 1000)} s for their thresholds...`,
  );
  await new Promise((r) => setTimeout(r, Math.max(0, mintedAt + longest + 500 - Date.now())));

  const scenarios: ViewsScenarioResult[] = [];
  for (const [key, label, list, videos] of [
    ["spread", `POST /api/views over ${spread.length.toLocaleString("en")} videos`, visits.spread, spread.length],
    ["single", "POST /api/views, all on one video", visits.single, 1],
  ] as const) {
    opts.log(`HTTP ${label}: ${opts.warmup} s warm-up + ${opts.duration} s at ${opts.connections} connections...`);
    const result = await loadViews(opts, list, { key, label, videos });
    opts.log(
      `  ${result.countedPerSecond} counted views/s, p50 ${result.p50} ms, p95 ${result.p95} ms; uncounted ${result.uncounted}, non-2xx ${result.non2xx}; ` +
        `cores app ${result.cpu.server} pg ${result.cpu.postgres} loadgen ${result.cpu.loadGenerator} other ${result.cpu.other}`,
    );
    scenarios.push(result);
  }
  return {
    method: "tokens minted with the server's signing function and secret, one browser session per view, thresholds waited",
    scenarios,
  };
}

/** The running app's signing key: APP_SECRET when the bench passes one on, else the key the app generated. */
async function serverSecret(origin: string, videoId: string, dataDir: string): Promise<Buffer> {
  if (process.env.APP_SECRET) return Buffer.from(process.env.APP_SECRET, "utf8");
  // The first play token makes the app create its key, if no request did yet.
  const res = await fetch(`${origin}/api/play-token`, { method: "POST", body: new URLSearchParams({ videoId }) });
  if (!res.ok) throw new Error(`POST /api/play-token answered ${res.status}`);
  await res.arrayBuffer();
  return Buffer.from(fs.readFileSync(path.join(dataDir, "secret.key"), "utf8").trim(), "utf8");
}

function mint(videos: { id: string; duration: number }[], count: number, key: Buffer, now: number): Visit[] {
  const out: Visit[] = [];
  for (let i = 0; i < count; i++) {
    const video = videos[i % videos.length]!;
    const sessionId = crypto.randomUUID();
    const token = issuePlayToken({ videoId: video.id, sessionId, durationSeconds: video.duration, now, key });
    if (!token) throw new Error(`no play token for video ${video.id} (duration ${video.duration})`);
    out.push({ videoId: video.id, cookie: `viewSession=${sessionId}`, token, ip: visitorAddress(out.length) });
  }
  return out;
}

/** The n-th visitor's address: a /64 of its own (2^32 of them), so no visitor reaches its allowance. */
function visitorAddress(n: number): string {
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
}

async function totals(pool: pg.Pool): Promise<{ videos: number; categories: number; daily: number }> {
  const { rows } = await pool.query<{ videos: string; categories: string; daily: string }>(
    `SELECT (SELECT sum(views) FROM videos) AS videos, (SELECT sum(views) FROM categories) AS categories,
            (SELECT coalesce(sum(views), 0) FROM video_views_daily) AS daily`,
  );
  const r = rows[0]!;
  return { videos: Number(r.videos), categories: Number(r.categories), daily: Number(r.daily) };
}

async function loadViews(
  opts: Parameters<typeof measureViews>[0],
  visits: Visit[],
  what: { key: "spread" | "single"; label: string; videos: number },
): Promise<ViewsScenarioResult> {
  let next = 0;
  const window = await measureWindow(
    { ...opts, url: `${opts.origin}/api/views` },
    {
      method: "POST",
      setupRequest: (req) => {
        const visit = visits[next++];
        if (!visit) throw new Error("the bench ran out of play tokens: raise MAX_VIEWS_PER_SECOND");
        return {
          ...req,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "accept-encoding": "br, gzip",
            cookie: visit.cookie,
            "x-forwarded-for": visit.ip,
          },
          body: new URLSearchParams({ videoId: visit.videoId, token: visit.token }).toString(),
        };
      },
    },
    () => totals(opts.pool),
  );
  const { before } = window;
  const after = await totals(opts.pool);
  const counted = {
    videos: after.videos - before.videos,
    categories: after.categories - before.categories,
    daily: after.daily - before.daily,
  };
  const countedPerSecond = round(counted.videos / window.seconds, 1);
  return {
    ...what,
    ...windowFigures(window, countedPerSecond),
    counted,
    countedPerSecond,
    uncounted: window.result["2xx"] - counted.videos,
  };
}

/** Problems that make the view figures wrong (requests that did not count, lost increments). */
export function viewFailures(views: ViewsResult, connections: number): string[] {
  const out: string[] = [];
  for (const s of views.scenarios) {
    const { videos, categories, daily } = s.counted;
    if (s.non2xx || s.errors || s.timeouts)
      out.push(`${s.label}: ${s.non2xx} non-2xx (${JSON.stringify(s.statusCodes)}), ${s.errors} errors, ${s.timeouts} timeouts`);
    if (Math.abs(s.uncounted) > connections) out.push(`${s.label}: ${s.uncounted} answered 2xx without adding a view`);
    if (videos !== categories || videos !== daily)
      out.push(`${s.label}: increments differ: videos ${videos}, categories ${categories}, daily ${daily}`);
  }
  return out;
}

/** docs/architecture.md "Conventions": views/s ≥ the trivial page's req/s in the same run, for both scenarios. */
export function viewTargets(views: ViewsResult, floorPerSecond: number | undefined): TargetResult[] {
  return views.scenarios.map((s) =>
    writesTarget(
      `counted views/s ≥ trivial page req/s (${s.key === "single" ? "all on one video" : "spread over many videos"})`,
      "views",
      { perSecond: s.countedPerSecond, p95: s.p95 },
      floorPerSecond,
    ),
  );
}

export function renderViews(views: ViewsResult | undefined, connections: unknown): string[] {
  if (!views) return [];
  const f = (n: number, d = 1) => n.toFixed(d);
  return [
    `## Counted views (POST /api/views, ${connections} connections)`,
    "",
    `Method: ${views.method}. "Counted" is what the database gained over the window (videos / categories / per-day rows).`,
    "",
    "| scenario | counted views/s | p50 ms | p95 ms | p99 ms | counted: videos / categories / daily | 2xx − counted | non-2xx | cores: loadgen / app / pg / other / idle | CPU ms/view: app / pg |",
    "|---|---:|---:|---:|---:|---|---:|---:|---|---|",
    ...views.scenarios.map(
      (s) =>
        `| ${s.label} | ${f(s.countedPerSecond, 0)} | ${f(s.p50, 2)} | ${f(s.p95, 2)} | ${f(s.p99, 2)} | ${s.counted.videos} / ${s.counted.categories} / ${s.counted.daily} | ${s.uncounted} | ${s.non2xx + s.errors + s.timeouts} | ` +
        `${f(s.cpu.loadGenerator, 2)} / ${f(s.cpu.server, 2)} / ${f(s.cpu.postgres, 2)} / ${f(s.cpu.other, 2)} / ${f(s.cpu.idle, 2)} | ${f(s.cpuMsPerRequest.server, 2)} / ${f(s.cpuMsPerRequest.postgres, 2)} |`,
    ),
    "",
  ];
}
