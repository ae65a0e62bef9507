import billboardSvg from "./house-banner-billboard.svg?raw";
import rectSvg from "./house-banner-rect.svg?raw";

/**
 * Our own banners, shown when no ad network answers (docs/product.md "Ad slots"), as data URIs in the page: no
 * request that could arrive after the first paint. Percent-encoded only where a URI needs it (not base64:
 * that is a third larger and compresses worse), so each is about 0.6 KB of HTML before compression.
 */
const svgDataUri = (svg: string) =>
  `data:image/svg+xml,${svg.trim().replaceAll("%", "%25").replaceAll('"', "%22").replaceAll("#", "%23").replaceAll("<", "%3C").replaceAll(">", "%3E")}`;

export const HOUSE_BANNER = { billboard: svgDataUri(billboardSvg), rect: svgDataUri(rectSvg) } as const;
