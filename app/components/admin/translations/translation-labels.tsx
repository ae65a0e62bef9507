import { LOCALE_INFO } from "~core/locales";
import type { TranslatedLocale, TranslationStatus } from "~core/translations";
import { Badge, type BadgeTone, badgeToneClass } from "../console-ui";

/**
 * How the console names a language and a translation's state, for videos, categories and blog posts alike
 * (docs/i18n.md "Content"). The console stays English: each language named in English, the same on server and
 * browser (a fixed list, not the runtime's Intl data).
 */

const LANGUAGE_NAMES: Record<TranslatedLocale, string> = {
  de: "German",
  fr: "French",
  es: "Spanish",
  "pt-BR": "Brazilian Portuguese",
  ja: "Japanese",
  ar: "Arabic",
};

export const languageName = (locale: TranslatedLocale) => LANGUAGE_NAMES[locale];

/** A field written in `locale`: its language and its direction (an Arabic field is right to left even while empty). */
export const writtenIn = (locale: TranslatedLocale) => ({ lang: locale, dir: LOCALE_INFO[locale].dir });

export const STATUS_LABEL: Record<TranslationStatus, string> = { missing: "Missing", draft: "Draft", published: "Published" };
const STATUS_TONE: Record<TranslationStatus, BadgeTone> = { missing: "warn", draft: "info", published: "ok" };

/** The colours of a state's badge, for a link that shows one (the blog's language switcher). */
export const statusToneClass = (status: TranslationStatus) => badgeToneClass[STATUS_TONE[status]];

export function TranslationStatusBadge({ status }: { status: TranslationStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}
