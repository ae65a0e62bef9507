import { languageCookieValue } from "~core/cookies";
import type { Locale } from "~core/locales";

/** The visitor's language choice, remembered in the browser (core/cookies.ts LANGUAGE_COOKIE, docs/i18n.md "Choosing"). */
export function rememberLanguage(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference; cookieStore is not in every browser
  document.cookie = languageCookieValue(locale, window.location.protocol === "https:");
}
