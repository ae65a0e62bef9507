import { DEFAULT_LOCALE, type Locale, localizePath, splitLocalePath } from "./locales";
import { paths } from "./paths";
import { safeRedirectPath } from "./redirect-to";

/**
 * The language a page is shown in (docs/i18n.md "Addresses"): its address's prefix, except on the age check
 * (docs/decisions/0028-age-assurance.md), which has one address for every language and speaks that of the page
 * it returns to (`returnTo`, after the redirect rule's check). Only the address counts, so the root's loader, its
 * revalidation and the components (`<html lang dir>`, texts, links) agree without seeing each other's data; the
 * age check is never cached (private, no-store), so a language read from its query reaches no shared copy.
 */
export function pageLocale(pathname: string, search: string): Locale {
  const { locale, path } = splitLocalePath(pathname);
  if (locale !== DEFAULT_LOCALE || path !== paths.ageCheck()) return locale;
  const returnTo = safeRedirectPath(new URLSearchParams(search).get("returnTo") ?? undefined);
  return splitLocalePath(returnTo.split(/[?#]/, 1)[0] ?? "/").locale;
}

/** The language of a request's page (`.data` requests included: the prefix and query are the same). */
export function pageLocaleOfRequest(request: Request): Locale {
  const url = new URL(request.url);
  return pageLocale(url.pathname, url.search);
}

/**
 * The same page in `locale`, for the language menu: the address with that language's prefix, or, on the age
 * check, the age check returning to the page in that language.
 */
export function pageAddressIn(locale: Locale, pathname: string, search: string): string {
  const { path } = splitLocalePath(pathname);
  const params = new URLSearchParams(search);
  const returnTo = params.get("returnTo");
  if (path !== paths.ageCheck() || pathname !== path || returnTo === null) return `${localizePath(locale, path)}${search}`;
  const target = safeRedirectPath(returnTo);
  const cut = target.search(/[?#]/);
  const [targetPath, rest] = cut === -1 ? [target, ""] : [target.slice(0, cut), target.slice(cut)];
  params.set("returnTo", `${localizePath(locale, splitLocalePath(targetPath).path)}${rest}`);
  return `${path}?${params.toString()}`;
}
