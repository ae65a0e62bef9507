import type { MetaDescriptor } from "react-router";
import { absoluteUrl, breadcrumbs, seoMeta, socialImage } from "~/lib/seo";
import { DEFAULT_LOCALE, type Locale } from "~core/locales";
import { paths, pathsIn } from "~core/paths";
import { site } from "~core/site";
import { truncate } from "~core/text";
import { feedLink } from "./feed-link";

export const BLOG_DESCRIPTION = `News, guides and behind-the-scenes notes from ${site.name}: AI video, synthetic media ethics, streaming, privacy and what we are building next.`;

/** The post's SEO fields as sent to the page (content itself stays on the server). */
export interface PostSeo {
  title: string;
  slug: string;
  author: string | null;
  tags: string[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
  description: string;
  meta_title: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image_url: string | null;
  twitter_card_title: string | null;
  twitter_card_description: string | null;
  twitter_card_image_url: string | null;
  canonical_url: string | null;
  /** The language the texts are in (default English): a published translation's, or English on any page. */
  locale?: Locale;
  /** The languages the post is published in (default: English only), for hreflang. */
  languages?: Locale[];
}

/** A post's own canonical_url when it is an absolute http(s) URL or a site path, else the post's address. */
export function postCanonical(siteUrl: string, post: Pick<PostSeo, "slug" | "canonical_url">): string {
  const own = post.canonical_url?.trim();
  if (own) {
    if (own.startsWith("/") && !own.startsWith("//")) return absoluteUrl(siteUrl, own);
    try {
      const url = new URL(own);
      if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
    } catch {
      // not a URL: fall through to the default
    }
  }
  return absoluteUrl(siteUrl, paths.blogPost(post.slug));
}

/**
 * A post's meta tags; `crumbs` names the breadcrumbs' pages in the page's language (`locale`). Title, description,
 * Open Graph, JSON-LD and the canonical follow the language the text is in (docs/i18n.md "Search engines"): a
 * translation is its own language's address, the English text (on any language's page) the English post's.
 */
export function blogPostMeta(
  siteUrl: string,
  post: PostSeo,
  locale: Locale = DEFAULT_LOCALE,
  crumbs: { home: string; blog: string } = { home: "Home", blog: "Blog" },
): MetaDescriptor[] {
  const textLocale = post.locale ?? DEFAULT_LOCALE;
  const path = paths.blogPost(post.slug);
  const canonical =
    textLocale === DEFAULT_LOCALE ? postCanonical(siteUrl, post) : absoluteUrl(siteUrl, pathsIn(textLocale).blogPost(post.slug));
  const headline = post.meta_title?.trim() || post.title;
  const image = socialImage(siteUrl, post.og_image_url);
  const published = post.published_at ?? post.created_at;
  const meta = seoMeta({
    siteUrl,
    locale: textLocale,
    languages: post.languages ?? [DEFAULT_LOCALE],
    title: headline,
    description: post.description,
    path,
    canonical,
    type: "article",
    image: post.og_image_url,
    imageAlt: post.og_title?.trim() || headline,
    ogTitle: post.og_title,
    ogDescription: post.og_description,
    twitterTitle: post.twitter_card_title,
    twitterDescription: post.twitter_card_description,
    twitterImage: post.twitter_card_image_url,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: truncate(headline, 110),
        description: post.description,
        inLanguage: textLocale,
        datePublished: published,
        dateModified: post.updated_at,
        ...(post.author ? { author: { "@type": "Person", name: post.author } } : { author: { "@type": "Organization", name: site.name } }),
        ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
        image,
        url: canonical,
        mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
        publisher: { "@type": "Organization", name: site.name, url: absoluteUrl(siteUrl, paths.home()) },
      },
      breadcrumbs(siteUrl, [
        { name: crumbs.home, path: pathsIn(locale).home() },
        { name: crumbs.blog, path: pathsIn(locale).blog() },
        { name: post.title, path: pathsIn(locale).blogPost(post.slug) },
      ]),
    ],
  });
  meta.push(
    { property: "article:published_time", content: published },
    { property: "article:modified_time", content: post.updated_at },
    ...(post.author ? [{ property: "article:author", content: post.author }] : []),
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    feedLink(siteUrl),
  );
  return meta;
}
