import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The test build's server bundle has a name of its own, so `node server.js` (which loads index.js) cannot
  // start it (docs/decisions/0018-test-build.md).
  serverBuildFile: process.env.PLEAZURE_TEST_BUILD === "1" ? "test-server.js" : "index.js",
} satisfies Config;
