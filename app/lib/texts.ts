import type { Locale } from "~core/locales";
import type { Namespace, NamespaceTexts, TextSource } from "../../server/i18n/catalog";

export type { NamespaceTexts, PageTexts, TextSource } from "../../server/i18n/catalog";

/**
 * Where the site's texts come from (docs/i18n.md "Texts"): while rendering on the server, from the catalog
 * (server/i18n/catalog.ts, every language and namespace); in the browser, from one file per language and namespace
 * (`/assets/texts/<version>/<locale>/<namespace>.json`), cached like the scripts and shared by every page, so a
 * page's HTML carries no texts, only which namespaces it shows (PageTexts). The entry modules provide the source.
 */

declare global {
  /** The texts' version (server/i18n/catalog.ts textsVersion), set by the build (vite.config.ts `define`). */
  const __TEXTS_VERSION__: string;
}

let source: TextSource | undefined;

/** Called once by app/entry.server.tsx, app/entry.client.tsx and the unit tests' setup. */
export function provideTexts(textSource: TextSource): void {
  source = textSource;
}

/**
 * The texts of `ns` in `locale`. In the browser a namespace not yet fetched suspends the render (the load is
 * thrown) until its file is in: during a navigation React keeps the previous page on screen meanwhile.
 */
export function textsOf(locale: Locale, ns: Namespace): NamespaceTexts {
  if (!source) throw new Error("No text source: app/entry.server.tsx and app/entry.client.tsx provide one");
  const texts = source.read(locale, ns);
  if (texts) return texts;
  throw source.load(locale, ns);
}

/** The address of a namespace's file in the browser (the build writes them: vite/texts-files.ts). */
export function textsFilePath(version: string, locale: Locale, ns: Namespace): string {
  return `/assets/texts/${version}/${locale}/${ns}.json`;
}
