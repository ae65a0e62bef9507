// `npm run security`: the attacker's checklist run against the built site (docs/security.md, "The scan").
// npm audit, then the production build on its own port and data dir, wapiti as a visitor, a user and an
// admin, sqlmap on every parameter that reaches SQL, and two probes the scanners lack (open redirects with
// normalised targets, cross-site POSTs). Reports go to security-report/ (git-ignored).
// Exit 0: no medium or worse finding outside docs/security.md's exceptions; 1: there are some;
// 2: a scan could not run or was cut short (its silence proves nothing).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { npmAudit } from "./audit";
import { atLeastMedium, dedupe, exceptionFor, type Finding, parseExceptions, type ScanException, SEVERITIES } from "./findings";
import { gatherFixtures } from "./fixtures";
import { crossSiteProbes, HOSTILE_TARGETS, redirectProbes } from "./probes";
import { onPath } from "./processes";
import { AGE_COOKIE, makeAdmin, type Session, signIn, stillSignedIn } from "./sessions";
import { buildIfNeeded, portTaken, startSite } from "./site";
import { runSqlmap, type SqlmapResult, sqlmapRuns } from "./sqlmap";
import { cookieFor, type Fixtures, sqlmapTargets } from "./sqlmap-targets";
import { startSsrfEndpoint } from "./ssrf-endpoint";
import { runWapiti, type WapitiResult, type WapitiScan } from "./wapiti";

const ALL = ["audit", "visitor", "user", "admin", "sqlmap", "probes"] as const;
const { values } = parseArgs({
  options: {
    only: { type: "string", default: ALL.join(",") },
    "keep-data": { type: "boolean", default: false },
  },
});
const only = new Set(values.only.split(","));

process.chdir(path.resolve(import.meta.dirname, "../.."));
const reportDir = path.resolve("security-report");
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });
const exceptions = parseExceptions(fs.readFileSync("docs/security.md", "utf8"));
const findings: Finding[] = [];
const incomplete: string[] = [];
const notes: string[] = [];
const started = Date.now();
const say = (line: string) => console.log(`[security ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

if (only.has("audit")) {
  say("npm audit --omit=dev");
  const audit = npmAudit();
  if (audit.ran) findings.push(...audit.findings);
  else notes.push(`npm audit: NOT RUN, the registry's advisory service did not answer (${audit.reason})`);
}

const wapitiScans = (["visitor", "user", "admin"] as const).filter((s) => only.has(s));
if (wapitiScans.length || only.has("sqlmap") || only.has("probes")) await scanSite();
report();

