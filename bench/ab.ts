// `npm run bench:ab -- --base <rev> [--rounds 4] [--duration 8] [--warmup 2] [--connections 10] [--pages home,category,video] [--head <rev>] [--base-locale <l>] [--head-locale <l>] [--base-env K=V] [--head-env K=V] [--out <stem>]`:
// is a change in the cached pages' figures between two bench runs the code or the machine? Builds <rev> (in a
// git worktree under bench/.work/ab) and the working tree, starts both with demo content side by side, and loads
// each cached page on one, then the other, alternating which goes first, for several rounds: both sides see the
// same minutes of a shared machine. `--base-env`/`--head-env` (repeatable) start one side with a setting changed, so
// one build can be compared with itself under two settings (`--base HEAD --base-env PAGE_CACHE_TTL_MS=60000`). Writes bench/results/<stem>.json + .md. See docs/benchmarks.md.
import "./lib/quiet";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, localizePath } from "../core/locales";
import { type AppServer, startAppServer } from "./lib/app-server";
import { buildApp, commitOf } from "./lib/build";
import { installSignalHandlers, onCleanup, runScript } from "./lib/cleanup";
import { type HttpLoadResult, loadUrl } from "./lib/http-load";
import { round } from "./lib/stats";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORK = path.join(ROOT, "bench", ".work", "ab");
const log = (msg: string) => console.log(`[ab] ${msg}`);

const PAGES = ["home", "category", "video"] as const;

interface Args {
  base: string;
  /** A revision instead of the working tree. */
  head: string;
  rounds: number;
  duration: number;
  warmup: number;
  connections: number;
  pages: (typeof PAGES)[number][];
  /** Each side's pages in this language (core/locales.ts; English by default): the same build in English and German. */
  baseLocale: Locale;
  headLocale: Locale;
  /** Environment variables one side starts with, on top of the bench's own. */
  baseEnv: Record<string, string>;
  headEnv: Record<string, string>;
  out: string;
}

