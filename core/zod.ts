import { z } from "zod";

/**
 * The app's one import of zod: every module under app/ takes `z` from here (biome enforces it), so this
 * runs before any schema is built. In the browser zod must not probe for `new Function` (its JIT-compiled
 * object parsers): our Content-Security-Policy has no 'unsafe-eval', so the probe is a CSP violation that
 * Chromium reports as a page issue (Lighthouse best practices 96). Parsing is the same without it.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
