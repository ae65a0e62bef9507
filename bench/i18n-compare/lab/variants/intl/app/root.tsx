import type { ReactNode } from "react";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { LANGUAGES } from "../../../shared/videos";
import { type RouteMessages, RouteIntl, useMessages } from "./intl";
import { localeOf, messagesFor } from "./intl.server";
import type { Route } from "./+types/root";

export function loader({ params }: Route.LoaderArgs) {
  return { intl: messagesFor(localeOf(params), "common") };
}

const href = (lng: string, path: string) => (lng === "en" ? path : `/${lng}${path}`);
const RTL = new Set(["ar"]);

function Chrome({ lng, children }: { lng: string; children: ReactNode }) {
  const t = useMessages("common");
  return (
    <>
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
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<{ intl: RouteMessages }>("root");
  const intl = data?.intl ?? { locale: "en", ns: "common", messages: {} };
  return (
    <html lang={intl.locale} dir={RTL.has(intl.locale) ? "rtl" : "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <RouteIntl intl={intl}>
          <Chrome lng={intl.locale}>{children}</Chrome>
        </RouteIntl>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
