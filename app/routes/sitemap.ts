import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import { DEFAULT_LOCALE, LOCALES, type Locale, localeOfRequest, localizePath } from "~core/locales";
import { defineRoute, type SitemapList, sitemapListOf } from "~core/route-contract";
import { unavailableText } from "../../server/http/route-errors";
import { loadedRouteTable } from "../../server/http/route-table";
import { sitemapEntries } from "../../server/services/sitemap";
import { siteUrl } from "../../server/site-url";
import type { Route } from "./+types/sitemap";

/** The path patterns of the public routes that declare each sitemap list (core/route-contract.ts). */
function declaredPatterns(): Record<SitemapList, string[]> {
  const patterns: Record<SitemapList, string[]> = { static: [], categories: [], posts: [], videos: [] };
  for (const { pattern, contract } of loadedRouteTable().entries) {
    const list = contract.access === "public" ? sitemapListOf(contract, pattern) : undefined;
    if (list) patterns[list].push(pattern);
  }
  return patterns;
}

/** A pattern's one parameter filled in: `/video/:videoId` with an id. */
const fill = (pattern: string, value: string) => pattern.replace(/:\w+/, encodeURIComponent(value));

export const contract = defineRoute({
  access: "public",
  kind: "resource",
});

/**
 * The sitemap of one language (`/sitemap.xml` English, `/de/sitemap.xml` German, …; robots.txt names them all): its
 * pages at that language's addresses, each with every language's version as `xhtml:link` alternates and x-default,
 * the same set the pages carry in their heads (app/lib/seo.ts languageAlternates); a blog post only in the languages
 * it is published in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = siteUrl(request);
  const locale = localeOfRequest(request);
  let entries: Awaited<ReturnType<typeof sitemapEntries>>;
  try {
    entries = await sitemapEntries(locale);
  } catch (err) {
    return unavailableText(context, "sitemap", err, "Sitemap temporarily unavailable.", 600);
  }
  const { videos, categories, posts } = entries;
  const link = (hreflang: string, path: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(absoluteUrl(base, path))}"/>`;
  const alternates = (path: string, languages: readonly Locale[]) =>
    [...languages.map((l) => link(l, localizePath(l, path))), link("x-default", localizePath(DEFAULT_LOCALE, path))].join("");
  const url = (path: string, extra = "", lastmod?: Date, languages: readonly Locale[] = LOCALES) =>
    `<url><loc>${escapeXml(absoluteUrl(base, localizePath(locale, path)))}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ""}${alternates(path, languages)}${extra}</url>`;
  const declared = declaredPatterns();
  const parts = [
    ...declared.static.map((p) => url(p)),
    ...declared.categories.flatMap((pattern) => categories.map((c) => url(fill(pattern, c.slug)))),
    // A post is in a language's sitemap only where it is published in that language; its alternates name those.
    ...declared.posts.flatMap((pattern) =>
      posts.filter((p) => p.languages.includes(locale)).map((p) => url(fill(pattern, p.slug), "", p.updated_at, p.languages)),
    ),
    ...declared.videos.flatMap((pattern) =>
      videos.map((v) =>
        url(
          fill(pattern, v.id),
          `<video:video><video:thumbnail_loc>${escapeXml(absoluteUrl(base, v.thumbnail_url ?? "/og-default.png"))}</video:thumbnail_loc><video:title>${escapeXml(v.title)}</video:title><video:description>${escapeXml((v.description ?? v.title).slice(0, 2048))}</video:description>${v.video_url ? `<video:content_loc>${escapeXml(absoluteUrl(base, v.video_url))}</video:content_loc>` : ""}<video:duration>${Math.max(1, v.duration)}</video:duration><video:publication_date>${new Date(v.upload_date).toISOString()}</video:publication_date><video:family_friendly>no</video:family_friendly></video:video>`,
          v.updated_at,
        ),
      ),
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${parts.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
