import { data } from "react-router";
import { NotFound } from "~/components/layout/NotFound";
import { translator } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { splitLocalePath } from "~core/locales";
import { defineRoute } from "~core/route-contract";
import type { Route } from "./+types/not-found";

export const contract = defineRoute({
  access: "public",
  kind: "page",
});

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(splitLocalePath(location.pathname).locale, "common");
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl: siteUrlFromMatches(matches),
    title: t("notFoundMetaTitle"),
    description: t("notFoundText"),
    path: location.pathname,
    noindex: true,
  });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
