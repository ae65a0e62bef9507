import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useWholeSheetHere } from "~/lib/app-styles";
import { translator, useLocale } from "~/lib/i18n";
import { rememberLanguage } from "~/lib/language-cookie";
import { useViewerPage } from "~/lib/viewer-state";
import { LANGUAGE_COOKIE, readCookie } from "~core/cookies";
import { languageToOffer } from "~core/language-choice";
import { LOCALE_INFO, type Locale } from "~core/locales";
import { pageAddressIn } from "~core/page-locale";

function chosenLanguage(): string | null {
  const value = readCookie(document.cookie, LANGUAGE_COOKIE);
  return value === null ? null : decodeURIComponent(value);
}

/**
 * "This page is also available in German" (docs/i18n.md "Choosing a language"): offered, in the offered language,
 * after hydration when the visitor's chosen language (this browser's cookie, else their account's) or else their
 * browser's is another one the site speaks; never a redirect.
 * Fixed at the bottom of the window, so its arrival moves nothing on the page; shown once the whole stylesheet is
 * here (app/lib/app-styles.tsx), which holds its rules. Answering either way is remembered.
 * Its texts are the offered language's `languageOffer` namespace, fetched when there is an offer (app/lib/texts.ts);
 * its code too is loaded only once the page runs (app/root.tsx), never part of the first bytes.
 */
export default function LanguageOffer() {
  const page = useLocale();
  // A signed-in user's language from their settings, once the page's viewer state arrived (this browser's cookie first).
  const account = useViewerPage()?.locale ?? null;
  const [offer, setOffer] = useState<Locale | null>(null);

  useEffect(() => {
    setOffer(languageToOffer(page, chosenLanguage() ?? account, navigator.languages ?? [navigator.language]));
  }, [page, account]);

  // Its classes are in no page's cut stylesheet: it waits for the whole one, or it would jump into place when that lands.
  const styled = useWholeSheetHere();

  if (!offer || !styled) return null;
  return (
    <Suspense fallback={null}>
      <OfferBar offer={offer} page={page} onAnswer={() => setOffer(null)} />
    </Suspense>
  );
}

function OfferBar({ offer, page, onAnswer }: { offer: Locale; page: Locale; onAnswer: () => void }) {
  const location = useLocation();
  const t = translator(offer, "languageOffer");
  const target = pageAddressIn(offer, location.pathname, location.search);
  const bar = useRef<HTMLElement>(null);
  // While it shows, what focus scrolls to stops above it (WCAG 2.4.11), as the header's height does at the top.
  useEffect(() => {
    const root = document.documentElement;
    const padBottom = () => {
      root.style.scrollPaddingBottom = `${bar.current?.offsetHeight ?? 0}px`;
    };
    padBottom();
    const observer = new ResizeObserver(padBottom);
    if (bar.current) observer.observe(bar.current);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
    };
  }, []);
  return (
    <section
      ref={bar}
      aria-label={t("label")}
      lang={offer}
      dir={LOCALE_INFO[offer].dir}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-700 bg-ink-900/95 px-4 py-3 shadow-2xl backdrop-blur"
      data-testid="language-offer"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-200">{t("available")}</p>
        <div className="flex gap-2">
          <a
            href={target}
            hrefLang={offer}
            onClick={() => rememberLanguage(offer)}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("view")}
          </a>
          <button
            type="button"
            onClick={() => {
              rememberLanguage(page);
              onAnswer();
            }}
            className="rounded-lg border border-ink-600 px-4 py-2 text-sm font-semibold text-zinc-200 hover:bg-ink-800"
          >
            {t("stay")}
          </button>
        </div>
      </div>
    </section>
  );
}
