/**
 * Responsive variants of the stills the media pipeline writes next to each JPEG (server/media/stills.ts):
 * `/media/x/thumb.jpg` has `/media/x/thumb-160w.webp`, `thumb-320w.webp`, …; the JPEG stays the
 * original's value in the database (docs/product.md "Data") and the fallback `src`. Only our own stills have variants: any
 * `/media/…/{thumb,poster}.jpg`, and on another origin (MEDIA_BASE_URL: object storage, a CDN) the pipeline's
 * and the demo set's own layout, `…/videos/<video id>/` or `…/demo/<look>/`. Any other URL is used as it is.
 */
export const STILL_WIDTHS = {
  thumb: [160, 320, 480, 640],
  poster: [480, 768, 1280],
} as const;

export type StillKind = keyof typeof STILL_WIDTHS;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const OWN_STILL = new RegExp(`^(?:/media/[^?#]*|https?://[^/?#]+(?:/[^?#]*)?/(?:videos/${UUID}|demo/[a-z0-9-]+))/(thumb|poster)\\.jpg$`);

/** The WebP variant of a still at one width (same folder, `<name>-<width>w.webp`). */
export function stillVariantPath(jpeg: string, width: number): string {
  return jpeg.replace(/\.jpg$/, `-${width}w.webp`);
}

/** `srcset` for one of our stills, or undefined when the URL has no variants (external or other files). */
export function stillSrcSet(url: string | null | undefined): string | undefined {
  const kind = url ? OWN_STILL.exec(url)?.[1] : undefined;
  if (!url || !kind) return undefined;
  return STILL_WIDTHS[kind as StillKind].map((w) => `${stillVariantPath(url, w)} ${w}w`).join(", ");
}

/** One variant URL of a still (e.g. a poster for `<video poster>`), or the URL itself when it has none. */
export function stillAtWidth(url: string, width: number): string {
  const kind = OWN_STILL.exec(url)?.[1] as StillKind | undefined;
  if (!kind) return url;
  const widths = STILL_WIDTHS[kind];
  const pick = widths.find((w) => w >= width) ?? widths[widths.length - 1]!;
  return stillVariantPath(url, pick);
}
