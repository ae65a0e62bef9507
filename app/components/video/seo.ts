import type { MetaDescriptor } from "react-router";
import { formatIsoDuration } from "~/lib/format";
import { translator } from "~/lib/i18n";
import { keyMoments } from "~/lib/key-moments";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { TRAINED_ALGORITHMIC_MEDIA } from "~core/content-credentials";
import { type Locale, localizePath } from "~core/locales";
import { pathsIn } from "~core/paths";
import { site } from "~core/site";
import { truncate } from "~core/text";
import type { VideoData } from "./video-page-data";

interface Page {
  siteUrl: string;
  /** The page's address in English (core/paths.ts `paths`); seoMeta makes its language's from it. */
  path: string;
  locale: Locale;
}

/**
 * The video page's tags (docs/product.md "Page metadata"): title, description, Open Graph video and the JSON-LD
 * VideoObject with its key moments and breadcrumbs, in the page's language (its texts, its addresses and
 * `inLanguage`); a page without a video is noindex.
 */
export function videoMeta(d: VideoData | undefined, { siteUrl, path, locale }: Page): MetaDescriptor[] {
  const t = translator(locale, "video");
  const common = translator(locale, "common");
  if (d?.state !== "ok") {
    const title = d?.state === "error" ? common("errorHeading") : d?.state === "removed" ? t("removedHeading") : t("notFoundHeading");
    return seoMeta({ siteUrl, locale, title, description: t("notFoundText"), path, noindex: true });
  }
  const v = d.video;
  const paths = pathsIn(locale);
  const here = localizePath(locale, path);
  const description = truncate(v.description || t("metaDescription", { title: v.title, site: site.name }));
  const crumbs = [{ name: common("navHome"), path: paths.home() }];
  // The slug, not the shown name: a translated name ("آسيوي") has none of its own.
  if (v.category_name && v.category_slug) crumbs.push({ name: v.category_name, path: paths.category(v.category_slug) });
  crumbs.push({ name: v.title, path: here });
  return seoMeta({
    siteUrl,
    locale,
    title: v.title,
    description,
    path,
    type: "video.other",
    image: v.poster_url ?? v.thumbnail_url,
    video: v.video_url
      ? { url: v.video_url, type: "application/vnd.apple.mpegurl", duration: v.duration, releaseDate: v.upload_date }
      : undefined,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "VideoObject",
        name: v.title,
        description,
        inLanguage: locale,
        thumbnailUrl: [absoluteUrl(siteUrl, v.thumbnail_url ?? site.defaultSocialImage)],
        uploadDate: v.upload_date,
        duration: formatIsoDuration(v.duration),
        ...(v.video_url ? { contentUrl: absoluteUrl(siteUrl, v.video_url) } : {}),
        embedUrl: absoluteUrl(siteUrl, here),
        digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
        interactionStatistic: { "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" }, userInteractionCount: v.views },
        ...keyMoments(siteUrl, here, d.chapters, v.duration),
      },
      breadcrumbs(siteUrl, crumbs),
    ],
  });
}
