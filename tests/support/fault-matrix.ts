import { paths } from "../../core/paths";
import { APPLICATION_NAMES } from "../../server/db/connection";
import { QUEUE_POOL_SIZE } from "../../server/jobs/runner";
import { POOL_SIZE } from "../../server/runtime/attach-database";
import { uniqueEmail } from "./account-session";
import { insertCategory, insertVideo } from "./fixtures";
import { type ScaleOut, signIn } from "./scale-out";
import { type Writer, writeContinuously } from "./writers";

/**
 * Issue 31's fault matrix: faults of the database link at production durations, each applied to a site behind
 * nginx whose instances reach PostgreSQL through the tests' TCP proxy (scale-out.ts `databaseLink`), while
 * visitors browse through nginx and signed-in users like, favorite, save and comment. For each fault it records what clients got
 * meanwhile, how long each instance took to serve pages that need the database once the fault ended, the
 * database connections before and after, and whether any acknowledged write was lost. The short cases run in
 * CI (tests/e2e/faults.spec.ts), all of them in `npm run faults` (bench/faults.ts).
 */

export interface Answer {
  path: string;
  /** ms since the traffic started. */
  at: number;
  /** -1: no HTTP answer at all (connection refused, reset or timed out). */
  status: number;
  ms: number;
  retryAfter: string | null;
}

const VISITOR = { cookie: "ageVerified=true" };

/** Visitors browsing `paths` at `origin`, `clients` at a time, each request recorded, until stop(). */
export function browse(origin: string, paths: readonly string[], clients: number) {
  const started = Date.now();
  const answers: Answer[] = [];
  let going = true;
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let n = c; going; n++) {
      const t0 = Date.now();
      const page = paths[n % paths.length] as string;
      let status = -1;
      let retryAfter: string | null = null;
      try {
        const res = await fetch(`${origin}${page}`, { headers: VISITOR, signal: AbortSignal.timeout(15_000) });
        await res.arrayBuffer();
        status = res.status;
        retryAfter = res.headers.get("retry-after");
      } catch {}
      answers.push({ path: page, at: t0 - started, status, ms: Date.now() - t0, retryAfter });
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    started,
    answers,
    stop: async () => {
      going = false;
      await Promise.all(loops);
    },
  };
}

export interface FaultCase {
  name: string;
  /** Runs in CI (tests/e2e/faults.spec.ts); all run in `npm run faults`. */
  short: boolean;
  holdMs: number;
  begin: (site: ScaleOut) => Promise<void> | void;
  end: (site: ScaleOut) => Promise<void> | void;
  /** Pages may answer 503 meanwhile (the database is away); a slow database must still serve. */
  expect503: boolean;
  /** Runs only on a site with object storage (startScaleOut `objectStorage`). */
  needsObjectStorage?: boolean;
}

function storage(site: ScaleOut) {
  if (!site.storage) throw new Error("this fault needs startScaleOut({ objectStorage: true })");
  return site.storage;
}

function link(site: ScaleOut) {
  if (!site.link) throw new Error("the fault matrix needs startScaleOut({ databaseLink: true })");
  return site.link;
}

const refusing = (seconds: number, short: boolean): FaultCase => ({
  name: `database refusing connections for ${seconds} s`,
  short,
  holdMs: seconds * 1_000,
  begin: (site) => link(site).refuse(),
  end: (site) => link(site).pass(),
  expect503: true,
});

export const FAULTS: readonly FaultCase[] = [
  refusing(2, true),
  refusing(20, false),
  refusing(90, false),
  {
    name: "database accepting TCP but never answering for 10 s",
    short: true,
    holdMs: 10_000,
    begin: (site) => link(site).stall(),
    end: (site) => link(site).pass(),
    expect503: true,
  },
  {
    name: "slow database: +200 ms per round trip for 15 s",
    short: true,
    holdMs: 15_000,
    begin: (site) => link(site).slow(100),
    end: (site) => link(site).pass(),
    expect503: false,
  },
  {
    // Pages read PostgreSQL only: they must not notice. Uploads meanwhile: tests/e2e/object-storage.spec.ts.
    name: "object storage unreachable for 60 s",
    short: false,
    holdMs: 60_000,
    begin: (site) => storage(site).pause(),
    end: (site) => storage(site).resume(),
    expect503: false,
    needsObjectStorage: true,
  },
  {
    name: "PostgreSQL restarted with its data (down 2 s)",
    short: false,
    holdMs: 2_000,
    begin: (site) => site.database.stop(),
    end: (site) => site.database.start(),
    expect503: true,
  },
];

