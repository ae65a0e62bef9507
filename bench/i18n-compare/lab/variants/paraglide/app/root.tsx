import type { ReactNode } from "react";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { LANGUAGES } from "../../../shared/videos";
import "./locale";
import { m } from "./paraglide/messages.js";
import { getLocale, getTextDirection } from "./paraglide/runtime.js";
import { localeMiddleware } from "./locale.server";
import type { Route } from "./+types/root";

export const middleware: Route.MiddlewareFunction[] = [localeMiddleware];

// Addresses are the app's own (the site builds every one in core/paths.ts), as in the other variants.
const href = (lng: string, path: string) => (lng === "en" ? path : `/${lng}${path}`);

export function Layout({ children }: { children: ReactNode }) {
  const locale = getLocale();
  return (
    <html lang={locale} dir={getTextDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main">{m.common_skip_link()}</a>
        <header>
          <Link to={href(locale, "/listing")}>Pleazure</Link>
          <nav>
            <Link to={href(locale, "/listing")}>{m.common_nav_home()}</Link> <Link to={href(locale, "/listing")}>{m.common_nav_categories()}</Link>{" "}
            <Link to={href(locale, "/upload")}>{m.common_nav_upload()}</Link> <Link to={href(locale, "/login")}>{m.common_nav_signin()}</Link>
          </nav>
          <form role="search" action={href(locale, "/search")}>
            <input name="q" placeholder={m.common_search_placeholder()} aria-label={m.common_nav_search()} />
          </form>
          <nav aria-label={m.common_lang_label()}>
            {LANGUAGES.map(([code, name]) => (
              <a key={code} href={href(code, "/listing")} hrefLang={code} lang={code}>
                {name}
              </a>
            ))}
          </nav>
        </header>
        <main id="main">{children}</main>
        <footer>
          <Link to={href(locale, "/terms")}>{m.common_footer_terms()}</Link> <Link to={href(locale, "/privacy")}>{m.common_footer_privacy()}</Link>{" "}
          <Link to={href(locale, "/form")}>{m.common_footer_contact()}</Link>
          <p>{m.common_footer_copyright({ year: "2026" })}</p>
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
