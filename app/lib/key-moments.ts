import { type Chapter, chapterEnd, chapterHref } from "~core/chapters";
import { absoluteUrl } from "./seo";

/** The placeholder Google's SeekToAction fills in with the second a key moment starts at. */
const SEEK_PLACEHOLDER = "seek_to_second_number";

/**
 * A video's key moments for its VideoObject JSON-LD, as Google documents them: a `Clip` per chapter (name,
 * start, end, the page at `?t=`) and a `SeekToAction` saying how any second is addressed (`?t=`, which the
 * page honours for every video, so it is there with or without chapters). Spread into the VideoObject.
 */
export function keyMoments(siteUrl: string, path: string, chapters: readonly Chapter[], duration: number): Record<string, unknown> {
  const page = absoluteUrl(siteUrl, path);
  return {
    ...(chapters.length
      ? {
          hasPart: chapters.map((c, i) => ({
            "@type": "Clip",
            name: c.title,
            startOffset: c.start,
            endOffset: chapterEnd(chapters, i, duration),
            url: absoluteUrl(siteUrl, chapterHref(path, c.start)),
          })),
        }
      : {}),
    potentialAction: {
      "@type": "SeekToAction",
      // The braces must stay as they are: absoluteUrl would percent-encode them.
      target: `${page}?t={${SEEK_PLACEHOLDER}}`,
      "startOffset-input": `required name=${SEEK_PLACEHOLDER}`,
    },
  };
}
