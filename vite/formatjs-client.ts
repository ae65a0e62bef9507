import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * FormatJS in the browser, at its smallest (docs/decisions/0041-i18n-library.md):
 * - The browser formats messages the server has parsed (core/messages.ts), so the ICU parser (about 10 KB brotli)
 *   stays out of the client bundle: `intl-messageformat`'s import of it resolves to the package's `no-parser` entry,
 *   which formats parsed messages and refuses text. The server keeps the real parser.
 * - Its cache of `Intl` formatters (`@formatjs/fast-memoize`) resolves to core/intl-formatters.ts, whose shared
 *   formatters every message uses anyway.
 */
export function formatjsClient(): Plugin {
  const replaced: Record<string, string> = {
    "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js",
    "@formatjs/fast-memoize": fileURLToPath(new URL("../core/intl-formatters.ts", import.meta.url)),
  };
  return {
    name: "pleazure:formatjs-client",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(id, importer) {
      const target = replaced[id];
      return target ? this.resolve(target, importer, { skipSelf: true }) : null;
    },
  };
}
