import { data } from "react-router";
import { NotFound } from "~/components/layout/NotFound";
import { siteUrlFromMatches } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
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
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    title: "404 - Page Not Found",
    description: "The page you're looking for doesn't exist or has been moved.",
    path: location.pathname,
    noindex: true,
  });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