async function scanSite(): Promise<void> {
  execFileSync("bash", ["scripts/ensure-debian-tools.sh", "wapiti", "sqlmap"], { stdio: "inherit" });
  for (const tool of ["wapiti", "sqlmap"]) if (!onPath(tool)) throw new Error(`${tool} is not installed`);
  const port = Number(process.env.SECURITY_PORT ?? 3811);
  if (await portTaken(port)) throw new Error(`port ${port} is taken; set SECURITY_PORT to a free one`);
  const buildDir = process.env.BUILD_DIR ?? "build";
  buildIfNeeded(buildDir, path.join(reportDir, "build.log"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-security-"));
  say(`starting the built site (${buildDir}) on 127.0.0.1:${port}, data in ${dataDir}`);
  const site = await startSite({ port, dataDir, buildDir, logFile: path.join(reportDir, "site.log") });
  const ssrf = await startSsrfEndpoint();
  const stopAll = async () => {
    await site.stop();
    await ssrf.close();
    if (!values["keep-data"]) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  try {
    // Each scanner has accounts of its own: wapiti's end their sessions on purpose at the end (csrf).
    const accounts = async (tag: string) => {
      const user = await signIn(site.origin, dataDir, `scan-${tag}-user@example.com`);
      const admin = await signIn(site.origin, dataDir, `scan-${tag}-admin@example.com`);
      makeAdmin(dataDir, admin.email);
      return { user, admin };
    };
    const wapitiAccounts = await accounts("wapiti");
    const sqlmapAccounts = await accounts("sqlmap");
    say("signed in a user and an admin for each scanner (e-mail codes from the outbox, the admin by npm run cli)");
    const fixtures = await gatherFixtures(site.origin, sqlmapAccounts.user, sqlmapAccounts.admin);
    // sqlmap waits on the site and on its time-based probes far more than it computes, and wapiti is bound
    // by its own time limits, so the two run side by side.
    const [wapiti, sqlmap] = await Promise.all([
      runWapitiScans(site.origin, wapitiAccounts, fixtures, ssrf.url),
      (async () => {
        const results = only.has("sqlmap") ? await runSqlmapTargets(site.origin, sqlmapAccounts, fixtures) : [];
        // Last: a cross-site sign-out that is wrongly accepted would end sqlmap's session.
        if (only.has("probes")) await runProbes(site.origin, sqlmapAccounts, fixtures);
        return results;
      })(),
    ]);
    if (ssrf.hits() > 0) notes.push(`the SSRF endpoint was reached ${ssrf.hits()} times (see wapiti's SSRF findings)`);
    writeScanDetails(wapiti, sqlmap);
  } finally {
    say("stopping the site");
    await stopAll();
  }
}

async function runWapitiScans(
  origin: string,
  sessions: { user: Session; admin: Session },
  f: Fixtures,
  ssrfEndpoint: string,
): Promise<WapitiResult[]> {
  const results: WapitiResult[] = [];
  const at = (...paths: string[]) => paths.map((p) => `${origin}${p}`);
  // Start URLs are attacked first (wapiti attacks in crawl order): one page of each template, then what the
  // crawl adds within --max-files-per-dir (more videos, categories and posts of the same templates).
  const plan: Record<(typeof wapitiScans)[number], WapitiScan> = {
    // Every public page and form, without the age cookie so that the gate's form is on every page; the
    // passive checks (headers, CSP, cookies) run here.
    visitor: {
      as: "visitor",
      base: `${origin}/`,
      start: at(
        `/search?q=${f.searchTerm}`,
        "/login?redirectTo=%2Ffavorites",
        "/contact",
        `/video/${f.videoId}?comments=50`,
        `/category/${f.categorySlug}?page=1`,
        "/blog?page=1",
        `/blog/${f.blogSlug}`,
        "/faq",
        "/values",
        "/career",
        "/terms",
        "/privacy",
        "/our-values",
        "/privacy-policy",
        "/robots.txt",
        "/sitemap.xml",
        "/blog/feed.xml",
      ),
      cookie: "",
      modules: "common,crlf,methods",
      crawlSeconds: 120,
      moduleSeconds: 45,
      maxFilesPerDir: 30,
      depth: 3,
    },
    // What only a signed-in user has: comments, likes, favorites, history, settings.
    user: {
      as: "user",
      base: `${origin}/`,
      start: at("/settings", "/history", "/favorites", "/profile", `/video/${f.videoId}?comments=50&replyTo=${f.commentId}`),
      cookie: `${sessions.user.cookie}; ${AGE_COOKIE}`,
      modules: "xss,permanentxss,sql,blindsql,exec,file,redirect,crlf",
      crawlSeconds: 60,
      moduleSeconds: 30,
      maxFilesPerDir: 10,
      depth: 2,
    },
    // The console: every section, its filters and forms.
    admin: {
      as: "admin",
      base: `${origin}/admin/`,
      start: at(
        "/admin/?period=30",
        "/admin/users?q=scan&page=1",
        "/admin/audit?action=user.&actor=scan&page=1",
        "/admin/comments?video=a&user=scan&page=1",
        "/admin/messages?q=scan&page=1",
        `/admin/messages/${f.messageId}`,
        "/admin/videos?q=a&visibility=all&page=1",
        `/admin/videos/${f.videoId}`,
        "/admin/videos/new",
        "/admin/blog?page=1",
        `/admin/blog/${f.postId}`,
        "/admin/blog/new",
        "/admin/categories",
        "/admin/ads",
      ),
      cookie: `${sessions.admin.cookie}; ${AGE_COOKIE}`,
      modules: "xss,permanentxss,sql,blindsql,exec,file,redirect,crlf,ssrf",
      crawlSeconds: 90,
      moduleSeconds: 40,
      maxFilesPerDir: 60,
      depth: 3,
    },
  };
  for (const as of wapitiScans) {
    say(`wapiti as ${as}`);
    const session = as === "visitor" ? undefined : sessions[as];
    const result = await runWapiti(plan[as], {
      origin,
      reportDir,
      ssrfEndpoint,
      afterMain: async () =>
        session && !(await stillSignedIn(origin, session)) ? `wapiti (${as}) lost its session before the csrf run` : undefined,
    });
    say(
      `wapiti as ${as}: ${result.resources} URLs and forms, ${result.findings.length} findings${result.cappedModules.length ? `, time-capped: ${result.cappedModules.join(", ")}` : ""}`,
    );
    findings.push(...result.findings);
    incomplete.push(...result.errors);
    results.push(result);
  }
  return results;
}

async function runSqlmapTargets(origin: string, sessions: { user: Session; admin: Session }, fixtures: Fixtures): Promise<SqlmapResult[]> {
  // The console's rows first: wapiti's admin scan starts later and may delete what they name (a message, a
  // category), since its modules post the console's delete forms with one field changed at a time.
  const order = { admin: 0, user: 1, visitor: 2 };
  const runs = sqlmapTargets(origin, fixtures)
    .flatMap(sqlmapRuns)
    .sort((a, b) => order[a.as] - order[b.as]);
  say(`sqlmap: ${runs.length} requests, ${runs.reduce((n, r) => n + Math.max(1, r.params.length), 0)} injection points`);
  const results: SqlmapResult[] = [];
  for (const [index, target] of runs.entries()) {
    const result = await runSqlmap(target, cookieFor(target, sessions), { reportDir, seconds: 150, index });
    if (result.outcome !== "not injectable") say(`sqlmap ${target.name} (${target.as}): ${result.outcome} ${result.reason}`);
    findings.push(...result.findings);
    if (result.outcome === "not tested") incomplete.push(`sqlmap ${target.name} (${target.as}) not tested: ${result.reason}`);
    results.push(result);
  }
  for (const [as, session] of Object.entries(sessions))
    if (!(await stillSignedIn(origin, session))) incomplete.push(`sqlmap's ${as} session ended during the scan`);
  say(
    `sqlmap: ${results.filter((r) => r.outcome === "not injectable").length} of ${results.length} requests tested, none injectable unless listed`,
  );
  return results;
}

async function runProbes(origin: string, sessions: { user: Session; admin: Session }, fixtures: Fixtures): Promise<void> {
  const redirects = await redirectProbes(origin, sessions.user, fixtures.videoId);
  say(`probes: ${HOSTILE_TARGETS.length} hostile redirect targets at each redirecting place: ${redirects.length} left the site`);
  const crossSite = await crossSiteProbes(origin, sqlmapTargets(origin, fixtures), sessions);
  say(`probes: every POST sent from another site: ${crossSite.length} accepted`);
  findings.push(...redirects, ...crossSite);
}

function writeScanDetails(wapiti: WapitiResult[], sqlmap: SqlmapResult[]): void {
  const lines = ["# What was scanned", ""];
  for (const w of wapiti)
    lines.push(
      `- wapiti as ${w.as}: ${w.resources} URLs and forms; runs ${w.runs.map((r) => `${r.seconds} s`).join(" + ")}` +
        `${w.cappedModules.length ? `; modules stopped at their time bound: ${w.cappedModules.join(", ")}` : ""} (${path.relative(reportDir, w.report)})`,
    );
  lines.push("", "| sqlmap request | as | outcome | command |", "|---|---|---|---|");
  for (const s of sqlmap) lines.push(`| ${s.target} | ${s.as} | ${s.outcome} ${s.reason} | \`${s.command.replaceAll("|", "\\|")}\` |`);
  fs.writeFileSync(path.join(reportDir, "scanned.md"), `${lines.join("\n")}\n`);
}

function report(): void {
  const all = dedupe(findings);
  const rows = all
    .map((f) => ({ f, exception: exceptionFor(f, exceptions) }))
    .sort((a, b) => SEVERITIES.indexOf(b.f.severity) - SEVERITIES.indexOf(a.f.severity));
  const open = rows.filter((r) => atLeastMedium(r.f) && !r.exception);
  fs.writeFileSync(
    path.join(reportDir, "findings.json"),
    JSON.stringify(
      rows.map((r) => ({ ...r.f, exception: r.exception?.id ?? null })),
      null,
      2,
    ),
  );
  fs.writeFileSync(path.join(reportDir, "summary.md"), summaryMarkdown(rows, open.length));
  console.log("");
  console.log("Findings by severity (medium and above must be fixed or be a documented exception in docs/security.md):");
  for (const severity of [...SEVERITIES].reverse()) {
    const at = rows.filter((r) => r.f.severity === severity);
    if (!at.length) continue;
    const excepted = at.filter((r) => r.exception).length;
    console.log(`  ${severity.padEnd(8)} ${String(at.length).padStart(4)}  (${excepted} documented exceptions)`);
  }
  for (const { f } of open) {
    console.log(
      `\n  OPEN ${f.severity.toUpperCase()} [${f.scanner}, as ${f.as}] ${f.category}: ${f.method} ${f.path} ${f.parameter ? `(${f.parameter})` : ""}`,
    );
    console.log(`    ${f.info.split("\n")[0]}`);
    if (f.request) console.log(f.request.replace(/^/gm, "      "));
  }
  for (const note of notes) console.log(`\n  note: ${note}`);
  for (const why of incomplete) console.log(`\n  INCOMPLETE: ${why}`);
  console.log(`\nReports: ${path.relative(process.cwd(), reportDir)}/ (summary.md, findings.json, scanned.md, one folder per scan)`);
  process.exitCode = open.length ? 1 : incomplete.length ? 2 : 0;
  console.log(
    open.length
      ? `${open.length} open medium or worse findings.`
      : incomplete.length
        ? "No open findings, but the scan is incomplete."
        : "Clean.",
  );
}

function summaryMarkdown(rows: { f: Finding; exception?: ScanException }[], openCount: number): string {
  const lines = [
    "# Security scan",
    "",
    `${new Date().toISOString()}: ${openCount} open medium or worse findings.`,
    "",
    ...notes.map((n) => `- note: ${n}`),
    ...incomplete.map((i) => `- INCOMPLETE: ${i}`),
    "",
    "| severity | scanner | as | finding | request | parameter | exception |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const { f, exception } of rows)
    lines.push(
      `| ${f.severity} | ${f.scanner} | ${f.as} | ${f.category} | ${f.method} ${f.path} | ${f.parameter} | ${exception?.id ?? (atLeastMedium(f) ? "**OPEN**" : "")} |`,
    );
  lines.push("", "## Requests of the open findings", "");
  for (const { f } of rows.filter((r) => atLeastMedium(r.f) && !r.exception))
    lines.push(`### ${f.severity}: ${f.category}, ${f.method} ${f.path} (${f.parameter})`, "", f.info, "", "```http", f.request, "```", "");
  return `${lines.join("\n")}\n`;
}
