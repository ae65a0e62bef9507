import type { Plugin } from "vite";
import { textsFilePath } from "../app/lib/texts.ts";
import { isLocale } from "../core/locales.ts";
import { CATALOG, type Namespace, namespaceTexts, textFiles, textsVersion } from "../server/i18n/catalog.ts";

/**
 * The browser's texts as build files (app/lib/texts.ts, docs/i18n.md "Texts"): one JSON file per language and
 * namespace under `assets/texts/<version>/`, written into the client build, so they are precompressed and cached
 * for a year like the scripts (server/http/static-files.ts), and the version every bundle knows as
 * `__TEXTS_VERSION__`. In development the same files are answered from the catalog as it is.
 */
export function textsFiles(): Plugin {
  const version = textsVersion();
  return {
    name: "pleazure:texts-files",
    config: () => ({ define: { __TEXTS_VERSION__: JSON.stringify(version) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/assets\/texts\/[^/]+\/([^/]+)\/([^/]+)\.json$/.exec(req.url ?? "");
        const [, locale, ns] = match ?? [];
        if (!isLocale(locale) || !ns || !Object.hasOwn(CATALOG, ns)) return next();
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.end(JSON.stringify(namespaceTexts(locale, ns as Namespace)));
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const { locale, ns, json } of textFiles())
        this.emitFile({ type: "asset", fileName: textsFilePath(version, locale, ns).slice(1), source: json });
    },
  };
}
