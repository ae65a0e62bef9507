import { data } from "react-router";
import { MarkdownHtml } from "~/components/blog/MarkdownHtml";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { AppLink } from "~/components/ui/AppLink";
import { textLanguage, translator, useLocale, useMessages, type WithMessages } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { type Locale, localeOfRequest, localizePath, splitLocalePath } from "~core/locales";
import { paths, pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { pageTexts } from "../../../server/i18n/catalog";
import { getPage, type PageName } from "../../../server/services/pages";
import type { Route } from "./+types/static-page";

// One module serves the company and legal pages registered in routes.ts (ids page-values, page-career, …);
// the page is chosen by its English path, the content comes from content/pages/<name>.md (<name>.<locale>.md in
// another language, docs/i18n.md "Content").
const PAGES: Record<string, { name: PageName; schemaType: string }> = {
  [paths.values()]: { name: "values", schemaType: "AboutPage" },
  [paths.career()]: { name: "career", schemaType: "WebPage" },
  [paths.terms()]: { name: "terms", schemaType: "WebPage" },
  [paths.privacy()]: { name: "privacy", schemaType: "WebPage" },
};

/** Legal texts: a translation says that the English version is the binding one, and links it. */
const BINDING_IN_ENGLISH: ReadonlySet<PageName> = new Set(["terms", "privacy"]);

interface StaticPageData extends WithMessages {
  /** The page's English path. */
  path: string;
  schemaType: string;
  /** The language the content is in: the page's, or English where it has no translation yet. */
  contentLocale: Locale;
  /** A translation of a legal text (the note pointing to the English version shows). */
  translatedLegalText: boolean;
  title: string;
  description: string;
  html: string;
}

function pageForPath(pathname: string) {
  const path = splitLocalePath(pathname.replace(/\.data$/, "")).path.replace(/\/+$/, "") || "/";
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
  const locale = localeOfRequest(request);
  const content = await getPage(page.name, locale);
  return data<StaticPageData>({
    path: page.path,
    schemaType: page.schemaType,
    contentLocale: content.locale,
    translatedLegalText: BINDING_IN_ENGLISH.has(page.name) && content.locale !== "en",
    title: content.title,
    description: content.description,
    html: renderMarkdown(content.body),
    intl: pageTexts(locale, ["pages"]),
  });
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeFromMatches(matches);
  const common = translator(locale, "common");
  const local = pathsIn(locale);
  const own = localizePath(locale, d.path);
  const url = absoluteUrl(siteUrl, own);
  return seoMeta({
    locale,
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
        url,
        inLanguage: d.contentLocale,
        isPartOf: { "@type": "WebSite", name: site.name, url: absoluteUrl(siteUrl, local.home()) },
      },
      breadcrumbs(siteUrl, [
        { name: common("navHome"), path: local.home() },
        { name: d.title, path: own },
      ]),
    ],
  });
}

export default function StaticPage({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("pages");
  const locale = useLocale();
  return (
    <article className="mx-auto max-w-3xl" {...textLanguage(d.contentLocale, locale)}>
      <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{d.title}</h1>
      {d.translatedLegalText && (
        <p role="note" className="mt-4 rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm text-zinc-300">
          {t("bindingNote")}{" "}
          <AppLink to={d.path} hrefLang="en" className="font-medium text-brand-300 underline-offset-2 hover:underline">
            {t("bindingLink")}
          </AppLink>
        </p>
      )}
      <MarkdownHtml html={d.html} className="mt-2 break-words" />
    </article>
  );
}
