import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { TreeMeter } from "./cpu";
import { type Acknowledged, compare, type LedgerCheck, tally } from "./loadtest-ledger";
import { MixSession } from "./loadtest-session";
import { checkPages, loadUserEmail, readCatalogue, signInUsers } from "./loadtest-site";
import { startTopology, TOPOLOGIES } from "./loadtest-topology";
import type { SoakArgs } from "./soak-args";
import { LiveFeeds } from "./soak-feeds";
import { seedComments } from "./soak-prepare";
import { readDbConnections, readProcesses } from "./soak-sample";
import { evaluateSeries, processChanges, type SeriesResult, type SoakSample, windowErrors } from "./soak-series";

/**
 * The soak (issue 31 item 3, docs/benchmarks.md "Issue 31: soak"): the load test's mix (bench/loadtest-mix.lua) on
 * one topology at a fixed concurrency for a long time, as back-to-back wrk windows of `sampleSeconds`. After each
 * window it reads every app process's RSS, live heap, event-loop delay p99 and open handles (/metrics/processes) and
 * the app's PostgreSQL connections (pg_stat_activity), and keeps the window's p99. At the end: the load test's
 * ledger (nothing acknowledged lost, nothing unacknowledged stored), the live feeds held, and a slope test on every
 * series (soak-slope.ts). Loopback only; every process is stopped by its PID (cleanup.ts).
 */
