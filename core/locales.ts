/**
 * The languages the site speaks (docs/i18n.md): English, the default, at today's addresses; every other one under
 * its own path prefix (`/de/…`, `/pt-br/…`), so a page's address says its language and the page cache, keyed by the
 * path, keeps one copy per language without looking at a header or a cookie (docs/decisions/0041-i18n-library.md).
 * Loaded by the browser too: plain data.
 */

export const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

interface LocaleInfo {
  /** The language's own name for itself, as the language menu lists it. */
  name: string;
  /** The path segment (lower case; none for the default language). */
  segment: string;
  dir: "ltr" | "rtl";
  /** Open Graph's `og:locale` (language_TERRITORY). */
  ogLocale: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { name: "English", segment: "", dir: "ltr", ogLocale: "en_US" },
  de: { name: "Deutsch", segment: "de", dir: "ltr", ogLocale: "de_DE" },
  fr: { name: "Français", segment: "fr", dir: "ltr", ogLocale: "fr_FR" },
  es: { name: "Español", segment: "es", dir: "ltr", ogLocale: "es_ES" },
  "pt-BR": { name: "Português (Brasil)", segment: "pt-br", dir: "ltr", ogLocale: "pt_BR" },
  ja: { name: "日本語", segment: "ja", dir: "ltr", ogLocale: "ja_JP" },
  ar: { name: "العربية", segment: "ar", dir: "rtl", ogLocale: "ar_AR" },
};

const BY_SEGMENT = new Map<string, Locale>(LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => [LOCALE_INFO[l].segment, l]));

/** The language a path segment names (`de`, `pt-br`), or undefined: the default language has no segment. */
export function localeOfSegment(segment: string | undefined): Locale | undefined {
  return segment === undefined ? undefined : BY_SEGMENT.get(segment);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `path` (a site path, "/video/…") in `locale`'s addresses: the default language's path is itself. */
export function localizePath(locale: Locale, path: string): string {
  const { segment } = LOCALE_INFO[locale];
  if (!segment) return path;
  return path === "/" ? `/${segment}` : path.startsWith("/?") ? `/${segment}${path.slice(1)}` : `/${segment}${path}`;
}

/** A path split into its language and the default language's path ("/de/video/x" → de, "/video/x"). */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const end = pathname.indexOf("/", 1);
  const locale = localeOfSegment(end === -1 ? pathname.slice(1) : pathname.slice(1, end));
  if (!locale) return { locale: DEFAULT_LOCALE, path: pathname };
  return { locale, path: end === -1 ? "/" : pathname.slice(end) };
}

/** The language of a request's page (`.data` requests included: the prefix is the same). */
export function localeOfRequest(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname).locale;
}
