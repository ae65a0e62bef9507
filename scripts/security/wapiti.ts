import fs from "node:fs";
import path from "node:path";
import { dedupe, type Finding, wapitiSeverity } from "./findings";
import { type Finished, runBounded } from "./processes";

/** One wapiti scan: who it is, where it starts and what it may touch. */
export interface WapitiScan {
  as: string;
  /** The scope: wapiti explores and attacks URLs under this folder only. */
  base: string;
  /** Extra start URLs (pages the crawler would not reach from `base` within its bounds). */
  start: string[];
  /** The requests' Cookie header (the age gate's, plus a session for signed-in scans); empty for none. */
  cookie: string;
  /** Modules of the main run (wapiti -m syntax); csrf always runs last on its own (see runWapiti). */
  modules: string;
  crawlSeconds: number;
  moduleSeconds: number;
  /** Pages explored per folder: a few videos, categories and posts stand for all of them (one template each). */
  maxFilesPerDir: number;
  depth: number;
}

export interface WapitiResult {
  as: string;
  findings: Finding[];
  /** Resources (URLs and forms) the crawl found. */
  resources: number;
  /** Modules stopped by their time bound: what they did not reach, they did not test. */
  cappedModules: string[];
  runs: Finished[];
  report: string;
  errors: string[];
}

/**
 * Python start-up code for the scanner only (PYTHONPATH), two fixes to wapiti 3.0.4 as Debian ships it:
 * - it asks chardet for the encoding of the whole page for every form it reads (about a second per
 *   100 KB page); the site always declares utf-8, so a declared encoding is used when there is one. This
 *   changes no request and no check, and makes the crawl 20-50 times faster.
 * - its `-x` patterns put `(?ms)` at the end of the regular expression, which Python 3.11 refuses, so any
 *   exclusion crashes the crawl; the same pattern with the flags first.
 */
const SITECUSTOMIZE = `import re
import requests.models
_detect = requests.models.Response.apparent_encoding.fget
def _apparent_encoding(self):
    return self.encoding or _detect(self)
requests.models.Response.apparent_encoding = property(_apparent_encoding)
import wapitiCore.net.crawler as _crawler
def _wildcard_translate(pattern):
    return re.compile("(?ms)" + ".*".join(re.escape(part) for part in pattern.split("*")) + r"\\Z")
_crawler.wildcard_translate = _wildcard_translate
`;

/** Never sent by the scanner: build files (no parameters) and sign-out (it would end the scan's session). */
const EXCLUDED = ["/assets/*", "/logout*"];

/**
 * Two runs on one stored session: the crawl and every module but csrf, then csrf alone with
 * --skip-crawl. csrf replays each form exactly as found, "sign out of every device" included, so it
 * goes last, when ending the session no longer hides anything from the other modules.
 */
