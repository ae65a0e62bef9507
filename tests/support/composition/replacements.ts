/**
 * The test build's composition (docs/decisions/0018-test-build.md): each production module on the left is
 * replaced, for every importer in the server bundle, by the test module on the right, which re-exports it
 * with fault switches or test routes added. vite.config.ts applies it to the test build and to `npm run dev`
 * with ENABLE_TEST_HOOKS=1, never to the production build. Paths from the repository root.
 */
export const TEST_ENTRY = "tests/support/composition/entry.ts";

export const TEST_REPLACEMENTS: Record<string, string> = {
  "server/http/app.ts": "tests/support/composition/app.ts",
  "server/realtime/notifications.ts": "tests/support/composition/notifications.ts",
  "server/services/blog.ts": "tests/support/composition/services/blog.ts",
  "server/services/categories.ts": "tests/support/composition/services/categories.ts",
  "server/services/comments.ts": "tests/support/composition/services/comments.ts",
  "server/services/contact.ts": "tests/support/composition/services/contact.ts",
  "server/services/likes.ts": "tests/support/composition/services/likes.ts",
  "server/services/videos.ts": "tests/support/composition/services/videos.ts",
};
