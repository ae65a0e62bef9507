// `npm run bench:lighthouse`: builds the app (or reuses bench/.work/build), starts it on a fresh data dir with
// demo content, runs Lighthouse (mobile, default simulated throttling) on the main pages several times and
// writes bench/results/<date>-lighthouse.json + .md with the medians. See docs/benchmarks.md.
import "./lib/quiet";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { logger } from "../server/logger";
import { outStem } from "./lib/args";
import { appVersion, buildApp } from "./lib/build";
import { cleanup, installSignalHandlers } from "./lib/cleanup";
import { runLighthouseSuite } from "./lib/lighthouse";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORK = path.join(ROOT, "bench", ".work");
const BUILD_DIR = "bench/.work/build";
const BUILD_INFO = path.join(WORK, "build-info.json");

const HELP = `npm run bench:lighthouse -- [flags]
  --runs N        Lighthouse runs per page; the median is reported (default 3)
  --skip-build    reuse bench/.work/build from an earlier run
  --port N        port of the app server (default: a free loopback port)
  --out NAME      results file stem under bench/results (default YYYY-MM-DD-lighthouse)
  --pages a,b     only these pages (keys: home, category, video, search, blog, blog-post, playlist,
                  playlist-owner, playlists, settings, home-first-visit, and de-/ar- home, category, video)
  --devtools      throttle the real page load (Lighthouse throttlingMethod "devtools") instead of simulating it`;

const t0 = Date.now();
const log = (msg: string) => console.log(`[lighthouse +${Math.round((Date.now() - t0) / 1000)}s] ${msg}`);

async function main(): Promise<number> {
  installSignalHandlers(() => {
    logger.level = "silent";
  });
  const argv = process.argv.slice(2);
  let runs = 3;
  let skipBuild = false;
  let port: number | undefined;
  let out: string | undefined;
  let only: string[] | undefined;
  let devtools = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? "";
    if (flag === "--runs") runs = Number(value());
    else if (flag === "--skip-build") skipBuild = true;
    else if (flag === "--port") port = Number(value());
    else if (flag === "--out") out = value();
    else if (flag === "--pages") only = value().split(",");
    else if (flag === "--devtools") devtools = true;
    else if (flag === "--help" || flag === "-h") {
      console.log(HELP);
      return 0;
    } else throw new Error(`unknown flag ${flag}\n${HELP}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs needs a positive integer");
  if (port !== undefined && (!Number.isInteger(port) || port <= 0 || port > 65535)) throw new Error("--port needs a port number");
  if (out !== undefined) outStem(out);
  if (Number(process.versions.node.split(".")[0]) < 24)
    throw new Error("run through `npm run bench:lighthouse` so the project's Node 24 is used");
  fs.mkdirSync(WORK, { recursive: true });
  // Debian's Chromium, as `npm run bench` and the tests install it, unless CHROME_PATH names another.
  if (!process.env.CHROME_PATH) execFileSync("bash", ["scripts/ensure-debian-tools.sh", "chromium"], { cwd: ROOT, stdio: "inherit" });

  if (skipBuild && fs.existsSync(path.join(ROOT, BUILD_DIR, "server/index.js"))) {
    log(`reusing the build in ${BUILD_DIR}`);
  } else {
    log(`building the app into ${BUILD_DIR} (npm run build: Vite + precompressed files)...`);
    const version = appVersion(ROOT);
    const { seconds } = await buildApp(ROOT, BUILD_DIR);
    fs.writeFileSync(BUILD_INFO, `${JSON.stringify({ ...version, builtAt: new Date().toISOString() }, null, 2)}\n`);
    log(`built in ${seconds.toFixed(1)} s`);
  }
  // A build made outside the bench (`BUILD_DIR=bench/.work/build npm run build`) is newer than the bench's record of
  // its own last build: that record would name the wrong commit.
  const builtAt = fs.statSync(path.join(ROOT, BUILD_DIR, "server/index.js")).mtimeMs;
  const app =
    fs.existsSync(BUILD_INFO) && fs.statSync(BUILD_INFO).mtimeMs >= builtAt
      ? (JSON.parse(fs.readFileSync(BUILD_INFO, "utf8")) as { commit: string; changedFiles: string[] })
      : { commit: "unknown (built outside the bench)", changedFiles: [] };

  const report = await runLighthouseSuite({
    root: ROOT,
    buildDir: BUILD_DIR,
    workDir: WORK,
    resultsDir: path.join(ROOT, "bench", "results"),
    stem: out ?? `${new Date().toISOString().slice(0, 10)}-lighthouse`,
    runs,
    ...(port ? { port } : {}),
    ...(only ? { only } : {}),
    ...(devtools ? { throttlingMethod: "devtools" as const } : {}),
    command: `npm run bench:lighthouse${argv.length ? ` -- ${argv.join(" ")}` : ""}`,
    app: { commit: app.commit, changedFiles: app.changedFiles },
    log,
  });
  for (const p of report.pages) {
    const m = p.median;
    log(
      `${p.key.padEnd(17)} perf ${m.scores.performance} a11y ${m.scores.accessibility} bp ${m.scores["best-practices"]} seo ${m.scores.seo} ` +
        `LCP ${m.lcpMs} FCP ${m.fcpMs} CLS ${m.cls} TBT ${m.tbtMs} SI ${m.speedIndexMs} total ${((m.transfer.total ?? 0) / 1000).toFixed(1)} KB`,
    );
  }
  const missed = report.targets.filter((t) => !t.met);
  log(missed.length ? `${missed.length} target(s) missed` : "every target met");
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`[lighthouse] ERROR: ${(err as Error).stack ?? err}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
