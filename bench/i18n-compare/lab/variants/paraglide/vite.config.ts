import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

// Paraglide's registry.js builds a new Intl.PluralRules / NumberFormat / DateTimeFormat on every call of a
// message with a plural, number or date. PARAGLIDE_MEMO=1 builds rewrite those constructions to reuse one
// formatter per constructor, locale and options (measured as the "paraglide-memo" variant).
function memoizeIntl(): Plugin {
  const helper = `const __intl = new Map();
function __cached(Ctor, locale, options) {
  const key = Ctor.name + "|" + locale + "|" + JSON.stringify(options ?? {});
  let f = __intl.get(key);
  if (!f) __intl.set(key, (f = new Ctor(locale, options)));
  return f;
}
`;
  return {
    name: "paraglide-memoize-intl",
    transform(code, id) {
      if (!id.endsWith("/paraglide/registry.js")) return;
      const out = code.replace(/new Intl\.(\w+)\(locale, (\w+)\)/g, "__cached(Intl.$1, locale, $2)");
      if (out === code) throw new Error("paraglide registry.js changed shape: no Intl construction found");
      return helper + out;
    },
  };
}

export default defineConfig({
  plugins: [
    paraglideVitePlugin({
      project: "./project.inlang",
      outdir: "./app/paraglide",
      // The locale is the address's first segment (none for en): app/locale.ts in the browser,
      // the root middleware (app/locale.server.ts) on the server.
      strategy: ["custom-path", "baseLocale"],
      isServer: "import.meta.env.SSR",
      emitReadme: false,
      emitGitIgnore: false,
      emitPrettierIgnore: false,
    }),
    ...(process.env.PARAGLIDE_MEMO === "1" ? [memoizeIntl()] : []),
    reactRouter(),
  ],
});
