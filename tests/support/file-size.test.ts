import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Files one can live in (docs/architecture.md "Code layout"): no source file in app/, server/, core/ or cli/,
 * tests beside them included, runs over MAX_LINES. A file that grows past it is split along its concerns; only
 * declarations, read by looking things up rather than from top to bottom, may be longer, each named here with
 * its reason.
 */
const MAX_LINES = 350;
const ROOTS = ["app", "server", "core", "cli"];
const DECLARATIONS: Record<string, string> = {
  "server/db/schema.ts": "the database's tables as Kysely types, one interface per table (migrations are the history)",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

const lineCount = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((_, i, all) => i < all.length - 1 || all[i] !== "").length;

describe(`source files stay under ${MAX_LINES} lines`, () => {
  const files = ROOTS.flatMap((root) => sourceFiles(root));

  it("finds the code it checks", () => {
    expect(files.length).toBeGreaterThan(400);
  });

  it("no file but the declarations named here runs longer", () => {
    const long = files.filter((f) => !(f in DECLARATIONS) && lineCount(f) > MAX_LINES).map((f) => `${f}: ${lineCount(f)} lines`);
    expect(long, "split these along their concerns").toEqual([]);
  });

  it("every declaration named here still exists and is still long (a stale exception fails)", () => {
    for (const file of Object.keys(DECLARATIONS)) expect(lineCount(file), file).toBeGreaterThan(MAX_LINES);
  });
});
