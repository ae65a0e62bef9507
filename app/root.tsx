import { lazy, Suspense } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunction,
  UNSAFE_useScrollRestoration,
  useLocation,
} from "react-router";
import { FALLBACK_CATEGORIES } from "~core/categories";
import { AGE_COOKIE } from "~core/cookies";
import { LOCALE_INFO, splitLocalePath } from "~core/locales";
import { pageLocale, pageLocaleOfRequest } from "~core/page-locale";
import { parseCookie } from "~core/params";
import { paths } from "~core/paths";
import { isSharedPage } from "~core/route-contract";
import { site } from "~core/site";
import { slugify } from "~core/slug";
import { z } from "~core/zod";
import { env } from "../server/env";
import { ageAccessContext, routeContext } from "../server/http/request-context";
import { attempt } from "../server/http/route-errors";
import { getViewer, hasSessionCookie } from "../server/http/session";
import { pageTexts } from "../server/i18n/catalog";
import { currentAdConfiguration } from "../server/services/ad-units-feed";
import { listCategories } from "../server/services/categories";
import { categoryMenu, localizeCategories } from "../server/services/content-translations";
import { siteUrl } from "../server/site-url";
import type { Route } from "./+types/root";
import appCssUrl from "./app.css?url";
import { AdsProvider } from "./components/ads/AdsProvider";
import { AgeCheckNotice } from "./components/layout/AgeCheck";
import { AgeGate } from "./components/layout/AgeGate";
import { Footer } from "./components/layout/Footer";
import { Header } from "./components/layout/Header";
import { NotFound } from "./components/layout/NotFound";
import { useLinkNavigation } from "./components/ui/AppLink";
import { AppStyles } from "./lib/app-styles";
import { useLocale, useMessages, usePageTexts, usePaths } from "./lib/i18n";
import { useNonce } from "./lib/nonce";
import type { RootData } from "./lib/root-data";
import { enforceRouteContract } from "./lib/route-contract.server";
import { pageTitle } from "./lib/seo";
import { textsFilePath } from "./lib/texts";
import { useHydrated } from "./lib/use-hydrated";
import { ViewerStateProvider } from "./lib/viewer-state";

/** Every route's declared access and input are checked here, before any of its loaders or actions (core/route-contract.ts). */
export const middleware: Route.MiddlewareFunction[] = [enforceRouteContract];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The address's language, or the age check's page to return to: not the route's data, which the root cannot see
  // (docs/i18n.md "Addresses"; core/page-locale.ts), so `<html lang dir>` and the layout's texts match the page.
  const locale = pageLocaleOfRequest(request);
  let categoriesFailed = false;
  // A shared page is rendered the same for every signed-in user: their parts come after hydration.
  const route = context.get(routeContext);
  const shared = route !== null && isSharedPage(route.contract);
  const [viewer, categories, adConfig] = await Promise.all([
    // A failed session lookup shows the page signed out rather than failing it (a database outage still 503s).
    shared
      ? null
      : attempt(
          context,
          "session lookup",
          () => getViewer({ request, context }),
          () => null,
        ),
    attempt(
      context,
      "header categories (showing the fallback list)",
      async () => categoryMenu(await localizeCategories(await listCategories(), locale), locale),
      () => {
        categoriesFailed = true;
        return FALLBACK_CATEGORIES.map((name) => ({ name, slug: slugify(name) }));
      },
    ),
    // This process's live copy (no query per page); unreadable units show no ads rather than fail the page.
    attempt(context, "ad units (showing none)", currentAdConfiguration, () => ({})),
  ]);
  const result: RootData = {
    intl: pageTexts(locale, ["common"]),
    siteUrl: siteUrl(request),
    ageVerified: parseCookie(z.literal("true"), request.headers.get("cookie"), AGE_COOKIE) === "true",
    ageAccess: context.get(ageAccessContext),
    categories,
    categoriesFailed,
    viewer,
    viewerDeferred: shared && hasSessionCookie(request.headers.get("cookie")),
    ads: { config: adConfig, scriptUrl: env().AD_SCRIPT_URL ?? null },
  };
  return data(result);
}

