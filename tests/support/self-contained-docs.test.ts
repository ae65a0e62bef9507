import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The code and the docs cite only what the repository holds: docs/product.md and docs/architecture.md by section
// name (for example `docs/product.md "Comments"`), never the original build's SPEC.md or DESIGN.md, which it does not.

const SCANNED = ["app/", "server/", "core/", "tests/", "bench/", "scripts/", "docs/", "README.md", "biome.json", "package.json"];
const THIS_FILE = "tests/support/self-contained-docs.test.ts";
const OUTSIDE_DOCUMENT = /SPEC\.md|DESIGN\.md|SPEC §|DESIGN §/;

/** Every line of a tracked text file under SCANNED that cites an outside document, as `file:line: text`. */
function outsideCitations(): string[] {
  const files = execFileSync("git", ["ls-files", "-z", "--", ...SCANNED], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file !== "" && file !== THIS_FILE && fs.existsSync(file));
  const found: string[] = [];
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    if (bytes.includes(0)) continue; // binary
    for (const [i, line] of bytes.toString("utf8").split("\n").entries()) {
      if (OUTSIDE_DOCUMENT.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    }
  }
  return found;
}

describe("the repository is self-contained (issue 33)", () => {
  it("no file cites SPEC.md or DESIGN.md, which are not in it: cite docs/product.md or docs/architecture.md by section", () => {
    expect(outsideCitations()).toEqual([]);
  });
});
