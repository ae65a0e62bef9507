import { useLocation } from "react-router";
import { AppLink } from "~/components/ui/AppLink";
import { useLocale, useMessages, usePaths } from "~/lib/i18n";
import { rememberLanguage } from "~/lib/language-cookie";
import { LOCALE_INFO, LOCALES } from "~core/locales";
import { pageAddressIn } from "~core/page-locale";
import { site } from "~core/site";

export function Footer() {
  const t = useMessages("common");
  const paths = usePaths();
  const linkClass = "text-sm text-zinc-400 hover:text-white";
  return (
    <footer className="mt-16 border-t border-ink-800 bg-ink-900/60 laid-out-when-seen">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="text-lg font-extrabold">
            Pleaz<span className="text-brand-400">ure</span>
          </p>
          <p className="mt-2 text-sm text-zinc-400">{t("tagline")}</p>
          <p className="mt-2 text-xs text-zinc-400">{t("aiNotice")}</p>
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold uppercase tracking-wide text-zinc-300">
            {t("footerCompany")}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink to={paths.values()} className={linkClass}>
                {t("footerValues")}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.career()} className={linkClass}>
                {t("footerCareers")}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.contact()} className={linkClass}>
                {t("footerContact")}
              </AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold uppercase tracking-wide text-zinc-300">
            {t("footerLegal")}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink to={paths.terms()} className={linkClass}>
                {t("footerTerms")}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.privacy()} className={linkClass}>
                {t("footerPrivacy")}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.takedown()} className={linkClass}>
                {t("footerTakedown")}
              </AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-sm font-semibold uppercase tracking-wide text-zinc-300">
            {t("footerSupport")}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink to={paths.faq()} className={linkClass}>
                {t("footerFaq")}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.trust()} className={linkClass}>
                {t("footerTrust")}
              </AppLink>
            </li>
          </ul>
        </nav>
        <LanguageMenu className={linkClass} label={t("language")} />
      </div>
      <div className="border-t border-ink-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 sm:flex-row">
          <p className="text-xs text-zinc-400">{t("copyright", { year: String(site.copyrightYear), site: site.name })}</p>
          <div className="flex gap-4">
            <a href={site.xUrl} className={linkClass} rel="noopener noreferrer" target="_blank">
              X (Twitter)
            </a>
            <a href={site.discordUrl} className={linkClass} rel="noopener noreferrer" target="_blank">
              Discord
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}

/**
 * The same page in every language the site speaks (docs/i18n.md): plain links, so they work by keyboard, touch
 * and without JavaScript; each names its language in that language, marked with its `lang` and `hreflang`.
 */
function LanguageMenu({ className, label }: { className: string; label: string }) {
  const current = useLocale();
  const location = useLocation();
  return (
    <nav aria-labelledby="footer-language">
      <h2 id="footer-language" className="text-sm font-semibold uppercase tracking-wide text-zinc-300">
        {label}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={pageAddressIn(locale, location.pathname, location.search)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              onClick={() => rememberLanguage(locale)}
              className={`${className} ${locale === current ? "font-semibold text-white" : ""}`}
            >
              {LOCALE_INFO[locale].name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
