import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import { unavailableText } from "../../server/http/route-errors";
import { sitemapEntries } from "../../server/services/sitemap";
import { siteUrl } from "../../server/site-url";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = ["/", "/blog", "/values", "/career", "/contact", "/terms", "/privacy", "/faq"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const base = siteUrl(request);
  let entries: Awaited<ReturnType<typeof sitemapEntries>>;
  try {
    entries = await sitemapEntries();
  } catch (err) {
    return unavailableText(context, "sitemap", err, "Sitemap temporarily unavailable.", 600);
  }
  const { videos, categories, posts } = entries;
  const url = (loc: string, extra = "", lastmod?: Date) =>
    `<url><loc>${escapeXml(absoluteUrl(base, loc))}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ""}${extra}</url>`;
  const parts = [
    ...STATIC_PATHS.map((p) => url(p)),
    ...categories.map((c) => url(`/category/${c.slug}`)),
    ...posts.map((p) => url(`/blog/${p.slug}`, "", p.updated_at)),
    ...videos.map((v) =>
      url(
        `/video/${v.id}`,
        `<video:video><video:thumbnail_loc>${escapeXml(absoluteUrl(base, v.thumbnail_url ?? "/og-default.png"))}</video:thumbnail_loc><video:title>${escapeXml(v.title)}</video:title><video:description>${escapeXml((v.description ?? v.title).slice(0, 2048))}</video:description>${v.video_url ? `<video:content_loc>${escapeXml(absoluteUrl(base, v.video_url))}</video:content_loc>` : ""}<video:duration>${Math.max(1, v.duration)}</video:duration><video:publication_date>${new Date(v.upload_date).toISOString()}</video:publication_date><video:family_friendly>no</video:family_friendly></video:video>`,
        v.updated_at,
      ),
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n${parts.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
