import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import { plainExcerpt } from "~core/markdown";
import { paths } from "~core/paths";
import { FEED_TITLE } from "./feed-link";
import { BLOG_DESCRIPTION } from "./seo";

export interface FeedPost {
  slug: string;
  title: string;
  excerpt: string | null;
  author: string | null;
  tags: string[];
  published_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The start of the content, for a plain-text description when `excerpt` is empty. */
  content_start: string;
}

// Characters XML 1.0 forbids even when escaped; a stray one would make the whole feed unreadable.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const text = (value: string) => escapeXml(value.replace(NOT_XML, ""));

/** RSS 2.0 document for published posts (newest first), with absolute links and RFC 822 dates. */
export function renderFeed(base: string, posts: FeedPost[]): string {
  const newest = posts.reduce<number>((max, p) => Math.max(max, new Date(p.updated_at).getTime()), 0);
  const items = posts.map((p) => {
    const link = absoluteUrl(base, paths.blogPost(p.slug));
    const description = p.excerpt?.trim() || plainExcerpt(p.content_start, 300);
    return [
      "    <item>",
      `      <title>${text(p.title)}</title>`,
      `      <link>${text(link)}</link>`,
      `      <guid isPermaLink="true">${text(link)}</guid>`,
      `      <pubDate>${new Date(p.published_at ?? p.created_at).toUTCString()}</pubDate>`,
      ...(p.author ? [`      <dc:creator>${text(p.author)}</dc:creator>`] : []),
      ...p.tags.map((tag) => `      <category>${text(tag)}</category>`),
      `      <description>${text(description)}</description>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${text(FEED_TITLE)}</title>`,
    `    <link>${text(absoluteUrl(base, paths.blog()))}</link>`,
    `    <atom:link href="${text(absoluteUrl(base, paths.feed()))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${text(BLOG_DESCRIPTION)}</description>`,
    "    <language>en</language>",
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
