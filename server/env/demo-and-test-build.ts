import { z } from "zod";

/**
 * The demo content a fresh site is seeded with, and the test build's hooks, which production refuses
 * (docs/decisions/0018-test-build.md; server/env.ts unsafeCombinations).
 */
export const demoAndTestBuildSettings = {
  /**
   * `npm run dev` with the test build's composition (fault switches, test routes). Refused in production:
   * the test hooks exist only in the separate test build (docs/decisions/0018-test-build.md), never in
   * this one, and no variable can add them.
   */
  ENABLE_TEST_HOOKS: z.enum(["0", "1"]).default("0"),
  /** Skip generating demo media (tests that do not need playback). */
  DEMO_MEDIA: z.enum(["full", "none"]).default("full"),
  /** Optional shared folder for generated demo media (tests reuse one generation across data dirs). */
  DEMO_MEDIA_CACHE: z.string().optional(),
  /** Whether the demo seed switches the house pre-roll on (a fresh site shows it); `off` for test servers. */
  DEMO_PREROLL: z.enum(["house", "off"]).default("house"),
};
