// The locale is the address's first segment (/de/listing; none for English). On the server the root
// middleware holds it for the request (locale.server.ts); in the browser this strategy reads the address.
// A custom strategy instead of Paraglide's "url" one keeps its URL-rewriting code out of the bundle.
import { baseLocale, defineCustomClientStrategy, isLocale, type Locale } from "./paraglide/runtime.js";

export function localeOfPath(pathname: string): Locale {
  const segment = pathname.split("/")[1];
  return segment && isLocale(segment) ? segment : baseLocale;
}

// Paraglide also asks client strategies on the server when no request holds a locale (an unmatched URL runs
// no middleware), hence the window check: the 404 page is then in the base locale.
defineCustomClientStrategy("custom-path", {
  getLocale: () => (typeof window === "undefined" ? undefined : localeOfPath(window.location.pathname)),
  setLocale: () => {},
});
