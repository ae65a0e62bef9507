import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";

/**
 * What every translated content shares (docs/i18n.md "Content"): the languages it is translated into and a
 * translation's states. Videos, categories (core/translation-schema.ts) and blog posts
 * (core/blog-translation-schema.ts) use these, so the console lists them all alike.
 */

/** English is the source: the other languages are translations of it. */
export type TranslatedLocale = Exclude<Locale, "en">;
export const TRANSLATED_LOCALES = LOCALES.filter((l): l is TranslatedLocale => l !== DEFAULT_LOCALE);

export function isTranslatedLocale(value: unknown): value is TranslatedLocale {
  return typeof value === "string" && (TRANSLATED_LOCALES as readonly string[]).includes(value);
}

/** A stored translation's state. Only a published one is shown on the site. */
export const TRANSLATION_STATES = ["draft", "published"] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];
/** A language with no translation stored is missing. */
export type TranslationStatus = TranslationState | "missing";

/** Each translated language's status from the translations stored of one item (a language without one is missing). */
export function statusesOf(stored: readonly { locale: string; state: TranslationState }[]): Record<TranslatedLocale, TranslationStatus> {
  const found = new Map(stored.map((s) => [s.locale, s.state]));
  return Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, found.get(l) ?? "missing"])) as Record<TranslatedLocale, TranslationStatus>;
}
