import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Builds the server with other modules in place of some of its own: every import, from any module, that
 * resolves to a key of `replacements` (paths from `root`) gets its value instead, except the replacement's
 * own imports of the module it replaces. The test build's composition uses it (tests/support/composition/,
 * docs/decisions/0018-test-build.md); the production build never adds it. Server environments only: the
 * browser build stays the same.
 */
export function replaceModules(replacements: Record<string, string>, root = process.cwd()): Plugin {
  const byOriginal = new Map(Object.entries(replacements).map(([from, to]) => [path.resolve(root, from), path.resolve(root, to)]));
  return {
    name: "pleazure:replace-modules",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    buildStart() {
      // A renamed module would otherwise be built unreplaced, its fault switches silently gone.
      for (const [from, to] of byOriginal) {
        for (const file of [from, to]) if (!fs.existsSync(file)) this.error(`replaceModules: no ${path.relative(root, file)}`);
      }
    },
    async resolveId(source, importer, options) {
      if (!importer || (options as { scan?: boolean }).scan) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return null;
      const replacement = byOriginal.get(path.resolve(resolved.id.split("?")[0] as string));
      if (!replacement || path.resolve(importer.split("?")[0] as string) === replacement) return null;
      return replacement;
    },
  };
}
