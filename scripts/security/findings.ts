/** What every scanner's report is turned into, and the documented exceptions they are checked against. */

export const SEVERITIES = ["info", "low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Finding {
  /** wapiti, sqlmap or npm audit. */
  scanner: string;
  /** Who scanned: visitor, user, admin (npm audit: dependencies). */
  as: string;
  severity: Severity;
  /** The scanner's category (wapiti's vulnerability or anomaly name, sqlmap's technique, the package). */
  category: string;
  method: string;
  path: string;
  parameter: string;
  info: string;
  /** The exact request, to reproduce it. */
  request: string;
}

export interface ScanException {
  id: string;
  scanner: string;
  category: string;
  /** Glob over the finding's path (`*` any characters). */
  where: string;
  why: string;
}

export const atLeastMedium = (f: Finding) => SEVERITIES.indexOf(f.severity) >= SEVERITIES.indexOf("medium");

const START = "<!-- scan-exceptions:start -->";
const END = "<!-- scan-exceptions:end -->";

/**
 * The exception list is the table between the scan-exceptions markers in docs/security.md, so what the
 * scan accepts is exactly what the document explains: | Id | Scanner | Finding | Where | Why |.
 */
export function parseExceptions(markdown: string): ScanException[] {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error("docs/security.md has no scan-exceptions table");
  const rows = markdown
    .slice(start + START.length, end)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("|"));
  return rows.slice(2).map((row) => {
    const cells = row
      .slice(1, row.endsWith("|") ? -1 : undefined)
      .split("|")
      .map((cell) => cell.trim().replace(/^`(.*)`$/, "$1"));
    const [id, scanner, category, where, why] = cells;
    if (!id || !scanner || !category || !where || !why) throw new Error(`scan-exceptions row without all five cells: ${row}`);
    return { id, scanner, category, where, why };
  });
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
}

/** The exception that covers a finding: same scanner, same category (any case), path matching the glob. */
export function exceptionFor(finding: Finding, exceptions: readonly ScanException[]): ScanException | undefined {
  return exceptions.find(
    (e) =>
      e.scanner.toLowerCase() === finding.scanner.toLowerCase() &&
      e.category.toLowerCase() === finding.category.toLowerCase() &&
      globToRegExp(e.where).test(finding.path),
  );
}

/** The same problem seen twice (wapiti's csrf report repeats the main run's) is listed once. */
export function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const f of findings) {
    const key = [f.scanner, f.as, f.category, f.method, f.path, f.parameter, f.info.split("\n")[0]].join("\u0000");
    if (!seen.has(key)) seen.set(key, f);
  }
  return [...seen.values()];
}

/** wapiti's levels: 0 info, 1 low, 2 medium, 3 high, 4 critical (as a number or a string). */
export function wapitiSeverity(level: unknown): Severity {
  const n = Number(level);
  return SEVERITIES[Number.isInteger(n) && n >= 0 && n <= 4 ? n : 2] as Severity;
}

/** npm audit's severities: info, low, moderate, high, critical. */
export function auditSeverity(severity: string): Severity {
  return severity === "moderate" ? "medium" : SEVERITIES.includes(severity as Severity) ? (severity as Severity) : "medium";
}
