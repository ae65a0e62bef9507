// The server as the end-to-end tests run it: server.js's main() on the test build's bundle
// (BUILD_DIR/server/test-server.js, made by `npm run build:test`: the production server composed with the
// fault switches and the /__test routes of tests/support/composition/). Only tests start this file, with
// BUILD_DIR set to the test build (tests/support/test-build-dir.ts); cluster workers run it too, so every
// process of a test server loads the test bundle. Run from the repository root.
import { main } from "../../server.js";

await main({ bundle: "test-server.js" });
