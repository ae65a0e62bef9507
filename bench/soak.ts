// `npm run soak`: issue 31 item 3. The load test's mix at half its knee for 60 minutes by default, sampling every
// app process's RSS, heap, event-loop delay and open handles and the database's connections every 30 s; passes when
// none of them, nor the load's p99, grows beyond noise (a slope test over the run), nothing acknowledged is lost and
// no request failed. Writes bench/results/<date>-soak.{md,json,svg}; exits 1 on any failure. Loopback only,
// bounded by --minutes. See docs/benchmarks.md "Issue 31: soak".
import "./lib/quiet";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { logger } from "../server/logger";
import { buildApp, commitOf } from "./lib/build";
import { installSignalHandlers, runScript } from "./lib/cleanup";
import { waitForIdle } from "./lib/loadtest-site";
import { parseSoakArgs } from "./lib/soak-args";
import { soakPlotSvg } from "./lib/soak-plot";
import { renderSoak } from "./lib/soak-report";
import { runSoak } from "./lib/soak-run";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORK = path.join(ROOT, "bench", ".work", "soak");

const t0 = Date.now();
const log = (msg: string) => console.log(`[soak +${Math.round((Date.now() - t0) / 1000)}s] ${msg}`);

async function main(): Promise<number> {
  installSignalHandlers(() => {
    logger.level = "silent";
  });
  const args = parseSoakArgs(process.argv.slice(2));
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  execFileSync("bash", ["scripts/ensure-debian-tools.sh", "wrk", ...(args.topology === "embedded" ? [] : ["nginx"])], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (args.skipBuild && fs.existsSync(path.join(ROOT, args.buildDir, "server/index.js"))) log(`reusing the build in ${args.buildDir}`);
  else {
    log(`building the app into ${args.buildDir}...`);
    await buildApp(ROOT, args.buildDir);
  }
  const otherCores = await waitForIdle(args.waitIdle, log, "the soak");
  log(`other processes use ${otherCores} cores`);

  const report = await runSoak(args, { root: ROOT, workDir: WORK, commit: commitOf(ROOT), log });
  const stem = args.out ?? `${report.startedAt.slice(0, 10)}-soak`;
  const results = path.resolve(ROOT, args.resultsDir);
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, `${stem}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(results, `${stem}.svg`), await soakPlotSvg(report));
  fs.writeFileSync(path.join(results, `${stem}.md`), renderSoak(report, `${stem}.svg`));
  log(`results: ${path.relative(ROOT, path.join(results, `${stem}.md`))} (+ .json, .svg)`);
  for (const s of report.series) log(`  ${s.verdict.pass ? "pass" : "FAIL"} ${s.label}: ${s.verdict.why}`);
  if (report.failures.length) {
    console.error(`\nSOAK FAILED:\n- ${report.failures.join("\n- ")}`);
    return 1;
  }
  log("soak passed: nothing grew beyond noise, p99 stayed flat, no request failed, nothing acknowledged was lost");
  return 0;
}

void runScript(main);
