import { test } from "@playwright/test";

/**
 * The shared test server a Playwright project runs against. playwright.config.ts starts one per project (each
 * with its own port, data directory and Google issuer port) so that two workers run specs side by side without
 * sharing a database, a fault switch or a rate-limit bucket; a spec finds its own through its project.
 */
export interface E2eSite {
  /** The server's DATA_DIR: its outbox (sign-in codes), uploads and media. */
  dataDir: string;
  /** The port of the OpenID Connect provider the server trusts as Google (tests/support/oidc-provider.ts). */
  oidcPort: number;
}

/** The shared server of the running test's project; call it inside a test or a hook. */
export function e2eSite(): E2eSite {
  return test.info().project.metadata as E2eSite;
}
