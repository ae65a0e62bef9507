import type { ReactNode } from "react";
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider, useIntl } from "react-intl";

export interface RouteMessages {
  locale: string;
  ns: string;
  messages: Record<string, string>;
}

// One IntlShape per locale and namespace for the life of the process (server) or page (browser), so the
// parsed or compiled messages and the Intl formatters are made once, not per request.
const cache = createIntlCache();
const shapes = new Map<string, IntlShape>();
function intlFor({ locale, ns, messages }: RouteMessages): IntlShape {
  const key = `${locale}:${ns}`;
  let intl = shapes.get(key);
  if (!intl) shapes.set(key, (intl = createIntl({ locale, messages, defaultLocale: "en", timeZone: "UTC" }, cache)));
  return intl;
}

/** A route's own messages (from its loader data) for the components below it. */
export function RouteIntl({ intl, children }: { intl: RouteMessages; children: ReactNode }) {
  return <RawIntlProvider value={intlFor(intl)}>{children}</RawIntlProvider>;
}

/** formatMessage for the ids of one namespace ("listing" -> "listing.title"). */
export function useMessages(ns: string) {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number | Date>) => intl.formatMessage({ id: `${ns}.${id}` }, values) as string;
}
