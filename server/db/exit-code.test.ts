import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

describe("a process that uses the embedded PostgreSQL", () => {
  it("ends with its own exit code (a failed command or test run must not report success)", () => {
    const embedded = pathToFileURL(path.join(import.meta.dirname, "embedded.ts")).href;
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`],
      { encoding: "utf8", timeout: 30_000 },
    );
    expect(child.stderr).toBe("");
    expect(child.status).toBe(3);
  });
});
