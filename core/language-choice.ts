import { isLocale, LOCALES, type Locale } from "./locales";

/**
 * Which language to offer a visitor on a page in another one (docs/i18n.md "Choosing a language"): the one they
 * chose before (the language cookie), else the first of their browser's languages the site speaks. Never used to
 * redirect: the browser shows an offer, the address keeps serving its own language.
 */

/** The site's language for a browser language tag: exact ("pt-BR"), else by its language ("de-AT" → de, "pt" → pt-BR). */
export function supportedLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split("-")[0];
  return LOCALES.find((l) => l.toLowerCase().split("-")[0] === language);
}

/** The language to offer on a page in `page`, or null when there is nothing to offer. */
export function languageToOffer(page: Locale, chosen: string | null | undefined, browser: readonly string[]): Locale | null {
  if (chosen !== null && chosen !== undefined) {
    // A choice stands, even English over the browser's German; an unreadable cookie counts as none.
    if (isLocale(chosen)) return chosen === page ? null : chosen;
  }
  for (const tag of browser) {
    const locale = supportedLocale(tag);
    if (locale) return locale === page ? null : locale;
  }
  return null;
}
