import type { ReactNode } from "react";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { LANGUAGES } from "../../../shared/videos";
import { getLocale, i18nextMiddleware, messagesFor } from "./i18n.server";
import { type RouteMessages, useRouteTranslation } from "./locales";
import type { Route } from "./+types/root";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { i18n: messagesFor(getLocale(context), "common") };
}

const href = (lng: string, path: string) => (lng === "en" ? path : `/${lng}${path}`);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<{ i18n: RouteMessages }>("root");
  const i18n = data?.i18n ?? { lng: "en", ns: "common", resources: {} };
  const { t, i18n: instance } = useRouteTranslation(i18n);
  const lng = i18n.lng;
  return (
    <html lang={lng} dir={instance.dir(lng)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main">{t("skip_link")}</a>
        <header>
          <Link to={href(lng, "/listing")}>Pleazure</Link>
          <nav>
            <Link to={href(lng, "/listing")}>{t("nav_home")}</Link> <Link to={href(lng, "/listing")}>{t("nav_categories")}</Link>{" "}
            <Link to={href(lng, "/upload")}>{t("nav_upload")}</Link> <Link to={href(lng, "/login")}>{t("nav_signin")}</Link>
          </nav>
          <form role="search" action={href(lng, "/search")}>
            <input name="q" placeholder={t("search_placeholder")} aria-label={t("nav_search")} />
          </form>
          <nav aria-label={t("lang_label")}>
            {LANGUAGES.map(([code, name]) => (
              <a key={code} href={href(code, "/listing")} hrefLang={code} lang={code}>
                {name}
              </a>
            ))}
          </nav>
        </header>
        <main id="main">{children}</main>
        <footer>
          <Link to={href(lng, "/terms")}>{t("footer_terms")}</Link> <Link to={href(lng, "/privacy")}>{t("footer_privacy")}</Link>{" "}
          <Link to={href(lng, "/form")}>{t("footer_contact")}</Link>
          <p>{t("footer_copyright", { year: "2026" })}</p>
        </footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
