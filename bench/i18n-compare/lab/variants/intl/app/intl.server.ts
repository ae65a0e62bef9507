// Every locale's ICU messages, on the server only. A route's loader hands its namespace to the page
// (messagesFor), so the HTML carries the strings of its language and the client bundle none.
import { createIntl, createIntlCache, type IntlShape } from "react-intl";

const cache = createIntlCache();

const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"];
// INTL_AST=1 builds (vite.config.ts) read the messages parsed ahead of time and bundle no ICU parser.
declare const __INTL_AST__: boolean;
const files = __INTL_AST__
  ? import.meta.glob<{ default: Record<string, string> }>("./locales-ast/*/*.json", { eager: true })
  : import.meta.glob<{ default: Record<string, string> }>("./locales/*/*.json", { eager: true });
const catalog: Record<string, Record<string, Record<string, string>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales(?:-ast)?\/([^/]+)\/(\w+)\.json$/.exec(file)!;
  catalog[lng!] ??= {};
  catalog[lng!]![ns!] = mod.default;
}

export function localeOf(params: { lang?: string }): string {
  if (params.lang === undefined) return "en";
  if (!LOCALES.includes(params.lang)) throw new Response("Not found", { status: 404 });
  return params.lang;
}

export function messagesFor(locale: string, ns: string) {
  return { locale, ns, messages: catalog[locale]![ns]! };
}

/** For loaders and meta: the same messages formatted on the server (one IntlShape per locale and namespace). */
const shapes = new Map<string, IntlShape>();
export function serverIntl(locale: string, ns: string): IntlShape {
  const key = `${locale}:${ns}`;
  let intl = shapes.get(key);
  if (!intl) shapes.set(key, (intl = createIntl({ locale, messages: catalog[locale]![ns]!, timeZone: "UTC" }, cache)));
  return intl;
}
