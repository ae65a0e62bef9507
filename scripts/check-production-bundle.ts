// The last step of `npm run build`: fails (exit 1, one line per find naming the file and the marker) when
// the production build holds any test hook: the /__test routes, the fault switches or their names, or any
// module of tests/. They belong to the test build only (`npm run build:test`, docs/decisions/0018-test-build.md).
// Usage: node scripts/check-production-bundle.ts [build dir] (default: BUILD_DIR, else build).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FAULTS } from "../tests/support/composition/fault-names.ts";

/** Fault switch names: found as string literals, not as code like `videos.list(`. */
export const FAULT_NAMES: readonly string[] = FAULTS;

/** Text only test code has: the routes' mount point, the fault error, paths into tests/, the switches' file. */
export const TEXT_MARKERS = ["/__test", "Injected fault", "tests/support/", "test-faults.json"];

/** Names of the test hooks' functions and classes, then and now, found as whole words. */
export const NAME_MARKERS = [
  "setFaults",
  "activeFaults",
  "shareFaultsThrough",
  "setTestHooksEnabled",
  "testHooksEnabled",
  "faultIsOn",
  "maybeFail",
  "InjectedFault",
  "FaultSwitches",
  "testRoutes",
];

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
const PATTERNS: { marker: string; re: RegExp }[] = [
  ...TEXT_MARKERS.map((marker) => ({ marker, re: new RegExp(literally(marker)) })),
  ...NAME_MARKERS.map((marker) => ({ marker, re: new RegExp(`\\b${literally(marker)}\\b`) })),
  ...FAULT_NAMES.map((marker) => ({ marker, re: new RegExp(`(["'\`])${literally(marker)}\\1`) })),
];

export interface Find {
  file: string;
  marker: string;
}

/** Every JavaScript file of the build's server and client bundles. */
export function bundleFiles(buildDir: string): string[] {
  const files: string[] = [];
  for (const part of ["server", "client"]) {
    const dir = path.join(buildDir, part);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(?:js|mjs|cjs)$/.test(entry.name)) files.push(path.join(entry.parentPath, entry.name));
    }
  }
  return files.sort();
}

/** The test hook markers in the build's bundles, one find per file and marker. */
export function findTestHooks(buildDir: string): Find[] {
  const finds: Find[] = [];
  for (const file of bundleFiles(buildDir)) {
    const text = fs.readFileSync(file, "utf8");
    for (const { marker, re } of PATTERNS) if (re.test(text)) finds.push({ file, marker });
  }
  return finds;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const buildDir = process.argv[2] ?? process.env.BUILD_DIR ?? "build";
  const serverFiles = bundleFiles(buildDir).filter((f) => f.startsWith(path.join(buildDir, "server") + path.sep));
  if (serverFiles.length === 0) {
    process.stderr.write(`check-production-bundle: no server bundle in ${buildDir}/server: nothing to check\n`);
    process.exit(1);
  }
  const finds = findTestHooks(buildDir);
  for (const { file, marker } of finds) {
    process.stderr.write(`check-production-bundle: ${file} contains test code: "${marker}"\n`);
  }
  if (finds.length > 0) {
    process.stderr.write("The production build must not hold test hooks: they belong in tests/support/composition (ADR 0018).\n");
    process.exit(1);
  }
  console.log(`production bundle checked: no test hooks in ${bundleFiles(buildDir).length} files of ${buildDir}`);
}
