import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The shell blocks of docs/operations.md "Running it" that the tests run as written: each follows a marker line
 * `<!-- tested: <name> -->`, so the document cannot drift from what works.
 */
export const OPERATIONS_DOC = path.resolve("docs/operations.md");

export function operationsDoc(): string {
  return fs.readFileSync(OPERATIONS_DOC, "utf8");
}

/** The ```sh block right after `<!-- tested: name -->`, without its fences. */
export function testedBlock(name: string, doc = operationsDoc()): string {
  const marker = `<!-- tested: ${name} -->`;
  const at = doc.indexOf(marker);
  if (at < 0 || doc.indexOf(marker, at + 1) >= 0) throw new Error(`docs/operations.md must have exactly one ${marker}`);
  const block = /^\n```sh\n([\s\S]*?)^```$/m.exec(doc.slice(at + marker.length));
  if (block?.index !== 0) throw new Error(`${marker} in docs/operations.md is not followed by a \`\`\`sh block`);
  return block[1]!;
}

/**
 * Runs a documented block with bash, stopping at the first failing command (`set -euo pipefail`), after moving the
 * absolute paths it names to the test's (`paths`: e.g. /etc/nginx to a temporary copy). A block that still names
 * another path under /etc, /srv, /root, /var or /opt is refused rather than run against this machine.
 */
export function runDocumentedBlock(
  block: string,
  options: { paths: Record<string, string>; cwd?: string; env?: Record<string, string> },
): { status: number | null; stdout: string; stderr: string; script: string } {
  let script = block;
  for (const [from, to] of Object.entries(options.paths).sort(([a], [b]) => b.length - a.length)) {
    script = script.replace(new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[/\\s"';]|$)`, "gm"), to);
  }
  const mapped = Object.values(options.paths);
  const stray = script
    .match(/(?<![\w.~-])\/(?:etc|srv|root|var|opt)(?:\/[\w.@-]+)*/g)
    ?.filter((p) => !mapped.some((to) => p.startsWith(to)));
  if (stray?.length) throw new Error(`the block names ${stray.join(", ")}, which the test does not map:\n${block}`);
  const run = spawnSync("bash", ["-c", `set -euo pipefail\n${script}`], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, script };
}

/** The variables of a systemd EnvironmentFile= (KEY=value lines; # and ; start comments; quotes removed). */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || /^\s*[#;]/.test(line)) continue;
    vars[m[1]!] = m[2]!.replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}
