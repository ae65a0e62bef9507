// `npm run faults [-- --short] [-- --only <text>]`: issue 31's fault matrix at production durations (database
// refusing connections for 2, 20 and 90 s, accepting TCP but never answering, slowed by 200 ms a round trip,
// restarted with its data; the object storage away for 60 s) against the production build, media in s3rver, one instance with two web workers and its jobs
// worker behind Debian's nginx, its database link through the tests' TCP proxy (tests/support/fault-matrix.ts).
// Prints the table and writes bench/results/<date>-faults.md; exits 1 if any fault misses a goal. About 15 min.
import "./lib/quiet";
import fs from "node:fs";
import path from "node:path";
import {
  type ConnectionCount,
  FAULTS,
  type FaultResult,
  faultProblems,
  faultTable,
  prepareFaultSite,
  runFault,
} from "../tests/support/fault-matrix";
import { startScaleOut } from "../tests/support/scale-out";
import { appVersion, buildApp } from "./lib/build";
import { installSignalHandlers, onCleanup, runScript } from "./lib/cleanup";

const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const cases = FAULTS.filter((f) => (!args.includes("--short") || f.short) && (!only || f.name.includes(only)));

async function main() {
  installSignalHandlers();
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = path.join(root, "build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    console.log("[faults] building the app (npm run build)...");
    await buildApp(root, buildDir);
  }
  process.env.BUILD_DIR = buildDir;
  console.log(`[faults] ${cases.length} faults: ${cases.map((c) => c.name).join("; ")}`);
  const site = await startScaleOut({
    instances: 1,
    entry: "server.js",
    databaseLink: true,
    objectStorage: true,
    env: { PAGE_CACHE_TTL_MS: "0", WEB_CONCURRENCY: "2", JOBS_IN_PROCESS: "true" },
  });
  onCleanup("fault site", site.stop);
  const prepared = await prepareFaultSite(site);

  const results: FaultResult[] = [];
  const problems: string[] = [];
  let idle: ConnectionCount | undefined;
  for (const fault of cases) {
    console.log(`[faults] ${fault.name}...`);
    const result = await runFault(site, fault, prepared, idle);
    idle = result.connections.after;
    results.push(result);
    for (const p of faultProblems(fault, result)) problems.push(`${fault.name}: ${p}`);
    console.log(faultTable([result]).split("\n").at(-1));
  }
  const restarts = (site.instances[0]?.log().match(/stopped unexpectedly/g) ?? []).length;
  if (restarts) problems.push(`${restarts} worker processes were replaced during the run (a fault ended a process)`);

  const { commit, changedFiles } = appVersion(root);
  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# Fault matrix, ${date}`,
    "",
    `\`npm run faults${args.length ? ` -- ${args.join(" ")}` : ""}\` on commit ${commit.slice(0, 7)}${changedFiles.length ? ` (+ ${changedFiles.length} changed files)` : ""}:`,
    "one instance (2 web workers + its jobs worker, PAGE_CACHE_TTL_MS=0, media in s3rver) behind nginx, 4 visitors browsing and 2",
    "signed-in users liking, favoriting, saving and commenting through nginx; the database link through the tests' TCP proxy. Connections: the",
    "instance's links to PostgreSQL through the proxy, idle (31 s after the last request, when the pools have closed",
    "theirs) before the fault and after it, and the most at once in between.",
    "",
    faultTable(results),
    "",
    problems.length
      ? `**Goals missed:**\n${problems.map((p) => `- ${p}`).join("\n")}`
      : "Every goal met: 200 or 503 + Retry-After meanwhile, pages again within 5 s, no more connections afterwards, nothing acknowledged lost, no process replaced.",
    "",
  ].join("\n");
  // A partial run does not replace the day's full one.
  const suffix = only ? `-${only.toLowerCase().replace(/[^a-z0-9]+/g, "-")}` : args.includes("--short") ? "-short" : "";
  const out = path.join(root, "bench/results", `${date}-faults${suffix}.md`);
  fs.writeFileSync(out, report);
  console.log(`\n${report}\n[faults] written to ${path.relative(root, out)}`);
  if (problems.length) throw new Error(`${problems.length} goals missed`);
}

void runScript(main);
