import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./tests/support/chromium";
import type { E2eSite } from "./tests/support/e2e-site";
import { testBuildDir } from "./tests/support/test-build-dir";

const PORT = Number(process.env.E2E_PORT ?? 3310);
// A fresh data directory per run and site: each server creates its own embedded database and demo content. Set
// in the environment so that the workers, which read this file again, name the same folders.
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `pleazure-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = DATA_DIR;
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 1000);

/**
 * Two workers, each with a shared test server of its own (port, data directory, database, fault switches,
 * rate-limit buckets): the specs of one site never meet the other's. The second site takes the specs that start
 * their own servers (they wait on outages, restarts and drains more than they compute, so they pair well with
 * the first site's page-driving specs), the hostile-input sweep and the view counting's load (so that both
 * end about together: 32 min here with 2 cores busy, 26-28 min of tests each); every other spec, a new one
 * included, runs on the first.
 * E2E_SITES=1 runs everything on one server (a single spec locally needs no second start).
 */
const SITES = process.env.E2E_SITES === "1" ? 1 : 2;
const SECOND_SITE_SPECS = [
  "ads",
  "age-assurance",
  "backup-restore",
  "disk-full",
  "faults",
  "hostile-input",
  "methods",
  "object-storage",
  "overload",
  "preroll",
  "resilience",
  "rolling-upgrade",
  "scale-out",
  "scale-out-faults",
  "separate-worker",
  "smtp-sign-in",
  "startup",
  "views",
].map((name) => `**/${name}.spec.ts`);

const sites = Array.from({ length: SITES }, (_, index) => ({
  name: `site-${index + 1}`,
  port: PORT + index,
  site: { dataDir: `${DATA_DIR}-site-${index + 1}`, oidcPort: OIDC_PORT + index } satisfies E2eSite,
  specs: SITES === 1 ? {} : index === 0 ? { testIgnore: SECOND_SITE_SPECS } : { testMatch: SECOND_SITE_SPECS },
}));

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: SITES, // one per site: the specs of a site run one after another, as they were written to
  retries: process.env.CI ? 1 : 0,
  // The list as it goes; then each failed attempt in a few lines (tests/support/failure-summary-reporter.ts).
  reporter: [["list"], ["./tests/support/failure-summary-reporter.ts"]],
  // At the end of the run, the files that took longest (a slow CI run's log keeps only its tail).
  reportSlowTests: { max: 15, threshold: 120_000 },
  projects: sites.map(({ name, port, site, specs }) => ({
    name,
    workers: 1,
    ...specs,
    use: { baseURL: `http://127.0.0.1:${port}` },
    metadata: site,
  })),
  use: {
    // A trace records every test's screens as it goes: a quarter of the suite's CPU (measured: two specs took 69 s
    // of CPU with it, 48 s without). CI keeps only its log, so it records none; a local run keeps a failure's.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      // Debian's headless shell: the same engine without the full browser's layers. The suite's CPU is mostly the
      // browser's, and the accessibility pages took 4.4 min at one width with it against 5.5 with the full chromium
      // (docs/decisions/0043-e2e-in-chromium-headless-shell.md). CHROMIUM_PATH=/usr/bin/chromium runs the full one.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [...CHROMIUM_FLAGS, "--autoplay-policy=no-user-gesture-required"],
    },
  },
  webServer: sites.map(({ name, port, site }) => ({
    name,
    command: "node tests/support/test-server.js", // the test build (npm run build:test), never the production one
    url: `http://127.0.0.1:${port}/robots.txt`,
    timeout: 900_000, // a fresh machine generates the demo media first (a few minutes on 2 cores)
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: site.dataDir,
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
      GOOGLE_ISSUER: `http://127.0.0.1:${site.oidcPort}`,
    },
  })),
});
