import type { MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale, localizePath } from "~core/locales";
import { site } from "~core/site";

export interface SeoInput {
  siteUrl: string;
  /** The page's language: its canonical is that language's address, and it lists the others (docs/i18n.md). */
  locale: Locale;
  title: string;
  /** The tagline in the page's language, for the home page's title (default: English's). */
  tagline?: string;
  description: string;
  /** The page's address in English (core/paths.ts `paths`); the page's language's is made from it. */
  path: string;
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article" | "video.other";
  noindex?: boolean;
  jsonLd?: object[];
  ogTitle?: string | null;
  ogDescription?: string | null;
  twitterTitle?: string | null;
  twitterDescription?: string | null;
  twitterImage?: string | null;
  /**
   * The languages the page exists in (default: all the site speaks): its hreflang alternates and og:locale:alternate.
   * A blog post lists only those it is published in (docs/i18n.md "Search engines").
   */
  languages?: readonly Locale[];
  /** An address of the page's own instead of `path` in its language (a blog post's canonical URL). */
  canonical?: string | null;
  /** A video page's stream: og:video (absolute URL, type, secure_url on https) and the og video.* facts. */
  video?: { url: string; type: string; duration: number; releaseDate: string };
}

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif)(\?.*)?$/i;

/**
 * The social-image rule of docs/product.md "Page metadata": a supplied image is used only when it has an image file extension or points
 * to our own media storage; otherwise the default 1200x630 PNG.
 */
export function socialImage(siteUrl: string, supplied?: string | null): string {
  const candidate = supplied?.trim();
  if (candidate && (IMAGE_EXTENSION.test(candidate) || candidate.startsWith("/media/"))) {
    return absoluteUrl(siteUrl, candidate);
  }
  return absoluteUrl(siteUrl, site.defaultSocialImage);
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${siteUrl}/`).toString();
  } catch {
    return `${siteUrl}${site.defaultSocialImage}`;
  }
}

/** `tagline`: the site's tagline in the page's language (the home page's title carries it). */
export function pageTitle(title: string, tagline: string = site.tagline): string {
  return title === site.name ? `${site.name} - ${tagline}` : `${title} | ${site.name}`;
}

/** The full set of tags every screen sets: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = pageTitle(input.title, input.tagline);
  const canonical = input.canonical?.trim() || absoluteUrl(input.siteUrl, localizePath(input.locale, input.path));
  const image = socialImage(input.siteUrl, input.image);
  const usesDefault = image === absoluteUrl(input.siteUrl, site.defaultSocialImage);
  const ogTitle = input.ogTitle || title;
  const ogDescription = input.ogDescription || input.description;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(input.noindex ? [] : languageAlternates(input.siteUrl, input.path, input.languages)),
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: ogTitle },
    { property: "og:description", content: ogDescription },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: LOCALE_INFO[input.locale].ogLocale },
    ...(input.languages ?? LOCALES)
      .filter((l) => l !== input.locale)
      .map((l) => ({ property: "og:locale:alternate", content: LOCALE_INFO[l].ogLocale })),
    { property: "og:image", content: image },
    { property: "og:image:alt", content: input.imageAlt ?? input.title },
    ...(usesDefault
      ? [
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
          { property: "og:image:type", content: "image/png" },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    ...twitterOverrides(input, { title: ogTitle, description: ogDescription, image }),
    { name: "robots", content: input.noindex ? "noindex, follow" : "index, follow" },
    ...videoMeta(input),
  ];
  for (const data of input.jsonLd ?? []) meta.push({ "script:ld+json": data });
  return meta;
}

/**
 * hreflang: the page in every language it exists in (default: every one the site speaks), itself included, and
 * x-default (the English address, which offers the others), for an indexable page. Search engines want the set on
 * every version, each pointing at all the others: the same list on each, made from the English path.
 */
export function languageAlternates(siteUrl: string, path: string, languages: readonly Locale[] = LOCALES): MetaDescriptor[] {
  return [
    ...languages.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: absoluteUrl(siteUrl, localizePath(l, path)) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(siteUrl, localizePath(DEFAULT_LOCALE, path)) },
  ];
}

/**
 * The card's title, description and image where they differ from the Open Graph ones: X reads `og:title`,
 * `og:description` and `og:image` where its own tags are missing, so repeating them only adds bytes to every
 * page's first round trip (docs/benchmarks.md). A blog post's own card texts differ and are written.
 */
function twitterOverrides(input: SeoInput, og: { title: string; description: string; image: string }): MetaDescriptor[] {
  const card = {
    title: input.twitterTitle || og.title,
    description: input.twitterDescription || og.description,
    image: input.twitterImage ? socialImage(input.siteUrl, input.twitterImage) : og.image,
  };
  return (["title", "description", "image"] as const)
    .filter((key) => card[key] !== og[key])
    .map((key) => ({ name: `twitter:${key}`, content: card[key] }));
}

function videoMeta({ siteUrl, video }: SeoInput): MetaDescriptor[] {
  if (!video) return [];
  const url = absoluteUrl(siteUrl, video.url);
  return [
    { property: "og:video", content: url },
    ...(url.startsWith("https:") ? [{ property: "og:video:secure_url", content: url }] : []),
    { property: "og:video:type", content: video.type },
    { property: "video:duration", content: String(Math.round(video.duration)) },
    { property: "video:release_date", content: video.releaseDate },
  ];
}

export function breadcrumbs(siteUrl: string, items: { name: string; path: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}
