import { useLocation, useMatches } from "react-router";
import { isLocale, LOCALE_INFO, type Locale } from "~core/locales";
import { formatMessage, type MessageValues } from "~core/messages";
import { pageLocale } from "~core/page-locale";
import { type Paths, pathsIn } from "~core/paths";
import type { MessageId, Namespace } from "../../server/i18n/catalog";
import { type PageTexts, textsOf } from "./texts";

/**
 * The page's language and texts in components (docs/i18n.md). The language is the address's (core/page-locale.ts),
 * so it is known everywhere, error pages included, without loader data. The texts come from app/lib/texts.ts (the
 * catalog on the server, one cached file per namespace in the browser); loaders name the namespaces their page
 * shows as `intl` (server/i18n/catalog.ts pageTexts), so the browser has them before it hydrates.
 */

export type Translate<N extends Namespace> = (id: MessageId<N>, values?: MessageValues) => string;

/** Loader data that names the texts its page shows. */
export interface WithMessages {
  intl: PageTexts;
}

/** The language of the page shown. */
export function useLocale(): Locale {
  const { pathname, search } = useLocation();
  return pageLocale(pathname, search);
}

/** The language's writing direction, for `dir` attributes and direction-dependent icons. */
export function useDirection(): "ltr" | "rtl" {
  return LOCALE_INFO[useLocale()].dir;
}

/**
 * `lang` and `dir` for text written in `textLocale` shown on a page in `pageLocale` (an English post on an Arabic
 * page reads left to right, its full stops where English puts them); nothing when they are the same language.
 */
export function textLanguage(textLocale: string | null | undefined, pageLocale: Locale): { lang?: Locale; dir?: "ltr" | "rtl" } {
  if (!isLocale(textLocale) || textLocale === pageLocale) return {};
  return { lang: textLocale, dir: LOCALE_INFO[textLocale].dir };
}

/** Site addresses in the page's language (core/paths.ts pathsIn). */
export function usePaths(): Paths {
  return pathsIn(useLocale());
}

/** A formatter of namespace `ns` in `locale` (also for `meta`, which is not a component). */
export function translator<N extends Namespace>(locale: Locale, ns: N): Translate<N> {
  const bundle = { locale, messages: textsOf(locale, ns) };
  return (id, values) => formatMessage(bundle, `${ns}.${id}`, values);
}

/** The texts of namespace `ns` in the page's language: `t("id", { count })`. */
export function useMessages<N extends Namespace>(ns: N): Translate<N> {
  return translator(useLocale(), ns);
}

type MatchLike = { loaderData?: unknown } | undefined;

/**
 * The texts the matched routes' loaders named, in the language each named (the age check speaks the language of
 * the page it came from), and the layout's `common` in the page's language: every page and error page shows it.
 */
export function textsOfMatches(matches: readonly MatchLike[], locale: Locale): { locale: Locale; ns: Namespace }[] {
  const found = new Map<string, { locale: Locale; ns: Namespace }>([[`${locale}/common`, { locale, ns: "common" }]]);
  for (const match of matches) {
    const intl = (match?.loaderData as Partial<WithMessages> | null | undefined)?.intl;
    for (const ns of intl?.namespaces ?? []) found.set(`${intl?.locale}/${ns}`, { locale: intl?.locale ?? locale, ns });
  }
  return [...found.values()];
}

/** The texts of the page shown (app/root.tsx names them for the browser to fetch before it hydrates). */
export function usePageTexts(): { locale: Locale; ns: Namespace }[] {
  return textsOfMatches(useMatches(), useLocale());
}
