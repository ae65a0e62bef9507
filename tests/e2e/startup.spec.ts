import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startApp } from "../support/app-process";
import { testBuildDir } from "../support/test-build-dir";

/**
 * What the production entry refuses before it listens (issue 19 items 5 and 6), each in one plain line that
 * names the variable, and what a production start never has: test hooks (only the test build has them, and
 * `node server.js` cannot start it: docs/decisions/0018-test-build.md) or a signing key shorter than 32 bytes.
 */

test.describe.configure({ timeout: 180_000 });

/**
 * Runs `node server.js` in production with `env` and returns its exit code and output (it must not start), on
 * `dataDir` or on a fresh data directory that it removes afterwards.
 */
function refusedStart(env: Record<string, string>, dataDir?: string) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-refused-"));
  const result = spawnSync(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "1", HOST: "127.0.0.1", DATA_DIR: dir, DEMO_MEDIA: "none", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
  return { code: result.status, lines: `${result.stdout}${result.stderr}`.trim().split("\n") };
}

const SECRET = "s".repeat(40);

for (const [label, env, variable] of [
  ["test hooks asked for in production", { ENABLE_TEST_HOOKS: "1" }, "ENABLE_TEST_HOOKS"],
  [
    "several instances without a shared key",
    { DATABASE_URL: "postgres://u:p@127.0.0.1:1/x", SITE_URL: "https://example.com", TRUST_PROXY: "loopback", MEDIA_STORAGE: "local" },
    "APP_SECRET",
  ],
  [
    "several instances without the public origin",
    { DATABASE_URL: "postgres://u:p@127.0.0.1:1/x", APP_SECRET: SECRET, TRUST_PROXY: "loopback", MEDIA_STORAGE: "local" },
    "SITE_URL",
  ],
  [
    "several instances without a proxy choice",
    { DATABASE_URL: "postgres://u:p@127.0.0.1:1/x", APP_SECRET: SECRET, SITE_URL: "https://example.com", MEDIA_STORAGE: "local" },
    "TRUST_PROXY",
  ],
  [
    "several instances without a storage choice",
    { DATABASE_URL: "postgres://u:p@127.0.0.1:1/x", APP_SECRET: SECRET, SITE_URL: "https://example.com", TRUST_PROXY: "loopback" },
    "MEDIA_STORAGE",
  ],
  ["a short APP_SECRET", { APP_SECRET: "too-short" }, "APP_SECRET"],
  ["a proxy setting Express would misread", { TRUST_PROXY: "nginx-box" }, "TRUST_PROXY"],
] as const) {
  test(`refuses to start with ${label}, in one line naming ${variable}`, () => {
    const { code, lines } = refusedStart(env);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Pleazure cannot start: .*${variable}`));
  });
}

test("several bad settings at once: one line for each, naming its variable", () => {
  const { code, lines } = refusedStart({ PORT: "http", APP_SECRET: "too-short", TRUST_PROXY: "*" });
  expect(code).toBe(1);
  expect(lines).toEqual([
    expect.stringMatching(/^Pleazure cannot start: Invalid environment: PORT: /),
    expect.stringMatching(/^Pleazure cannot start: Invalid environment: APP_SECRET: /),
    expect.stringMatching(/^Pleazure cannot start: Invalid environment: TRUST_PROXY: must be false or a comma-separated list/),
  ]);
});

test("cannot start the test build: server.js loads only the production bundle, index.js", () => {
  expect(fs.existsSync(path.join(testBuildDir(), "server", "test-server.js")), "run npm run build:test first").toBe(true);
  const { code, lines } = refusedStart({ BUILD_DIR: testBuildDir() });
  expect(code).toBe(1);
  expect(lines).toEqual([expect.stringMatching(/^Pleazure cannot start: no server bundle at .*server\/index\.js/)]);
});

test("refuses to start with a signing key file shorter than 32 bytes", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-refused-"));
  fs.writeFileSync(path.join(dataDir, "secret.key"), "");
  const { code, lines } = refusedStart({}, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(code).toBe(1);
  expect(lines).toEqual([expect.stringMatching(/^Pleazure cannot start: .*secret\.key holds 0 bytes/)]);
});

test("refuses to start on the DATA_DIR of an app still running, in one line, and leaves that app serving", async () => {
  // Taking over its embedded database would take the running site down (docs/operations.md "Running it").
  const app = await startApp({}, { entry: "server.js" });
  try {
    const { code, lines } = refusedStart({}, app.dataDir);
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^Pleazure cannot start: .*postgres is the database of an app still running \(process \d+\)/),
    ]);
    expect((await fetch(`${app.origin}/login`)).status).toBe(200);
    expect(app.log()).not.toContain("database unavailable");
  } finally {
    await app.stop();
  }
});

test("a production start has no test hooks, and its key was made before the workers, whole", async () => {
  const app = await startApp({ WEB_CONCURRENCY: "2" }, { entry: "server.js" });
  try {
    for (const [method, hook] of [
      ["POST", "users/role"],
      ["POST", "faults"],
      ["GET", "shortest-video"],
      ["POST", "auth/expire-codes"],
    ]) {
      const res = await fetch(`${app.origin}/__test/${hook}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? JSON.stringify({ email: "a@example.com", role: "admin", faults: ["videos.list"] }) : undefined,
      });
      // The site's own answer for a path it does not have (the not-found page; 405 to a POST): no hook.
      expect([404, 405], `${method} /__test/${hook}`).toContain(res.status);
      expect(res.headers.get("content-type"), `${method} /__test/${hook}`).not.toMatch(/json/);
    }
    expect(fs.readFileSync(path.join(app.dataDir, "secret.key"), "utf8")).toMatch(/^[0-9a-f]{64}$/);
  } finally {
    await app.stop();
  }
});
