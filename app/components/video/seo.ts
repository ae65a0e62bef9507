import type { MetaDescriptor } from "react-router";
import { formatIsoDuration } from "~/lib/format";
import { keyMoments } from "~/lib/key-moments";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { TRAINED_ALGORITHMIC_MEDIA } from "~core/content-credentials";
import type { Locale } from "~core/locales";
import { paths } from "~core/paths";
import { site } from "~core/site";
import { slugify } from "~core/slug";
import { truncate } from "~core/text";
import type { VideoData } from "./video-page-data";

/**
 * The video page's tags (docs/product.md "Page metadata"): title, description, Open Graph video and the JSON-LD
 * VideoObject with its key moments and breadcrumbs; a page without a video is noindex.
 */
export function videoMeta(d: VideoData | undefined, siteUrl: string, path: string, locale: Locale): MetaDescriptor[] {
  if (d?.state !== "ok") {
    const title = d?.state === "error" ? "Error" : d?.state === "removed" ? "Video removed" : "Video not found";
    return seoMeta({ siteUrl, locale, title, description: "The requested video could not be found.", path, noindex: true });
  }
  const v = d.video;
  const description = truncate(v.description || `Watch ${v.title}, an AI-generated video on ${site.name}.`);
  const crumbs = [{ name: "Home", path: paths.home() }];
  if (v.category_name) crumbs.push({ name: v.category_name, path: paths.category(slugify(v.category_name)) });
  crumbs.push({ name: v.title, path });
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
        thumbnailUrl: [absoluteUrl(siteUrl, v.thumbnail_url ?? site.defaultSocialImage)],
        uploadDate: v.upload_date,
        duration: formatIsoDuration(v.duration),
        ...(v.video_url ? { contentUrl: absoluteUrl(siteUrl, v.video_url) } : {}),
        embedUrl: absoluteUrl(siteUrl, path),
        digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
        interactionStatistic: { "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" }, userInteractionCount: v.views },
        ...keyMoments(siteUrl, path, d.chapters, v.duration),
      },
      breadcrumbs(siteUrl, crumbs),
    ],
  });
}
