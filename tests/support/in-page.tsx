import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Locale } from "../../core/locales";
import { localizePath } from "../../core/locales";
import { type Namespace, pageTexts } from "../../server/i18n/catalog";

/**
 * A component as a page shows it, for unit tests that render to HTML: inside a data router (the texts hook reads
 * the matched routes' loader data), at `path` in `locale`'s address, with the root's loader data carrying the
 * texts of `namespaces` in that language as a page's loaders would (docs/i18n.md).
 */
export function inPage(element: ReactNode, { locale = "en", namespaces = ["common"], path = "/" }: InPageOptions = {}): ReactNode {
  const router = createMemoryRouter([{ id: "root", path: "*", element }], {
    initialEntries: [localizePath(locale, path)],
    hydrationData: { loaderData: { root: { intl: pageTexts(locale, namespaces) } } },
  });
  return <RouterProvider router={router} />;
}

export interface InPageOptions {
  locale?: Locale;
  namespaces?: Namespace[];
  /** The page's English path (default "/"); the router is at its address in `locale`. */
  path?: string;
}
