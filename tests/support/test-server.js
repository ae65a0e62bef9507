// The server as the end-to-end tests run it: server.js's main() with the test hooks on (/__test, fault
// switches: server/http/test-hooks.ts). Only tests start this file; cluster workers run it too, so every process
// of a test server has the hooks and no process of `node server.js` can. Run from the repository root.
import { main } from "../../server.js";

await main({ testHooks: true });
