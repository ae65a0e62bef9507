/**
 * The test build's server bundle entry (`npm run build:test`, docs/decisions/0018-test-build.md): the
 * production entry, built with the modules of ./replacements.ts in place of the production ones (fault
 * switches in the services, the test routes at /__test). It is written to <test build>/server/test-server.js,
 * which only tests/support/test-server.js loads: `node server.js` loads index.js, which the test build
 * does not have.
 */
export * from "../../../server/entry";
