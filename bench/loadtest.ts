// `npm run loadtest`: issue 21 item 5. For each topology (embedded; external PostgreSQL with 1 and with 2
// instances behind nginx) it starts the production build, signs users in, holds live ad feeds open and runs the
// mixed profile (bench/loadtest-mix.lua) with wrk at rising concurrency until p99 passes the limit or an
// error appears; then checks that the database holds exactly the likes, comments and views the site
// acknowledged. Bounded (steps × duration), loopback only. Writes bench/results/<date>-loadtest.{json,md}.
// See docs/benchmarks.md "Issue 21: load test".
import "./lib/quiet";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { logger } from "../server/logger";
import { buildApp, commitOf } from "./lib/build";
import { installSignalHandlers, runScript } from "./lib/cleanup";
import { TreeMeter } from "./lib/cpu";
import { captureCachedPage, startFloorServer } from "./lib/floor";
import { type LoadTestArgs, parseLoadTestArgs } from "./lib/loadtest-args";
import { compare, type LedgerCheck, tally } from "./lib/loadtest-ledger";
import { type Catalogue, type LoadUser, runMix, type StepResult, summariseStep, writeStepData } from "./lib/loadtest-mix";
import { type LoadTestReport, renderLoadTest, type TopologyResult } from "./lib/loadtest-report";
import { MixSession } from "./lib/loadtest-session";
import { checkPages, readCatalogue, signInUsers, waitForIdle } from "./lib/loadtest-site";
import { startTopology, TOPOLOGIES, type TopologyName } from "./lib/loadtest-topology";
import { openSseClients } from "./lib/sse-clients";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORK = path.join(ROOT, "bench", ".work", "loadtest");
const BUILD_DIR = "bench/.work/build";
const RESULTS = path.join(ROOT, "bench", "results");

const t0 = Date.now();
const log = (msg: string) => console.log(`[loadtest +${Math.round((Date.now() - t0) / 1000)}s] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  installSignalHandlers(() => {
    logger.level = "silent";
  });
  const args = parseLoadTestArgs(process.argv.slice(2));
  const startedAt = new Date();
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  execFileSync("bash", ["scripts/ensure-debian-tools.sh", "wrk", "nginx"], { cwd: ROOT, stdio: "inherit" });
  if (args.skipBuild && fs.existsSync(path.join(ROOT, BUILD_DIR, "server/index.js"))) log(`reusing the build in ${BUILD_DIR}`);
  else {
    log(`building the app into ${BUILD_DIR}...`);
    await buildApp(ROOT, BUILD_DIR);
  }
  const machine = { cores: os.availableParallelism(), loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100) };
  log(`machine: ${machine.cores} cores, load average ${machine.loadAverageAtStart.join(" ")}`);

  const runId = `r${Date.now().toString(36)}`;
  const results: TopologyResult[] = [];
  let floor: LoadTestReport["floor"];
  for (const name of args.topologies) {
    const { result, floorPage } = await runTopology(name, args, runId);
    results.push(result);
    if (floorPage && args.floor) floor = await measureFloor(floorPage, args, runId);
  }
  if (args.floor && !floor) {
    log("(no embedded run: the floor is measured on the embedded app's cached home page, so it is skipped)");
  }

  const failures = results.flatMap((r) => [
    ...r.ledger.differences.map((d) => `${r.name}: ${d}`),
    ...(r.sse.held < r.sse.opened
      ? [`${r.name}: ${r.sse.opened - r.sse.held} of ${r.sse.opened} live ad feeds not held through the run`]
      : []),
  ]);
  const report: LoadTestReport = {
    startedAt: startedAt.toISOString(),
    seconds: Math.round((Date.now() - t0) / 1000),
    commit: commitOf(ROOT),
    machine: { ...machine, loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100) },
    args,
    mix: args.weights,
    topologies: results,
    floor,
    failures,
  };
  const stem = args.out ?? `${startedAt.toISOString().slice(0, 10)}-loadtest`;
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, `${stem}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS, `${stem}.md`), renderLoadTest(report));
  log(`results: bench/results/${stem}.md (+ .json)`);
  for (const r of results) {
    log(
      `${r.name}: sustained ${r.sustained ? `${r.sustained.perSecond} req/s at p99 ${r.sustained.p99} ms (${r.sustained.connections} connections)` : "none (the first step was over the limit)"}; ${r.stopReason}`,
    );
  }
  if (failures.length) {
    console.error(`\nLOAD TEST FAILED:\n- ${failures.join("\n- ")}`);
    return 1;
  }
  log("nothing lost: every acknowledged like, comment and counted view is in the database, and nothing else");
  return 0;
}

