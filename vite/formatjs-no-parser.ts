import type { Plugin } from "vite";

/**
 * The browser formats messages the server has parsed (core/messages.ts), so FormatJS's ICU parser (about 10 KB
 * brotli) stays out of the client bundle: `intl-messageformat`'s import of it resolves to the package's
 * `no-parser` entry there, which formats parsed messages and refuses text. The server keeps the real parser.
 */
export function formatjsWithoutParser(): Plugin {
  return {
    name: "pleazure:formatjs-no-parser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(id, importer) {
      if (id !== "@formatjs/icu-messageformat-parser") return null;
      return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, { skipSelf: true });
    },
  };
}
