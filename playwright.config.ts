import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./tests/support/chromium";
import { testBuildDir } from "./tests/support/test-build-dir";

const PORT = Number(process.env.E2E_PORT ?? 3310);
// A fresh data directory per run: the server creates its own embedded database and demo content.
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `pleazure-e2e-${process.pid}`);
// Specs read the server's outbox (sign-in codes) and run its OpenID Connect provider: workers inherit these.
process.env.E2E_DATA_DIR = DATA_DIR;
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 1000);
process.env.E2E_OIDC_PORT = String(OIDC_PORT);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // At the end of the run, the files that took longest (a slow CI run's log keeps only its tail).
  reportSlowTests: { max: 15, threshold: 120_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [...CHROMIUM_FLAGS, "--autoplay-policy=no-user-gesture-required"],
    },
  },
  webServer: {
    command: "node tests/support/test-server.js", // the test build (npm run build:test), never the production one
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    timeout: 900_000, // a fresh machine generates the demo media first (a few minutes on 2 cores)
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "fatal", // provoked faults would flood the output; E2E_LOG_LEVEL=info to debug
      BUILD_DIR: testBuildDir(),
      // Demo media are deterministic: generate them once per machine, not once per test run.
      DEMO_MEDIA_CACHE: process.env.DEMO_MEDIA_CACHE ?? path.join(os.tmpdir(), "pleazure-demo-media-cache"),
      // Playback tests start the video at once; tests/e2e/preroll.spec.ts runs its own server with ads.
      DEMO_PREROLL: "off",
      // Many tests hide what they report from loopback and 10/8 addresses within the hour: the budget on automatic
      // hiding has its own tests (server/services/report-budget.test.ts), so it does not bound the others here.
      REPORT_HIDES_PER_HOUR: "100000",
      REPORT_HIDES_PER_NETWORK_PER_HOUR: "100000",
      // Google sign-in against the local provider tests/e2e/auth.spec.ts starts (tests/support/oidc-provider.ts).
      GOOGLE_CLIENT_ID: "e2e-client",
      GOOGLE_CLIENT_SECRET: "e2e-secret",
      GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
    },
  },
});