function parse(argv: string[]): Args {
  const args: Args = {
    base: "",
    head: "",
    rounds: 4,
    duration: 8,
    warmup: 2,
    connections: 10,
    pages: [...PAGES],
    baseLocale: DEFAULT_LOCALE,
    headLocale: DEFAULT_LOCALE,
    baseEnv: {},
    headEnv: {},
    out: "",
  };
  const setting = (flag: string | undefined, value: string | undefined): [string, string] => {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(value ?? "");
    if (!match) throw new Error(`${flag} needs NAME=value`);
    return [match[1]!, match[2]!];
  };
  const locale = (flag: string | undefined, value: string | undefined): Locale => {
    if (!isLocale(value)) throw new Error(`${flag} needs one of ${LOCALES.join(", ")}`);
    return value;
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    const number = () => {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} needs a positive number`);
      return n;
    };
    switch (flag) {
      case "--base":
        args.base = value ?? "";
        break;
      case "--head":
        args.head = value ?? "";
        break;
      case "--rounds":
        args.rounds = number();
        break;
      case "--duration":
        args.duration = number();
        break;
      case "--warmup":
        args.warmup = number();
        break;
      case "--connections":
        args.connections = number();
        break;
      case "--pages": {
        const pages = (value ?? "").split(",");
        const unknown = pages.filter((p) => !(PAGES as readonly string[]).includes(p));
        if (unknown.length) throw new Error(`--pages: ${unknown.join(", ")}? (${PAGES.join(", ")})`);
        args.pages = pages as Args["pages"];
        break;
      }
      case "--base-locale":
        args.baseLocale = locale(flag, value);
        break;
      case "--head-locale":
        args.headLocale = locale(flag, value);
        break;
      case "--base-env":
      case "--head-env": {
        const [name, setTo] = setting(flag, value);
        (flag === "--base-env" ? args.baseEnv : args.headEnv)[name] = setTo;
        break;
      }
      case "--out":
        if (!value || !/^[\w.-]+$/.test(value)) throw new Error("--out needs a file name stem ([A-Za-z0-9_.-])");
        args.out = value;
        break;
      default:
        throw new Error(`unknown flag ${flag} (see the first lines of bench/ab.ts)`);
    }
  }
  if (!args.base) throw new Error("--base <rev> names the revision to compare the working tree with");
  return args;
}

/** The package-lock.json of `rev`, or of the working tree. */
const lockOf = (rev?: string) =>
  rev
    ? execFileSync("git", ["show", `${rev}:package-lock.json`], { cwd: ROOT, encoding: "utf8", maxBuffer: 64e6 })
    : fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8");

/** A detached worktree of `rev` sharing this checkout's node_modules. */
function worktreeOf(rev: string): { dir: string; commit: string } {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${rev}^{commit}`], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = path.join(WORK, commit.slice(0, 10));
  if (!fs.existsSync(path.join(dir, ".git"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    execFileSync("git", ["worktree", "add", "--detach", dir, commit], { cwd: ROOT, stdio: "ignore" });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  }
  return { dir, commit };
}

/**
 * The cached pages of the bench's figures on one side: home, and its first links to a category and to a video
 * (each demo start makes its own ids, so each side has its own addresses for the same pages).
 */
async function cachedPages(origin: string, locale: Locale): Promise<Record<(typeof PAGES)[number], string>> {
  const html = await (await fetch(`${origin}/`)).text();
  const first = (prefix: string) => html.match(new RegExp(`href="(${prefix}[^"?#]+)"`))?.[1];
  const [category, video] = [first("/category/"), first("/video/")];
  if (!category || !video) throw new Error(`the demo home page at ${origin} links no category or no video`);
  return { home: localizePath(locale, "/"), category: localizePath(locale, category), video: localizePath(locale, video) };
}

interface Side {
  label: string;
  commit: string;
  server: AppServer;
  pages: Record<(typeof PAGES)[number], string>;
}

async function main(): Promise<void> {
  installSignalHandlers();
  const args = parse(process.argv.slice(2));
  fs.mkdirSync(WORK, { recursive: true });
  execFileSync("bash", ["scripts/ensure-debian-tools.sh", "wrk"], { cwd: ROOT, stdio: "inherit" });
  // Both sides run on this checkout's node_modules: only a fair comparison when they locked the same packages.
  if (lockOf(args.base) !== lockOf(args.head || undefined))
    throw new Error("base and head lock different packages: this tool cannot compare them");
  const trees = [worktreeOf(args.base), ...(args.head ? [worktreeOf(args.head)] : [])];
  onCleanup("ab worktrees", async () => {
    for (const { dir } of trees) execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: ROOT, stdio: "ignore" });
  });
  const [base, head] = trees as [{ dir: string; commit: string }, { dir: string; commit: string } | undefined];
  const sides: Side[] = [];
  for (const [label, root, commit] of [
    ["base", base.dir, base.commit],
    head ? ["head", head.dir, head.commit] : ["head", ROOT, `${commitOf(ROOT)} (working tree)`],
  ] as const) {
    const buildDir = path.join(WORK, `build-${label}`);
    log(`${label}: building ${commit} into ${path.relative(ROOT, buildDir)}...`);
    await buildApp(root, buildDir);
    log(`${label}: starting it with demo content (embedded PostgreSQL under its own DATA_DIR)...`);
    const dataDir = path.join(WORK, `data-${label}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const env = label === "base" ? args.baseEnv : args.headEnv;
    const server = await startAppServer({
      root,
      buildDir,
      dataDir,
      env,
      logFile: path.join(WORK, `${label}.log`),
      readyTimeoutMs: 240_000,
    });
    const pages = await cachedPages(server.origin, label === "base" ? args.baseLocale : args.headLocale);
    log(`${label}: ${Object.values(pages).join(", ")}`);
    sides.push({ label, commit, server, pages });
  }
  const { pages } = args;

  const results: Record<string, Record<string, HttpLoadResult[]>> = Object.fromEntries(
    pages.map((p) => [p, Object.fromEntries(sides.map((s) => [s.label, []]))]),
  );
  for (let r = 1; r <= args.rounds; r++) {
    for (const page of pages) {
      // Alternate which side goes first, so neither always follows the other's load.
      const order = r % 2 ? sides : [...sides].reverse();
      for (const side of order) {
        const res = await loadUrl(`${side.server.origin}${side.pages[page]}`, args);
        if (res.non2xx || res.errors || res.timeouts)
          throw new Error(`${side.label} ${page}: ${JSON.stringify(res.statusCodes)}, ${res.errors} errors`);
        results[page]![side.label]!.push(res);
        log(`round ${r} ${page} ${side.label}: ${res.perSecond} req/s, p50 ${res.p50} ms, p99 ${res.p99} ms, ${res.bytesPerResponse} B`);
      }
    }
  }

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const rows = pages.map((page) => {
    const [a, b] = [results[page]!.base!, results[page]!.head!];
    const ratios = a.map((x, i) => b[i]!.perSecond / x.perSecond);
    return {
      page,
      base: { perSecond: median(a.map((x) => x.perSecond)), p99: median(a.map((x) => x.p99)), bytes: a[0]!.bytesPerResponse },
      head: { perSecond: median(b.map((x) => x.perSecond)), p99: median(b.map((x) => x.p99)), bytes: b[0]!.bytesPerResponse },
      /** head / base of each round's pair: the spread says how much of a difference the machine alone makes. */
      ratios: ratios.map((x) => round(x, 3)),
      medianRatio: round(median(ratios), 3),
    };
  });
  const stem = args.out || `${new Date().toISOString().slice(0, 10)}-ab`;
  const command = `npm run bench:ab -- ${process.argv.slice(2).join(" ")}`;
  const report = { command, at: new Date().toISOString(), base: sides[0]!.commit, head: sides[1]!.commit, args, rows, results };
  fs.writeFileSync(path.join(ROOT, "bench", "results", `${stem}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `# A/B of cached pages: ${sides[0]!.commit.slice(0, 10)} (base) and ${sides[1]!.commit} (head)`,
    "",
    `\`${command}\`, ${report.at}: both builds up with demo content at once; each round loads every page on both, in alternating order`,
    `(wrk, ${args.connections} connections, ${args.warmup} s warm-up + ${args.duration} s).`,
    ...(["base", "head"] as const).flatMap((side) => {
      const set = Object.entries(side === "base" ? args.baseEnv : args.headEnv);
      return set.length ? [`${side} started with ${set.map(([k, v]) => `\`${k}=${v}\``).join(", ")}.`] : [];
    }),
    "",
    "| page | base req/s | head req/s | base p99 ms | head p99 ms | bytes base / head | head/base per round | median |",
    "|---|---:|---:|---:|---:|---:|---|---:|",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${round(r.base.perSecond, 0)} | ${round(r.head.perSecond, 0)} | ${round(r.base.p99, 1)} | ${round(r.head.p99, 1)} | ${r.base.bytes} / ${r.head.bytes} | ${r.ratios.join(", ")} | ${r.medianRatio} |`,
    ),
    "",
  ].join("\n");
  fs.writeFileSync(path.join(ROOT, "bench", "results", `${stem}.md`), md);
  console.log(`\n${md}`);
}

runScript(main);
