import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fails the browser build when a module under `<root>/server/` would be bundled into it. React Router's own
 * rule covers `*.server.*` files and `.server/` folders, not a folder named `server`; without this only
 * tree-shaking keeps `pg` and the services out of the browser. Route modules may import server code from
 * their server-only exports (loader, action, headers): React Router removes those before resolution.
 */
export function serverOnly(root = process.cwd()): Plugin {
  const serverDir = `${path.resolve(root, "server")}${path.sep}`;
  return {
    name: "pleazure:server-only",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async resolveId(source, importer, options) {
      if (!importer || (options as { scan?: boolean }).scan) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !path.resolve(resolved.id.split("?")[0] as string).startsWith(serverDir)) return null;
      this.error(
        `Server-only module referenced by browser code: '${source}' (${path.relative(root, resolved.id)}) imported by ` +
          `'${path.relative(root, importer)}'. Code under server/ runs only on the server: use it from a loader or action, ` +
          "or move what the browser needs to app/lib.",
      );
    },
  };
}
