import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "~/lib/seo";
import { paths } from "~core/paths";
import { site } from "~core/site";

export const FEED_TITLE = `${site.name} Blog`;

/**
 * The blog's RSS feed, named in the head of its list and posts. A module of its own: the list's JavaScript then
 * holds no post metadata code (app/components/blog/seo.ts, with its markdown reader).
 */
export function feedLink(siteUrl: string): MetaDescriptor {
  return { tagName: "link", rel: "alternate", type: "application/rss+xml", title: FEED_TITLE, href: absoluteUrl(siteUrl, paths.feed()) };
}
