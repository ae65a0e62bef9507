import { useLocation, useMatches, useRouteError } from "react-router";
import { LOCALE_INFO, type Locale } from "~core/locales";
import { formatMessage, type MessageBundle, type MessageValues } from "~core/messages";
import { pageLocale } from "~core/page-locale";
import { type Paths, pathsIn } from "~core/paths";
import type { MessageId, Namespace } from "../../server/i18n/catalog";

/**
 * The page's language and texts in components (docs/i18n.md). The language is the address's (core/page-locale.ts),
 * so it is known everywhere, error pages included, without loader data. The texts come in loader data as
 * `intl` (server/i18n/catalog.ts messagesFor): the root's `common`, and each route's own namespaces.
 */

export type Translate<N extends Namespace> = (id: MessageId<N>, values?: MessageValues) => string;

/** Loader data that carries texts. */
export interface WithMessages {
  intl: MessageBundle;
}

/** The language of the page shown. */
export function useLocale(): Locale {
  const { pathname, search } = useLocation();
  return pageLocale(pathname, search);
}

/** The language's writing direction, for `dir` attributes and direction-dependent icons. */
export function useDirection(): "ltr" | "rtl" {
  return LOCALE_INFO[useLocale()].dir;
}

/** Site addresses in the page's language (core/paths.ts pathsIn). */
export function usePaths(): Paths {
  return pathsIn(useLocale());
}

type MatchLike = { loaderData?: unknown } | undefined;

/**
 * The bundles the matched routes' loaders sent, innermost first (a route's own texts before the layout's), after
 * those of a refusal thrown before any loader ran (app/lib/route-contract.server.ts), which the error page shows.
 */
export function bundlesOf(matches: readonly MatchLike[], error?: unknown): MessageBundle[] {
  const bundles: MessageBundle[] = [];
  const thrown = (error as { data?: Partial<WithMessages> | null } | undefined)?.data?.intl;
  if (thrown) bundles.push(thrown);
  for (let i = matches.length - 1; i >= 0; i--) {
    const intl = (matches[i]?.loaderData as Partial<WithMessages> | null | undefined)?.intl;
    if (intl) bundles.push(intl);
  }
  return bundles;
}

/** A formatter of namespace `ns` over the given bundles (also for `meta`, which gets the matches as an argument). */
export function translator<N extends Namespace>(bundles: readonly MessageBundle[], locale: Locale, ns: N): Translate<N> {
  return (id, values) => {
    const key = `${ns}.${id}`;
    const bundle = bundles.find((b) => key in b.messages) ?? { locale, messages: {} };
    return formatMessage(bundle, key, values);
  };
}

/** The texts of namespace `ns` in the page's language: `t("id", { count })`. */
export function useMessages<N extends Namespace>(ns: N): Translate<N> {
  const locale = useLocale();
  return translator(bundlesOf(useMatches(), useRouteError()), locale, ns);
}
