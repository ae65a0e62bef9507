// `npm run build:test`: the test build (docs/decisions/0018-test-build.md), the server composed from
// tests/support/composition/ (fault switches, /__test), into its own directory (tests/support/test-build-dir.ts,
// default build-test). The browser build is the production one: when the production build in BUILD_DIR was
// made from the same sources, its client files must be byte for byte these, or this fails.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { testBuildDir } from "../tests/support/test-build-dir.ts";
import { bundleFiles, findTestHooks } from "./check-production-bundle.ts";

const productionDir = process.env.BUILD_DIR ?? "build";
const dir = testBuildDir();
if (path.resolve(dir) === path.resolve(productionDir)) {
  process.stderr.write(`build:test: the test build cannot go to ${dir}, the production build's directory\n`);
  process.exit(1);
}
const env = { ...process.env, BUILD_DIR: dir, PLEAZURE_TEST_BUILD: "1" };
const run = (file: string, args: string[]) => execFileSync(file, args, { stdio: "inherit", env });
run(path.join("node_modules", ".bin", "react-router"), ["build"]);
run(process.execPath, ["scripts/precompress.js"]);
run(process.execPath, ["scripts/source-hash.js", "--write"]);

// The composition was applied: without it the e2e tests would meet a server without /__test.
if (!fs.existsSync(path.join(dir, "server", "test-server.js")) || !findTestHooks(dir).some((f) => f.marker === "/__test")) {
  process.stderr.write(`build:test: ${dir}/server/test-server.js is missing or has no test routes\n`);
  process.exit(1);
}

const stamp = (d: string) => (fs.existsSync(path.join(d, ".source-hash")) ? fs.readFileSync(path.join(d, ".source-hash"), "utf8") : "");
if (stamp(productionDir) && stamp(productionDir) === stamp(dir)) {
  const files = (d: string) => {
    const client = path.join(d, "client");
    const out = new Map<string, string>();
    for (const entry of fs.readdirSync(client, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      out.set(path.relative(client, file), crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex"));
    }
    return out;
  };
  const [ours, theirs] = [files(dir), files(productionDir)];
  const differing = [...new Set([...ours.keys(), ...theirs.keys()])].filter((f) => ours.get(f) !== theirs.get(f));
  if (differing.length > 0) {
    process.stderr.write(`build:test: the client build differs from ${productionDir}'s: ${differing.slice(0, 10).join(", ")}\n`);
    process.exit(1);
  }
  console.log(`client build identical to ${productionDir}'s (${ours.size} files)`);
}
console.log(`test build in ${dir} (server/test-server.js, ${bundleFiles(dir).length} JavaScript files)`);
