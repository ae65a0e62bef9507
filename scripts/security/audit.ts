// `npm audit --omit=dev` read as findings. Run directly (`tsx scripts/security/audit.ts`, as scripts/test.sh
// does), it exits 1 on any moderate or worse advisory that docs/security.md does not list as an exception.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { atLeastMedium, auditSeverity, exceptionFor, type Finding, parseExceptions } from "./findings";

export type AuditResult =
  | { ran: true; findings: Finding[] }
  /** The registry's advisory service could not be asked: no verdict either way. */
  | { ran: false; reason: string };

interface AuditVulnerability {
  name: string;
  severity: string;
  via: (string | { title?: string; url?: string; source?: number; range?: string })[];
  range?: string;
  fixAvailable?: unknown;
}

export function npmAudit(cwd = process.cwd()): AuditResult {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { cwd, encoding: "utf8", timeout: 120_000 });
  let report: { vulnerabilities?: Record<string, AuditVulnerability>; error?: unknown; message?: string; statusCode?: number };
  try {
    report = JSON.parse(run.stdout || "{}");
  } catch {
    return { ran: false, reason: `npm audit printed no report (exit ${run.status}): ${run.stderr.trim().split("\n").at(-1) ?? ""}` };
  }
  if (!report.vulnerabilities) {
    const why = report.message ?? run.stderr.trim().split("\n").at(-1) ?? `exit ${run.status}`;
    return { ran: false, reason: why };
  }
  return { ran: true, findings: auditFindings(report.vulnerabilities) };
}

/** One finding per vulnerable package (npm lists a package once, with every advisory that reaches it). */
export function auditFindings(vulnerabilities: Record<string, AuditVulnerability>): Finding[] {
  return Object.values(vulnerabilities).map((v) => {
    const advisories = v.via.filter((x) => typeof x === "object");
    const through = v.via.filter((x) => typeof x === "string");
    return {
      scanner: "npm audit",
      as: "dependencies",
      severity: auditSeverity(v.severity),
      category: v.name,
      method: "",
      path: advisories.map((a) => a.url ?? "").join(" ") || `via ${through.join(", ")}`,
      parameter: v.range ?? "",
      info: advisories.map((a) => `${a.title ?? ""} (${a.range ?? ""})`).join("; ") || `through ${through.join(", ")}`,
      request: "npm audit --omit=dev",
    };
  });
}

/** CI's check: fails on moderate+ advisories not excepted; says so, and passes, when it cannot ask. */
function main(): number {
  const exceptions = parseExceptions(fs.readFileSync("docs/security.md", "utf8"));
  const result = npmAudit();
  if (!result.ran) {
    console.log(`npm audit: NOT RUN: the registry's advisory service did not answer (${result.reason}).`);
    console.log("npm audit: no verdict; see docs/security.md (Dependencies). Set AUDIT_REQUIRED=1 to make this a failure.");
    return process.env.AUDIT_REQUIRED === "1" ? 1 : 0;
  }
  const open = result.findings.filter((f) => atLeastMedium(f) && !exceptionFor(f, exceptions));
  for (const f of result.findings)
    console.log(`npm audit: ${f.severity} ${f.category} ${f.parameter} ${exceptionFor(f, exceptions) ? "(documented exception)" : ""}`);
  console.log(`npm audit: ${result.findings.length} vulnerable packages, ${open.length} moderate or worse without a documented exception`);
  return open.length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main();
