import fs from "node:fs";
import path from "node:path";
import type { Finding } from "./findings";
import { quoteArg, runBounded } from "./processes";
import type { SqlmapTarget } from "./sqlmap-targets";

export type SqlmapOutcome = "not injectable" | "INJECTABLE" | "not tested";

export interface SqlmapResult {
  target: string;
  as: string;
  command: string;
  outcome: SqlmapOutcome;
  /** Why it was not tested (the baseline request failed, sqlmap stopped, ran out of time). */
  reason: string;
  findings: Finding[];
}

/**
 * Bounded sqlmap settings: level 2 (more payloads per technique), risk 1 (no OR-based or heavy queries
 * that could change many rows), PostgreSQL only, 2 s time-based delays. `xforwardedfor` gives each
 * request its own forwarded address (the site trusts X-Forwarded-For from loopback), so per-address
 * rate limits (sign-in 15 per 5 minutes, contact 5 per 10 minutes) do not turn the payloads into 429s
 * that would test nothing; per-account limits (10 comments a minute) still apply.
 */
const SQLMAP_OPTIONS = [
  "--batch",
  "--level=2",
  "--risk=1",
  "--dbms=PostgreSQL",
  "--time-sec=2",
  "--timeout=10",
  "--retries=1",
  "--tamper=xforwardedfor",
  "--flush-session",
  "--disable-coloring",
  "-v",
  "1",
];

/** A row with a path marker runs twice: the path alone, then its listed parameters without the marker. */
export function sqlmapRuns(target: SqlmapTarget): SqlmapTarget[] {
  if (!target.url.includes("*") || target.params.length === 0) return [target];
  return [
    { ...target, name: `${target.name} (path)`, params: [] },
    { ...target, url: target.url.replace("*", "") },
  ];
}

export async function runSqlmap(
  target: SqlmapTarget,
  cookie: string,
  options: { reportDir: string; seconds: number; index: number },
): Promise<SqlmapResult> {
  const dir = path.join(options.reportDir, "sqlmap", `${String(options.index).padStart(2, "0")}-${target.name.replace(/\W+/g, "-")}`);
  fs.mkdirSync(dir, { recursive: true });
  const logFile = path.join(dir, "sqlmap.log");
  const traffic = path.join(dir, "traffic.txt");
  const baseline = await fetch(target.url.replace("*", ""), {
    method: target.data === undefined ? "GET" : "POST",
    headers: { cookie, ...(target.data !== undefined ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: target.data,
    redirect: "manual",
  });
  await baseline.arrayBuffer();
  const args = [
    "-u",
    target.url,
    ...(target.data !== undefined ? ["--data", target.data] : []),
    ...(target.params.length && !target.url.includes("*") ? ["-p", target.params.join(",")] : []),
    "--cookie",
    cookie,
    ...SQLMAP_OPTIONS,
    // A refusal of the valid request (a wrong sign-in code, a forged view token) is its normal answer,
    // which sqlmap compares against.
    ...(baseline.status >= 400 ? [`--ignore-code=${baseline.status}`] : []),
    "--output-dir",
    path.join(dir, "output"),
    "-t",
    traffic,
  ];
  const base = { target: target.name, as: target.as, command: ["sqlmap", ...args].map(quoteArg).join(" ") };
  // A missing page, a rate limit or a failure of the valid request: nothing would be tested.
  if ([401, 404, 405, 429].includes(baseline.status) || baseline.status >= 500)
    return { ...base, outcome: "not tested", reason: `the request itself answered ${baseline.status}`, findings: [] };
  const run = await runBounded("sqlmap", args, { seconds: options.seconds, logFile });
  const log = fs.readFileSync(logFile, "utf8");
  const findings = [...injectionFindings(log, target), ...serverErrorFindings(log, traffic, target)];
  if (findings.some((f) => f.category === "SQL injection")) return { ...base, outcome: "INJECTABLE", reason: "", findings };
  if (run.timedOut) return { ...base, outcome: "not tested", reason: `stopped after ${run.seconds} s`, findings };
  if (/do not appear to be injectable/.test(log)) return { ...base, outcome: "not injectable", reason: rateLimited(log), findings };
  const last = [...log.matchAll(/\[(CRITICAL|ERROR)\] (.*)/g)].at(-1)?.[2] ?? `sqlmap exited with ${run.code}`;
  return { ...base, outcome: "not tested", reason: last, findings };
}

/** The method and path a finding about `target` names (its URL without sqlmap's `*` injection mark). */
function targetRequest(target: SqlmapTarget): { method: "GET" | "POST"; path: string } {
  return { method: target.data === undefined ? "GET" : "POST", path: new URL(target.url.replace("*", "")).pathname };
}

/** sqlmap's "identified the following injection point(s)" block: one finding per parameter. */
export function injectionFindings(log: string, target: SqlmapTarget): Finding[] {
  const block = /identified the following injection point\(s\)[^\n]*\n---\n([\s\S]*?)\n---/.exec(log)?.[1];
  if (!block) return [];
  return block
    .split(/\n(?=Parameter: )/)
    .filter((part) => part.startsWith("Parameter: "))
    .map((part) => {
      const [, parameter = "", place = ""] = /^Parameter: (.+?) \((\w+)\)/.exec(part) ?? [];
      const payload = /Payload: (.*)/.exec(part)?.[1] ?? "";
      return {
        scanner: "sqlmap",
        as: target.as,
        severity: "high" as const,
        category: "SQL injection",
        ...targetRequest(target),
        parameter: `${parameter} (${place})`,
        info: part.trim(),
        request: payload,
      };
    });
}

/**
 * A 500 is always a bug (docs/architecture.md "Conventions"): sqlmap lists the status codes it met; the request of each 500 is
 * taken from its traffic file.
 */
export function serverErrorFindings(log: string, trafficFile: string, target: SqlmapTarget): Finding[] {
  if (!/HTTP error codes detected during run:[\s\S]*?\b5\d\d \(/.test(log)) return [];
  const traffic = fs.existsSync(trafficFile) ? fs.readFileSync(trafficFile, "utf8") : "";
  const exchanges = traffic.split(/\n(?=HTTP request \[#\d+\]:)/);
  const failing = exchanges.filter((e) => /HTTP response \[#\d+\] \(5\d\d/.test(e));
  const requests = failing.map((e) => (/HTTP request \[#\d+\]:\n([\s\S]*?)\n\nHTTP response/.exec(e)?.[1] ?? e).trim());
  return (requests.length ? requests.slice(0, 3) : ["(see the sqlmap log)"]).map((request) => ({
    scanner: "sqlmap",
    as: target.as,
    severity: "medium" as const,
    category: "HTTP 500 under injection payloads",
    ...targetRequest(target),
    parameter: target.params.join(", ") || "path",
    info: 'The site answered 500 to a request sqlmap sent (docs/architecture.md "Conventions": bad input gets a clear 4xx).',
    request,
  }));
}

/** Payloads a per-account limit answered (10 comments a minute...) reached no SQL: said, not hidden. */
export function rateLimited(log: string): string {
  const times = /\b429 \(Too Many Requests\) - (\d+) times/.exec(log)?.[1];
  return times ? `(${times} payloads answered 429 by a per-account rate limit and reached no SQL)` : "";
}