export async function runWapiti(
  scan: WapitiScan,
  options: {
    origin: string;
    reportDir: string;
    ssrfEndpoint: string;
    /** Checked between the two runs: a problem that makes the main run's silence meaningless. */
    afterMain?: () => Promise<string | undefined>;
  },
): Promise<WapitiResult> {
  const dir = path.join(options.reportDir, `wapiti-${scan.as}`);
  fs.mkdirSync(dir, { recursive: true });
  const pythonDir = path.join(dir, "python");
  fs.mkdirSync(pythonDir, { recursive: true });
  fs.writeFileSync(path.join(pythonDir, "sitecustomize.py"), SITECUSTOMIZE);
  const report = path.join(dir, "report.json");
  const logFile = path.join(dir, "wapiti.log");
  const common = [
    ["-u", scan.base],
    ["--scope", "folder"],
    // wapiti 3.0.4 asks for brotli and cannot decode it: with it, it sees one unreadable page.
    ["-H", "Accept-Encoding: gzip"],
    ...(scan.cookie ? [["-H", `Cookie: ${scan.cookie}`]] : []),
    ...EXCLUDED.map((x) => ["-x", `${options.origin}${x}`]),
    ["--store-session", path.join(dir, "session")],
    ["--store-config", path.join(dir, "config")],
    ["--external-endpoint", options.ssrfEndpoint],
    ["--internal-endpoint", options.ssrfEndpoint],
    ["--max-attack-time", String(scan.moduleSeconds)],
    ["-t", "10"],
    ["--no-bugreport"],
    ["-v", "1"],
    ["-f", "json"],
  ].flat();
  const env = { ...process.env, PYTHONPATH: pythonDir, PYTHONUNBUFFERED: "1" };
  // Past the crawl and the modules' own bounds: the time of a module's last request, and the report.
  const modules = scan.modules.split(",").filter((m) => !m.startsWith("-")).length;
  const mainBound = scan.crawlSeconds + (modules + 1) * (scan.moduleSeconds + 30) + 60;
  const runs: Finished[] = [];
  const errors: string[] = [];
  const main = await runBounded(
    "wapiti",
    [
      ...common,
      ...scan.start.flatMap((s) => ["-s", s]),
      ["--flush-session"],
      ["-m", scan.modules],
      ["--max-scan-time", String(scan.crawlSeconds)],
      ["--max-files-per-dir", String(scan.maxFilesPerDir)],
      ["-d", String(scan.depth)],
      ["-o", report],
    ].flat(),
    { seconds: mainBound, logFile, env },
  );
  runs.push(main);
  if (main.timedOut) errors.push(`wapiti (${scan.as}) was stopped after ${main.seconds} s`);
  const problem = await options.afterMain?.();
  if (problem) errors.push(problem);
  const csrfReport = path.join(dir, "report-csrf.json");
  const csrf = await runBounded("wapiti", [...common, "--skip-crawl", "-m", "csrf", "-o", csrfReport], {
    seconds: scan.moduleSeconds + 120,
    logFile,
    env,
  });
  runs.push(csrf);
  if (csrf.timedOut) errors.push(`wapiti csrf (${scan.as}) was stopped after ${csrf.seconds} s`);
  const log = fs.readFileSync(logFile, "utf8");
  const findings: Finding[] = [];
  for (const file of [report, csrfReport]) {
    if (fs.existsSync(file)) findings.push(...wapitiFindings(JSON.parse(fs.readFileSync(file, "utf8")), scan.as));
    else errors.push(`wapiti (${scan.as}) wrote no ${path.basename(file)}; see ${logFile}`);
  }
  return {
    as: scan.as,
    findings: dedupe(findings),
    resources: crawledResources(log),
    cappedModules: [...new Set([...log.matchAll(/Max attack time was reached for module (\w+)/g)].map((m) => m[1] as string))],
    runs,
    report,
    errors,
  };
}

interface WapitiEntry {
  method?: string;
  path?: string;
  info?: string;
  level?: unknown;
  parameter?: string;
  http_request?: string;
}

/** The report's vulnerabilities and anomalies (errors, time-outs) as findings; additionals are information. */
export function wapitiFindings(report: Record<string, unknown>, as: string): Finding[] {
  const findings: Finding[] = [];
  for (const section of ["vulnerabilities", "anomalies"] as const) {
    const byCategory = (report[section] ?? {}) as Record<string, WapitiEntry[]>;
    for (const [category, entries] of Object.entries(byCategory)) {
      for (const entry of entries ?? []) {
        findings.push({
          scanner: "wapiti",
          as,
          severity: wapitiSeverity(entry.level),
          category,
          method: entry.method ?? "",
          path: entry.path ?? "",
          parameter: entry.parameter ?? "",
          info: (entry.info ?? "").trim(),
          request: (entry.http_request ?? "").trim(),
        });
      }
    }
  }
  return findings;
}

/** How many URLs and forms the crawl listed (`[+] GET ...` / `[+] POST ...` lines). */
function crawledResources(log: string): number {
  const crawl = log.split("[*] Saving scan state")[0] ?? "";
  return (crawl.match(/^\[\+\] (GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) /gm) ?? []).length;
}
