// `npm run bench:ttff`: the player's time to first frame and JS size alone (the same measurement `npm run bench`
// makes at its end): builds the app (or reuses bench/.work/build), starts it with demo content, and writes
// bench/results/<date>-ttff.json + .md. See docs/benchmarks.md.
import "./lib/quiet";
import fs from "node:fs";
import path from "node:path";
import { logger } from "../server/logger";
import { outStem } from "./lib/args";
import { appVersion, buildApp } from "./lib/build";
import { cleanup, installSignalHandlers } from "./lib/cleanup";
import { measureTtff, renderTtffMarkdown, TTFF_BUDGET_MS } from "./lib/ttff";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORK = path.join(ROOT, "bench", ".work");
const BUILD_DIR = "bench/.work/build";
const BUILD_INFO = path.join(WORK, "build-info.json");
const HELP = `npm run bench:ttff -- [--runs N] [--skip-build] [--out NAME]
  --runs N       measured plays, cold and after a hover each (default 7)
  --skip-build   reuse bench/.work/build
  --out NAME     results file stem under bench/results (default YYYY-MM-DD-ttff)`;

const t0 = Date.now();
const log = (msg: string) => console.log(`[ttff +${Math.round((Date.now() - t0) / 1000)}s] ${msg}`);

async function main(): Promise<number> {
  installSignalHandlers(() => {
    logger.level = "silent";
  });
  const argv = process.argv.slice(2);
  let runs = 7;
  let skipBuild = false;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? "";
    if (flag === "--runs") runs = Number(value());
    else if (flag === "--skip-build") skipBuild = true;
    else if (flag === "--out") out = value();
    else if (flag === "--help" || flag === "-h") {
      console.log(HELP);
      return 0;
    } else throw new Error(`unknown flag ${flag}\n${HELP}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs needs a positive integer");
  if (out !== undefined) outStem(out);
  if (Number(process.versions.node.split(".")[0]) < 24)
    throw new Error("run through `npm run bench:ttff` so the project's Node 24 is used");
  fs.mkdirSync(WORK, { recursive: true });
  if (skipBuild && fs.existsSync(path.join(ROOT, BUILD_DIR, "server/index.js"))) log(`reusing the build in ${BUILD_DIR}`);
  else {
    log(`building the app into ${BUILD_DIR}...`);
    const version = appVersion(ROOT);
    const { seconds } = await buildApp(ROOT, BUILD_DIR);
    fs.writeFileSync(BUILD_INFO, `${JSON.stringify({ ...version, builtAt: new Date().toISOString() }, null, 2)}\n`);
    log(`built in ${seconds.toFixed(1)} s`);
  }
  const app = fs.existsSync(BUILD_INFO) ? JSON.parse(fs.readFileSync(BUILD_INFO, "utf8")) : { commit: "unknown", changedFiles: [] };
  const startedAt = new Date();
  const ttff = await measureTtff({ root: ROOT, buildDir: BUILD_DIR, workDir: WORK, runs, log });
  const stem = out ?? `${startedAt.toISOString().slice(0, 10)}-ttff`;
  const command = `npm run bench:ttff${argv.length ? ` -- ${argv.join(" ")}` : ""}`;
  const results = path.join(ROOT, "bench", "results");
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, `${stem}.json`), `${JSON.stringify({ schema: 1, startedAt, command, app, ttff }, null, 2)}\n`);
  const md = [
    `# Player benchmark ${startedAt.toISOString().slice(0, 10)}`,
    "",
    `Command: \`${command}\` · started ${startedAt.toISOString()} · code: commit ${String(app.commit).slice(0, 12)}${app.changedFiles?.length ? ` plus ${app.changedFiles.length} uncommitted file(s)` : ""}.`,
    "",
    renderTtffMarkdown(ttff),
  ].join("\n");
  fs.writeFileSync(path.join(results, `${stem}.md`), `${md}\n`);
  log(`wrote bench/results/${stem}.json and .md`);
  log(
    `time to first frame: median ${ttff.medianMs} ms, worst ${ttff.maxMs} ms (budget ${TTFF_BUDGET_MS} ms); player JS ${(ttff.playerJsTransferBytes / 1000).toFixed(1)} KB as transferred`,
  );
  return ttff.maxMs <= TTFF_BUDGET_MS && ttff.hlsReferencedBy.every((f) => f.startsWith("video-")) ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`[ttff] ERROR: ${(err as Error).stack ?? err}`);
} finally {
  await cleanup();
}
process.exit(code);
