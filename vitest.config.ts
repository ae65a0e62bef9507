import os from "node:os";
import { defineConfig } from "vitest/config";
import { textsVersion } from "./server/i18n/catalog.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __TEXTS_VERSION__: JSON.stringify(textsVersion()) },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "core/**/*.test.ts",
      "server/**/*.test.ts",
      "cli/**/*.test.ts",
      "scripts/**/*.test.ts",
      "vite/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "bench/lib/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    // Components render from the catalog, as on the server (app/lib/texts.ts).
    setupFiles: ["tests/support/catalog-texts.ts"],
    // One file per core and one more: many files wait on PostgreSQL, ffmpeg or timers, and Vitest's default (cores
    // less one) ran one file at a time on CI's two cores: 510 s there against 279 s with three, measured here.
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