export interface FaultResult {
  fault: string;
  heldMs: number;
  /** Answers to visitors from the fault's start to the end of the recovery window. */
  answered: number;
  statuses: Record<string, number>;
  /** 503s without Retry-After. */
  withoutRetryAfter: number;
  slowestMs: number;
  /** From the fault's start to the first 503 a visitor got (how soon clients are told), if any. */
  firstRefusalMs: number | null;
  /** Per instance, from the fault's end to its first 200 for a page that needs the database. */
  recoveryMs: number[];
  /** The instance's database connections: idle before, most at once from the fault on, idle after (POOL_IDLE_MS). */
  connections: { before: ConnectionCount; peak: number; after: ConnectionCount };
  /** Likes, favorites, Watch Later and comments: acknowledged (200), those the database lacks, the statuses of the rest. */
  writes: { acknowledged: number; lost: string[]; refused: number[] };
}

/** What the site needs for the matrix: a category and a video to browse, and signed-in writers. */
export async function prepareFaultSite(site: ScaleOut, writers = 2) {
  const category = await insertCategory(site.db.db, "Fault matrix");
  const video = await insertVideo(site.db.db, { title: "Fault matrix clip", category_id: category.id });
  const emails = Array.from({ length: writers }, (_, n) => uniqueEmail(`fault-matrix-${n}`));
  const signedIn: Writer[] = await Promise.all(
    emails.map(async (email) => {
      const cookie = await signIn(site, email);
      const user = await site.db.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      return { userId: user.id, cookie };
    }),
  );
  const pages = [paths.home(), paths.category(category.slug), paths.video(video.id), paths.search({ q: "matrix" }), paths.blog()];
  return { videoId: video.id, paths: pages, writers: signedIn, probePath: paths.video(video.id) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until `probePath` answers 200 on the instance directly: ms since `since`, or Infinity after `timeoutMs`. */
async function recovered(origin: string, probePath: string, since: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    const res = await fetch(`${origin}${probePath}`, { headers: VISITOR, signal: AbortSignal.timeout(10_000) }).catch(() => null);
    await res?.arrayBuffer().catch(() => {});
    if (res?.status === 200) return Date.now() - since;
    if (Date.now() - since > timeoutMs) return Number.POSITIVE_INFINITY;
    await sleep(100);
  }
}

/**
 * pg-pool closes a connection idle for 30 s (server/db/connection.ts): this long after the last request, what
 * is left is what an instance holds for itself (each process's listener, the job runner's liveness connection
 * and queue pool), the same before and after a fault unless something leaks.
 */
const POOL_IDLE_MS = 31_000;

/** The instance's connections by kind (their application_name, server/db/connection.ts), and in all. */
export interface ConnectionCount {
  total: number;
  byKind: Record<string, number>;
}

/**
 * The instance's connections once its pools have idled out (see POOL_IDLE_MS): the web pools hold none then. On a
 * busy machine their timers may fire a little late, so up to 15 s more are given for that; a web connection
 * still open after those is counted (and is a leak).
 */
export async function idleConnections(site: ScaleOut): Promise<ConnectionCount> {
  await sleep(POOL_IDLE_MS);
  let count = await connectionCount(site);
  for (let waited = 0; (count.byKind[APPLICATION_NAMES.web] ?? 0) > 0 && waited < 15_000; waited += 500) {
    await sleep(500);
    count = await connectionCount(site);
  }
  return count;
}

async function connectionCount(site: ScaleOut): Promise<ConnectionCount> {
  const { rows } = await site.db.pool.query<{ kind: string; n: number }>(
    `SELECT application_name AS kind, count(*)::int AS n FROM pg_stat_activity
     WHERE application_name LIKE 'pleazure-%' AND application_name <> $1 GROUP BY 1 ORDER BY 1`,
    [APPLICATION_NAMES.probe],
  );
  return { total: link(site).connections(), byKind: Object.fromEntries(rows.map((r) => [r.kind, r.n])) };
}

/**
 * Runs one fault under traffic and measures it (see FaultResult). `idleBefore`: the idle count measured after the
 * previous fault (measured here when absent); the result's `connections.after` is the next one's `idleBefore`.
 */
export async function runFault(
  site: ScaleOut,
  fault: FaultCase,
  prepared: Awaited<ReturnType<typeof prepareFaultSite>>,
  idleBefore?: ConnectionCount,
): Promise<FaultResult> {
  const before = idleBefore ?? (await idleConnections(site));
  const samples: { at: number; n: number }[] = [];
  const sampler = setInterval(() => samples.push({ at: Date.now(), n: link(site).connections() }), 250);
  const traffic = browse(site.origin, prepared.paths, 4);
  // Likes, favorites, Watch Later and comments (writers.ts), each answer kept, each acknowledged one read back.
  const writes = writeContinuously(site.origin, prepared.writers, { videoIds: [prepared.videoId], watchLater: true });
  try {
    await sleep(4_000); // pools warm with this traffic
    const beganAt = Date.now();
    await fault.begin(site);
    await sleep(fault.holdMs);
    await fault.end(site);
    const endedAt = Date.now();
    const recoveryMs = await Promise.all(site.instances.map((i) => recovered(i.origin, prepared.probePath, endedAt)));
    await sleep(5_000); // the same traffic on the recovered site
    clearInterval(sampler);
    await traffic.stop();
    await writes.stop();
    const peak = Math.max(...samples.filter((s) => s.at >= beganAt).map((s) => s.n));
    const after = await idleConnections(site);

    const from = beganAt - traffic.started;
    const window = traffic.answers.filter((a) => a.at + a.ms >= from);
    const statuses: Record<string, number> = {};
    for (const a of window) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const refusals = window.filter((a) => a.status === 503);
    const lost = await writes.lost(site.db.db);
    return {
      fault: fault.name,
      heldMs: endedAt - beganAt,
      answered: window.length,
      statuses,
      withoutRetryAfter: refusals.filter((a) => !a.retryAfter).length,
      slowestMs: Math.max(0, ...window.map((a) => a.ms)),
      firstRefusalMs: refusals.length ? Math.min(...refusals.map((a) => a.at + a.ms)) - from : null,
      recoveryMs,
      connections: { before, peak, after },
      writes: {
        acknowledged: writes.writes.filter((w) => w.status === 200).length,
        lost,
        refused: writes.writes.filter((w) => w.status !== 200).map((w) => w.status),
      },
    };
  } finally {
    clearInterval(sampler);
    await traffic.stop();
    await writes.stop();
  }
}

/** The goals of issue 31, as the problems a result shows (none: the fault is handled). */
export function faultProblems(fault: FaultCase, r: FaultResult): string[] {
  const problems: string[] = [];
  const unexpected = Object.keys(r.statuses).filter((s) => s !== "200" && !(s === "503" && fault.expect503));
  if (unexpected.length) problems.push(`answers other than 200${fault.expect503 ? "/503" : ""}: ${JSON.stringify(r.statuses)}`);
  if (r.withoutRetryAfter) problems.push(`${r.withoutRetryAfter} answers of 503 without Retry-After`);
  if (r.slowestMs > 10_000) problems.push(`a client waited ${r.slowestMs} ms (a hang)`);
  for (const ms of r.recoveryMs) if (ms > 5_000) problems.push(`an instance served pages ${ms} ms after the fault ended (goal <= 5 s)`);
  // Each process's listener, the runner's liveness lock and the web pools once idle must be exactly as before; the
  // job processes' pools serve the queue's crons too, so they are only held to their sizes.
  const { before, after } = r.connections;
  for (const kind of [APPLICATION_NAMES.listener, APPLICATION_NAMES.jobLiveness, APPLICATION_NAMES.web]) {
    const [b, a] = [before.byKind[kind] ?? 0, after.byKind[kind] ?? 0];
    if (a > b) problems.push(`${kind} connections: ${b} before, ${a} after`);
  }
  if ((after.byKind[APPLICATION_NAMES.jobQueue] ?? 0) > QUEUE_POOL_SIZE)
    problems.push(`job queue pool over its size: ${after.byKind[APPLICATION_NAMES.jobQueue]}`);
  if ((after.byKind[APPLICATION_NAMES.jobs] ?? 0) > POOL_SIZE)
    problems.push(`jobs pool over its size: ${after.byKind[APPLICATION_NAMES.jobs]}`);
  if (r.writes.lost.length) problems.push(`acknowledged writes lost: ${r.writes.lost.join("; ")}`);
  const badRefusals = r.writes.refused.filter((s) => s !== 503);
  if (badRefusals.length) problems.push(`comments refused otherwise than 503: ${badRefusals.join(", ")}`);
  return problems;
}

/** "listener 3 → 3, …": each kind's idle count before and after. */
function kinds(before: ConnectionCount, after: ConnectionCount): string {
  const names = [...new Set([...Object.keys(before.byKind), ...Object.keys(after.byKind)])].sort();
  return names.map((n) => `${n.replace(/^pleazure-/, "")} ${before.byKind[n] ?? 0} → ${after.byKind[n] ?? 0}`).join(", ");
}

/** One markdown table row per result (docs/operations.md "Faults, measured"). */
export function faultTable(results: readonly FaultResult[]): string {
  const rows = results.map((r) =>
    [
      r.fault,
      Object.entries(r.statuses)
        .map(([s, n]) => `${n} × ${s === "-1" ? "no answer" : s}`)
        .join(", "),
      r.firstRefusalMs === null ? "none" : `${r.firstRefusalMs} ms`,
      `${r.slowestMs} ms`,
      r.recoveryMs.map((ms) => `${ms} ms`).join(", "),
      `${r.connections.before.total} / ${r.connections.peak} / ${r.connections.after.total} (${kinds(r.connections.before, r.connections.after)})`,
      `${r.writes.acknowledged} acknowledged, ${r.writes.lost.length} lost, ${r.writes.refused.length} refused${r.writes.refused.length ? ` (${[...new Set(r.writes.refused)].join(", ")})` : ""}`,
    ].join(" | "),
  );
  return [
    "| Fault | Answers from its start to 5 s after recovery | First 503 after | Slowest answer | Pages need the database again after (per instance) | Connections idle before / peak / idle after | Writes (likes, favorites, Watch Later, comments) |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r} |`),
  ].join("\n");
}