// Header data changes rarely: reload it only after a form submission (sign-in and sign-out are posts), not
// on every navigation; on the way to the sign-in page, where a session that ended meanwhile shows; and into
// another language, whose texts it carries.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) => {
  if (formMethod !== undefined && formMethod !== "GET") return defaultShouldRevalidate;
  const next = pageLocale(nextUrl.pathname, nextUrl.search);
  return splitLocalePath(nextUrl.pathname).path === paths.login() || next !== pageLocale(currentUrl.pathname, currentUrl.search);
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const locale = useLocale();
  const texts = usePageTexts();
  const hydrated = useHydrated();
  useLinkNavigation();
  return (
    // `data-hydrated`: the page runs its scripts (its texts fetched first, app/entry.client.tsx); before, links and
    // forms work as plain HTML.
    <html lang={locale} dir={LOCALE_INFO[locale].dir} data-hydrated={hydrated ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="rating" content={site.rtaLabel} />
        <meta name="theme-color" content="#0b0a10" />
        <link rel="icon" href={site.mark} type="image/svg+xml" />
        <Meta />
        <AppStyles href={appCssUrl} />
        <Links />
        {/* The texts the page renders with, fetched in parallel with the scripts; app/entry.client.tsx waits for them.
            Gone once hydrated: a client-side navigation fetches its texts itself (app/lib/texts.ts), once. */}
        {!hydrated &&
          texts.map((text) => (
            <link
              key={`${text.locale}/${text.ns}`}
              rel="preload"
              as="fetch"
              crossOrigin="anonymous"
              href={textsFilePath(__TEXTS_VERSION__, text.locale, text.ns)}
              data-texts={text.ns}
              data-locale={text.locale}
            />
          ))}
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollPositions />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * React Router's scroll restoration (`<ScrollRestoration>`) without its inline script: positions are saved as the
 * page is left and restored on client-side navigations, and a document load's position is restored by the
 * hydration loader, the one inline script of ours (app/lib/hydration-start.server.ts `RESTORE_SCROLL`). One
 * inline script fewer is one hash fewer in a kept page's CSP, and 80-130 B fewer in the first round trip.
 */
function ScrollPositions() {
  UNSAFE_useScrollRestoration();
  return null;
}

/** Shown after hydration only, if ever (docs/i18n.md "Choosing a language"): its code is no part of the first bytes. */
const LanguageOffer = lazy(() => import("./components/layout/LanguageOffer"));

/** The offer, once the page has hydrated: a component of its own, so that the flip re-renders it and not the page. */
function LanguageOfferOnceHydrated() {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <LanguageOffer />
    </Suspense>
  ) : null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AdsProvider initialConfig={loaderData.ads.config} scriptUrl={loaderData.ads.scriptUrl}>
      <ViewerStateProvider>
        <SkipLink />
        <Header />
        <AgeCheckNotice />
        <Outlet />
        <Footer />
        <LanguageOfferOnceHydrated />
        <AgeGate />
      </ViewerStateProvider>
    </AdsProvider>
  );
}

/** The first Tab stop of every page with the header: past the header's links, straight to the content (WCAG 2.4.1). */
function SkipLink() {
  const t = useMessages("common");
  return (
    <a href="#main" className="sr-only-focusable fixed start-2 top-2 z-50 rounded bg-brand-600 px-3 py-2 text-white">
      {t("skipToContent")}
    </a>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const t = useMessages("common");
  const localPaths = usePaths();
  if (isRouteErrorResponse(error) && error.status === 404) {
    // An unmatched address runs no route's meta: the page's title comes from here, as the 404 route words it.
    return (
      <>
        <title>{pageTitle(t("notFoundMetaTitle"))}</title>
        <SkipLink />
        <Header />
        <main id="main" className="mx-auto max-w-7xl px-4 py-10">
          <NotFound />
        </main>
        <Footer />
      </>
    );
  }
  // 503: the database is briefly unreachable (Retry-After is set), not an error of the page.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text =
    status === 503
      ? { heading: t("unavailableHeading"), body: t("unavailableBody", { site: site.name }) }
      : status === 400
        ? { heading: t("badRequestHeading"), body: t("badRequestBody") }
        : { heading: t("errorHeading"), body: t("errorBody") };
  const button = "mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700";
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${text.heading} | ${site.name}`}</title>
      <h1 className="text-3xl font-bold">{text.heading}</h1>
      <p className="mt-4 text-zinc-300">{text.body}</p>
      {status === 503 ? (
        <a href={`${location.pathname}${location.search}`} className={button}>
          {t("reload")}
        </a>
      ) : (
        <a href={localPaths.home()} className={button}>
          {t("goHome")}
        </a>
      )}
    </main>
  );
}
