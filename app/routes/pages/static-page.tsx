import { data } from "react-router";
import { MarkdownHtml } from "~/components/blog/MarkdownHtml";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { getPage, type PageName } from "../../../server/services/pages";
import type { Route } from "./+types/static-page";

// One module serves the company and legal pages registered in routes.ts (ids page-values, page-career, …);
// the page is chosen by path, the content comes from content/pages/<name>.md.
const PAGES: Record<string, { name: PageName; schemaType: string }> = {
  [paths.values()]: { name: "values", schemaType: "AboutPage" },
  [paths.career()]: { name: "career", schemaType: "WebPage" },
  [paths.terms()]: { name: "terms", schemaType: "WebPage" },
  [paths.privacy()]: { name: "privacy", schemaType: "WebPage" },
};

interface StaticPageData {
  path: string;
  schemaType: string;
  title: string;
  description: string;
  html: string;
}

function pageForPath(pathname: string) {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const page = PAGES[path];
  return page ? { path, ...page } : undefined;
}

export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  sitemap: "static",
});

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageForPath(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  const content = await getPage(page.name);
  return data<StaticPageData>({
    path: page.path,
    schemaType: page.schemaType,
    title: content.title,
    description: content.description,
    html: renderMarkdown(content.body),
  });
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const siteUrl = siteUrlFromMatches(matches);
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl,
    title: d.title,
    description: d.description,
    path: d.path,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": d.schemaType,
        name: d.title,
        description: d.description,
        url: absoluteUrl(siteUrl, d.path),
        isPartOf: { "@type": "WebSite", name: site.name, url: absoluteUrl(siteUrl, paths.home()) },
      },
      breadcrumbs(siteUrl, [
        { name: "Home", path: paths.home() },
        { name: d.title, path: d.path },
      ]),
    ],
  });
}

export default function StaticPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{d.title}</h1>
      <MarkdownHtml html={d.html} className="mt-2 break-words" />
    </article>
  );
}
