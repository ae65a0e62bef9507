import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_NAMES, findTestHooks } from "./check-production-bundle";

const SCRIPT = path.resolve("scripts/check-production-bundle.ts");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build directory holding `files` (paths relative to it). */
function build(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-check-"));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** `node scripts/check-production-bundle.ts <dir>` as `npm run build` runs it (this Node: 24, types stripped). */
function check(dir: string) {
  const result = spawnSync(process.execPath, [SCRIPT, dir], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const CLEAN = {
  "server/index.js": 'import { videos } from "./assets/x.js";\nexport const list = () => videos.list(1); // a call, not a fault name\n',
  "server/assets/x.js": 'export const videos = { list: (n) => [n] };\nexport const route = "/api/ads/events";\n',
  "client/assets/entry.js": "console.log(1);\n",
  "client/assets/entry.js.br": "/__test in compressed bytes is not scanned as JavaScript",
};

describe("check-production-bundle", () => {
  it("passes a build without test hooks", () => {
    const result = check(build(CLEAN));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/no test hooks in 3 files/);
  });

  it.each([
    ["the test routes' mount point", 'app.use("/__test", router);'],
    ["the injected fault's message", 'super("Injected fault: " + name);'],
    ["a fault name", 'failing("comments.submit", addComment);'],
    ["the late notification fault", "isOn('ad-units.notified-late')"],
    ["a fault switch function", "function setFaults(names) {}"],
    ["the old fault sharing", "shareFaultsThrough(file);"],
    ["a module from tests/", "//#region tests/support/composition/app.ts"],
  ])("fails on %s, naming the file and the marker", (_label, planted) => {
    const dir = build({ ...CLEAN, "server/assets/chunk-abc.js": `export const x = 1;\n${planted}\n` });
    const result = check(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(path.join(dir, "server/assets/chunk-abc.js"));
    expect(findTestHooks(dir).map((f) => f.file)).toEqual(findTestHooks(dir).map(() => path.join(dir, "server/assets/chunk-abc.js")));
  });

  it("names each marker it finds", () => {
    const dir = build({ "server/index.js": 'r.post("/__test/faults", () => faults.set(["videos.list"]));\n' });
    expect(findTestHooks(dir).map((f) => f.marker)).toEqual(["/__test", "videos.list"]);
    expect(check(dir).stderr).toMatch(/server\/index\.js contains test code: "\/__test"/);
  });

  it("fails when there is no server bundle to check", () => {
    const result = check(build({ "client/assets/entry.js": "console.log(1);\n" }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no server bundle/);
  });

  it("finds every fault switch name of the test build as a string literal", () => {
    for (const name of FAULT_NAMES) {
      const dir = build({ "server/index.js": `faults.isOn(${JSON.stringify(name)});\n` });
      expect(findTestHooks(dir).map((f) => f.marker)).toEqual([name]);
    }
    expect(FAULT_NAMES.length).toBeGreaterThan(10);
  });
});
