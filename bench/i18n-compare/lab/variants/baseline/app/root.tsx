import type { ReactNode } from "react";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { common as T } from "./texts";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main">{T.skip_link}</a>
        <header>
          <Link to="/listing">Pleazure</Link>
          <nav>
            <Link to="/listing">{T.nav_home}</Link> <Link to="/listing">{T.nav_categories}</Link> <Link to="/upload">{T.nav_upload}</Link>{" "}
            <Link to="/login">{T.nav_signin}</Link>
          </nav>
          <form role="search" action="/search">
            <input name="q" placeholder={T.search_placeholder} aria-label={T.nav_search} />
          </form>
        </header>
        <main id="main">{children}</main>
        <footer>
          <Link to="/terms">{T.footer_terms}</Link> <Link to="/privacy">{T.footer_privacy}</Link> <Link to="/form">{T.footer_contact}</Link>
          <p>{T.footer_copyright({ year: "2026" })}</p>
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