async function runTopology(
  name: TopologyName,
  args: LoadTestArgs,
  runId: string,
): Promise<{ result: TopologyResult; floorPage?: Awaited<ReturnType<typeof captureCachedPage>> }> {
  const otherCores = await waitForIdle(args.waitIdle, log, name);
  log(`${TOPOLOGIES[name]}: starting (other processes used ${otherCores} cores just before)...`);
  const topology = await startTopology(name, { root: ROOT, buildDir: BUILD_DIR, workDir: WORK });
  try {
    const catalogue = await readCatalogue(topology.db.pool);
    await checkPages(topology.origin, catalogue);
    log(`  ${topology.origin}: ${topology.workers} web workers; signing in ${args.users} users over HTTP...`);
    const users = await signInUsers(topology, args.users, runId);
    const floorPage = name === "embedded" ? await captureCachedPage(`${topology.origin}/`) : undefined;
    const sse = await openSseClients(topology.origin, args.sse);
    log(`  ${sse.connected()} of ${args.sse} live ad feeds open`);
    const before = await tally(topology.db.pool, runId);
    const meter = new TreeMeter(topology.processes);
    const session = new MixSession({ topology, catalogue, users, weights: args.weights, threads: args.threads, meter });
    const { acked, sent } = session;
    const run = (connections: number, seconds: number, index: number) =>
      session.run({
        connections,
        seconds,
        tag: `${runId}-s${index}`,
        dataFile: path.join(WORK, `${name}-step-${index}.tsv`),
        maxRps: args.maxRps,
      });
    if (args.warmup > 0) {
      const w = await run(args.steps[0]!, Math.max(4, args.warmup), 0);
      log(`  warm-up: ${w.perSecond} req/s, p99 ${w.p99} ms (not recorded)`);
    }
    const steps: StepResult[] = [];
    let stopReason = `every step (up to ${args.steps.at(-1)} connections) within the limits`;
    for (const [i, connections] of args.steps.entries()) {
      const step = await run(connections, args.duration, i + 1);
      steps.push(step);
      log(
        `  ${connections} connections: ${step.perSecond} req/s, p50 ${step.p50} ms, p95 ${step.p95} ms, p99 ${step.p99} ms; ` +
          `bad statuses ${step.badStatuses}, socket errors ${step.socketErrors}, timeouts ${step.timeouts}; ` +
          `cores: wrk ${step.cores.wrk}, app ${step.cores.app}, pg ${step.cores.postgres}, nginx ${step.cores.proxy}, other ${step.cores.other}; acked likes ${step.acked.like ?? 0}, comments ${step.acked.comment ?? 0}, views ${step.acked.view ?? 0}` +
          (Object.values(step.skipped).some(Boolean) ? `; writes skipped ${JSON.stringify(step.skipped)}` : ""),
      );
      const errors = step.badStatuses + step.socketErrors + step.timeouts;
      if (errors > 0 || step.p99 > args.p99Limit) {
        stopReason = `stopped at ${connections} connections: ${errors > 0 ? `${errors} errors (${JSON.stringify(step.statuses)})` : `p99 ${step.p99} ms > ${args.p99Limit} ms`}`;
        break;
      }
      await sleep(1000);
    }
    await sleep(1500); // let the last answers' transactions settle before reading the database
    const after = await tally(topology.db.pool, runId);
    const ledger: LedgerCheck = compare(before, after, acked);
    const held = sse.close();
    log(
      `  nothing lost? acknowledged likes ${acked.likes}, comments ${acked.comments}, views ${acked.views}; ` +
        `stored ${after.likeRows - before.likeRows}, ${after.comments - before.comments}, ${after.videoViews - before.videoViews}` +
        (ledger.differences.length ? `: DIFFERENCES ${ledger.differences.join("; ")}` : ": exact"),
    );
    const within = steps.filter((s) => s.badStatuses + s.socketErrors + s.timeouts === 0 && s.p99 <= args.p99Limit);
    // The rise stops at the first step over the limits, so those within are the steps before it.
    const last = within.at(-1);
    return {
      result: {
        name,
        label: TOPOLOGIES[name],
        workers: topology.workers,
        otherCoresBefore: otherCores,
        steps,
        stopReason,
        sustained: last
          ? { connections: last.connections, perSecond: last.perSecond, p50: last.p50, p95: last.p95, p99: last.p99 }
          : undefined,
        peak: steps.reduce<StepResult | undefined>((best, s) => (!best || s.perSecond > best.perSecond ? s : best), undefined),
        sent,
        ledger,
        sse: { opened: args.sse, connected: held.connected, held: held.held },
      },
      floorPage,
    };
  } finally {
    await topology.stop();
  }
}

/**
 * The generator's own ceiling with this very script: the same wrk run (the highest step's connections) against
 * a bare node:http server that answers every request with the app's cached home page (bench/lib/floor.ts),
 * as many worker processes as the app has, while nothing else of the load test runs.
 */
async function measureFloor(
  page: Awaited<ReturnType<typeof captureCachedPage>>,
  args: LoadTestArgs,
  runId: string,
): Promise<LoadTestReport["floor"]> {
  const server = await startFloorServer({
    root: ROOT,
    workDir: WORK,
    page,
    workers: os.availableParallelism(),
    logFile: path.join(WORK, "floor.log"),
  });
  try {
    const connections = args.steps.at(-1)!;
    const dataFile = path.join(WORK, "floor.tsv");
    const catalogue: Catalogue = {
      categories: ["c"],
      videos: [{ id: crypto.randomUUID(), duration: 45 }],
      searches: ["q"],
      blogPosts: ["b"],
    };
    const users: LoadUser[] = Array.from({ length: 10 }, (_, i) => ({
      index: i,
      cookie: "session_token=floor",
      ip: "2001:db8::1",
      commentTimes: [],
    }));
    const tokens = Math.ceil(((args.maxRps * args.weights.view) / 100) * args.duration);
    writeStepData(dataFile, {
      origin: server.origin,
      tag: `${runId}-floor`,
      threads: args.threads,
      weights: args.weights,
      catalogue,
      users,
      likeStart: 0,
      tokens,
      key: Buffer.from("floor"),
    });
    log(`floor: the mix script against a bare node:http server, ${connections} connections, ${args.duration} s...`);
    const step = summariseStep(
      connections,
      await runMix(server.origin, { dataFile, connections, seconds: args.duration, threads: args.threads }),
    );
    log(
      `  floor: ${step.perSecond} req/s, p50 ${step.p50} ms, p99 ${step.p99} ms; cores wrk ${step.cores.wrk}, machine ${step.cores.machine}`,
    );
    return {
      connections,
      perSecond: step.perSecond,
      p50: step.p50,
      p95: step.p95,
      p99: step.p99,
      workers: os.availableParallelism(),
      cores: step.cores,
    };
  } finally {
    await server.stop();
  }
}

void runScript(main);
