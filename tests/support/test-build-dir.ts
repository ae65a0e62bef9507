/**
 * Where `npm run build:test` writes the test build (docs/decisions/0018-test-build.md) and where the
 * end-to-end tests start it from: TEST_BUILD_DIR, else the production build's directory (BUILD_DIR, default
 * build) with "-test" appended. A test server runs with BUILD_DIR set to this directory.
 */
export function testBuildDir(): string {
  return process.env.TEST_BUILD_DIR ?? `${process.env.BUILD_DIR ?? "build"}-test`;
}
