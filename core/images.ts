/**
 * Responsive variants of the stills the media pipeline writes next to each JPEG (server/media/stills.ts):
 * `/media/x/thumb.jpg` has `/media/x/thumb-160w.avif` and `thumb-160w.webp`, `thumb-320w.…`, …; the JPEG stays
 * the original's value in the database (docs/product.md "Data") and the fallback `src`. Only our own stills have
 * variants: any `/media/…/{thumb,poster}.jpg`, and on another origin (MEDIA_BASE_URL: object storage, a CDN) the
 * pipeline's and the demo set's own layout, `…/videos/<video id>/` or `…/demo/<look>/`. Any other URL is used as it is.
 */
export const STILL_WIDTHS = {
  thumb: [160, 320, 480, 640],
  poster: [480, 768, 1280],
} as const;

export type StillKind = keyof typeof STILL_WIDTHS;

/**
 * The variants' formats, best first, as a `<picture>` offers them: AVIF is about 40 % smaller than WebP at a
 * better likeness to the original (docs/benchmarks.md "Issue 35: AVIF stills"); WebP is for browsers without it.
 */
export const STILL_FORMATS = ["avif", "webp"] as const;

export type StillFormat = (typeof STILL_FORMATS)[number];

export const STILL_MIME: Readonly<Record<StillFormat, string>> = { avif: "image/avif", webp: "image/webp" };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const OWN_STILL = new RegExp(`^(?:/media/[^?#]*|https?://[^/?#]+(?:/[^?#]*)?/(?:videos/${UUID}|demo/[a-z0-9-]+))/(thumb|poster)\\.jpg$`);

/** A variant of a still at one width (same folder, `<name>-<width>w.<format>`). */
export function stillVariantPath(jpeg: string, width: number, format: StillFormat): string {
  return jpeg.replace(/\.jpg$/, `-${width}w.${format}`);
}

/** `srcset` of one format for one of our stills, or undefined when the URL has no variants (external or other files). */
export function stillSrcSet(url: string | null | undefined, format: StillFormat): string | undefined {
  const kind = url ? OWN_STILL.exec(url)?.[1] : undefined;
  if (!url || !kind) return undefined;
  return STILL_WIDTHS[kind as StillKind].map((w) => `${stillVariantPath(url, w, format)} ${w}w`).join(", ");
}
