// Every locale's parsed ICU messages, on the server only. A route's loader hands its namespace to the page
// (messagesFor), so the HTML carries the strings of its language and the client bundle none.
import { format, type Messages } from "./messages";

const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"];
const files = import.meta.glob<{ default: Messages }>("./locales/*/*.json", { eager: true });
const catalog: Record<string, Record<string, Messages>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/([^/]+)\/(\w+)\.json$/.exec(file)!;
  catalog[lng!] ??= {};
  catalog[lng!]![ns!] = mod.default;
}

export function localeOf(params: { lang?: string }): string {
  if (params.lang === undefined) return "en";
  if (!LOCALES.includes(params.lang)) throw new Response("Not found", { status: 404 });
  return params.lang;
}

export function messagesFor(locale: string, ns: string) {
  return { locale, messages: catalog[locale]![ns]! };
}

/** For loaders and meta: a message formatted on the server. */
export function serverFormat(locale: string, id: string) {
  const ns = id.split(".")[0]!;
  return format(messagesFor(locale, ns), id);
}
