import { useTranslation } from "react-i18next";

export const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] as const;

export interface RouteMessages {
  lng: string;
  ns: string;
  resources: Record<string, string>;
}

/** Adds a route's namespace (from its loader data) to the browser's instance before it renders; a no-op on the server. */
export function useRouteTranslation({ lng, ns, resources }: RouteMessages) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, resources);
  return useTranslation(ns, { lng });
}