export interface SoakReport {
  startedAt: string;
  seconds: number;
  commit: string;
  machine: { cores: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  args: SoakArgs;
  topology: { name: string; label: string; workers: number };
  /** Comments written before the run so that every video page keeps its size (soak-prepare.ts). */
  seededComments: number;
  samples: SoakSample[];
  series: SeriesResult[];
  sent: Acknowledged;
  ledger: LedgerCheck;
  sse: { opened: number; connected: number; held: number };
  failures: string[];
}

export async function runSoak(
  args: SoakArgs,
  env: { root: string; workDir: string; commit: string; log: (msg: string) => void },
): Promise<SoakReport> {
  const { log } = env;
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const loadAverageAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const runId = `s${Date.now().toString(36)}`;
  // The scrapes present a token, as a Prometheus outside the machine would (docs/operations.md "Settings").
  const metricsToken = crypto.randomBytes(24).toString("hex");
  log(`${TOPOLOGIES[args.topology]}: starting...`);
  const topology = await startTopology(args.topology, {
    root: env.root,
    buildDir: args.buildDir,
    workDir: env.workDir,
    env: { METRICS_TOKEN: metricsToken },
  });
  try {
    const catalogue = await readCatalogue(topology.db.pool);
    await checkPages(topology.origin, catalogue);
    log(`  ${topology.origin}: ${topology.workers} web workers; signing in ${args.users} users over HTTP...`);
    const users = await signInUsers(topology, args.users, runId);
    const seeded = await seedComments(
      topology.db.pool,
      catalogue.videos.map((v) => v.id),
      args.seedComments,
      loadUserEmail(runId, 0),
    );
    if (seeded) log(`  ${seeded} comments seeded: every video page shows ${args.seedComments} threads from the first window on`);
    const feeds = await LiveFeeds.open(topology.origin, args.sse, args.rotateFeeds);
    log(`  ${feeds.connected()} of ${args.sse} live ad feeds open; ${args.rotateFeeds} of them replaced before each window`);
    const before = await tally(topology.db.pool, runId);
    const session = new MixSession({
      topology,
      catalogue,
      users,
      weights: args.weights,
      threads: args.threads,
      meter: new TreeMeter(topology.processes),
    });

    const windows = Math.floor((args.minutes * 60) / args.sampleSeconds);
    log(`  ${windows} windows of ${args.sampleSeconds} s at ${args.connections} connections (${args.bounds} bounds)`);
    const samples: SoakSample[] = [];
    const sampleErrors: string[] = [];
    const t0 = performance.now();
    // Play tokens for twice the last window's rate: enough for its views without signing thousands unused.
    let maxRps = 400;
    for (let index = 0; index < windows; index++) {
      // New streams (new connections) while the window's load runs, as pages open and close.
      const rotating = feeds.rotateOnce();
      const step = await session.run({
        connections: args.connections,
        seconds: args.sampleSeconds,
        tag: `${runId}-w${index}`,
        dataFile: path.join(env.workDir, "soak-window.tsv"),
        maxRps,
      });
      await rotating;
      maxRps = Math.max(100, Math.ceil(step.perSecond * 2));
      // A sample that cannot be read is a failure of the run, not the end of it: an hour's samples are kept.
      const unread = (what: string) => (err: unknown) => {
        sampleErrors.push(`window ${index + 1}: could not read ${what}: ${err instanceof Error ? err.message : String(err)}`);
      };
      const [processes, db] = await Promise.all([
        readProcesses(topology.instanceOrigins, metricsToken).catch((err) => {
          unread("/metrics/processes")(err);
          return [];
        }),
        readDbConnections(topology.db.pool).catch((err) => {
          unread("pg_stat_activity")(err);
          return { total: Number.NaN, byName: {} };
        }),
      ]);
      const { requests, perSecond, p50, p95, p99, max, badStatuses, socketErrors, timeouts, statuses, acked, skipped, cores } = step;
      const load = { requests, perSecond, p50, p95, p99, max, badStatuses, socketErrors, timeouts, statuses, acked, skipped, cores };
      const sample: SoakSample = { index, t: (performance.now() - t0) / 60_000, load, processes, db };
      samples.push(sample);
      log(progressLine(sample, windows));
    }

    await new Promise((r) => setTimeout(r, 1500)); // the last answers' transactions settle before the ledger is read
    const after = await tally(topology.db.pool, runId);
    const ledger = compare(before, after, session.acked);
    const held = feeds.close();
    log(
      `  nothing lost? acknowledged likes ${ledger.acknowledged.likes}, comments ${ledger.acknowledged.comments}, views ${ledger.acknowledged.views}; ` +
        `stored ${ledger.stored.likeRows}, ${ledger.stored.comments}, ${ledger.stored.videoViews}` +
        (ledger.differences.length ? `: DIFFERENCES ${ledger.differences.join("; ")}` : ": exact") +
        `; live ad feeds held ${held.held} of ${held.opened} opened`,
    );
    const series = evaluateSeries(samples, args.bounds);
    const failures = [
      ...ledger.differences,
      ...(held.held < held.opened
        ? [`${held.opened - held.held} of ${held.opened} live ad feeds not held until the soak closed them`]
        : []),
      ...windowErrors(samples),
      ...sampleErrors,
      ...processChanges(samples),
      ...series.filter((s) => !s.verdict.pass).map((s) => `${s.label}: ${s.verdict.why}`),
    ];
    return {
      startedAt,
      seconds: Math.round((Date.now() - started) / 1000),
      commit: env.commit,
      machine: {
        cores: os.availableParallelism(),
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
      },
      args,
      topology: { name: topology.name, label: TOPOLOGIES[topology.name], workers: topology.workers },
      seededComments: seeded,
      samples,
      series,
      sent: session.sent,
      ledger,
      sse: held,
      failures,
    };
  } finally {
    await topology.stop();
  }
}

/** The progress line of one sample. */
function progressLine(s: SoakSample, windows: number): string {
  const procs = s.processes.map((p) => `${p.role} ${p.pid} ${p.rssMb}/${p.liveHeapMb} MB ${p.eventLoopP99Ms} ms ${p.handles} h`).join("; ");
  const errors = s.load.badStatuses + s.load.socketErrors + s.load.timeouts;
  return (
    `  window ${s.index + 1}/${windows} (${s.t.toFixed(1)} min): ${s.load.perSecond} req/s, p99 ${s.load.p99} ms${errors ? `, ${errors} ERRORS` : ""}; ` +
    `db ${s.db.total}; cores app ${s.load.cores.app ?? "–"} other ${s.load.cores.other ?? "–"}; ${procs}`
  );
}
