import {
  data,
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from "react-router";
import { logger } from "../server/logger";
import { requestInfoContext } from "../server/request-context";
import { listCategories } from "../server/services/categories";
import { siteUrl } from "../server/site-url";
import appCssUrl from "./app.css?url";
import { AgeGate } from "./components/layout/AgeGate";
import { Footer } from "./components/layout/Footer";
import { Header } from "./components/layout/Header";
import { NotFound } from "./components/layout/NotFound";
import { AppStyles } from "./lib/app-styles";
import { FALLBACK_CATEGORIES } from "./lib/categories";
import { AGE_COOKIE, readCookie } from "./lib/cookies";
import { useNonce } from "./lib/nonce";
import type { RootData } from "./lib/root-data";
import { site } from "./lib/site";
import { slugify } from "./lib/slug";

export async function loader({ request, context }: LoaderFunctionArgs) {
  let categories: RootData["categories"];
  let categoriesFailed = false;
  try {
    categories = (await listCategories()).map(({ name, slug }) => ({ name, slug }));
  } catch (err) {
    logger.error(
      { err, requestId: context.get(requestInfoContext).requestId },
      "header categories failed to load; showing the fallback list",
    );
    categoriesFailed = true;
    categories = FALLBACK_CATEGORIES.map((name) => ({ name, slug: slugify(name) }));
  }
  const result: RootData = {
    siteUrl: siteUrl(request),
    ageVerified: readCookie(request.headers.get("cookie"), AGE_COOKIE) === "true",
    categories,
    categoriesFailed,
  };
  return data(result);
}

// Header data changes rarely: reload it only after a form submission, not on every navigation.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="rating" content={site.rtaLabel} />
        <meta name="theme-color" content="#0b0a10" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <AppStyles href={appCssUrl} />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <a href="#main" className="sr-only-focusable fixed left-2 top-2 z-50 rounded bg-brand-600 px-3 py-2 text-white">
        Skip to content
      </a>
      <Header />
      <Outlet />
      <Footer />
      <AgeGate />
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <Header />
        <main id="main" className="mx-auto max-w-7xl px-4 py-10">
          <NotFound />
        </main>
        <Footer />
      </>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`Error | ${site.name}`}</title>
      <h1 className="text-3xl font-bold">Error</h1>
      <p className="mt-4 text-zinc-300">Something went wrong. Please try again later.</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
        Go to Homepage
      </a>
    </main>
  );
}
