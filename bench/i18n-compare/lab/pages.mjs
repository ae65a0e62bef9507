// Shared by the measuring scripts: each variant's built server, answering a fake Request in-process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "react-router";

// React and React Router pick their production builds from NODE_ENV when first imported.
if (process.env.NODE_ENV !== "production") throw new Error("run with NODE_ENV=production (the development builds are several times slower)");

export const VARIANTS = (process.env.VARIANTS ?? "baseline,paraglide,paraglide-memo,i18next,intl,intl-ast,formatjs").split(",");
export const PAGES = ["listing", "form"];
export const LANGS = (process.env.LANGS ?? "en,de,ar").split(",");

/** The address of `page` in `lang` (the baseline has English only; en has no prefix elsewhere). */
export function pageUrl(variant, page, lang) {
  const prefix = variant === "baseline" || lang === "en" ? "" : `/${lang}`;
  return `http://localhost${prefix}/${page}`;
}

/** A variant's folder and build folder: "x-y" is app x built with a switch (see build.sh) into build-y/. */
export function variantDirs(variant) {
  const [app, flavour] = variant.split("-");
  return { dir: path.join(import.meta.dirname, "variants", app), buildDir: flavour ? `build-${flavour}` : "build" };
}

export async function loadVariant(variant) {
  const { dir, buildDir } = variantDirs(variant);
  const build = await import(pathToFileURL(path.join(dir, buildDir, "server/index.js")).href);
  return { dir, clientDir: path.join(dir, buildDir, "client"), handler: createRequestHandler(build, "production") };
}

/** One document request as a browser sends it; resolves with the complete HTML. */
export async function render(handler, url) {
  const res = await handler(new Request(url, { headers: { accept: "text/html", "user-agent": "Mozilla/5.0 Chrome/140" } }));
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}
