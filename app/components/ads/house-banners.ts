import { escapeXml } from "~/lib/xml";
import billboardSvg from "./house-banner-billboard.svg?raw";
import rectSvg from "./house-banner-rect.svg?raw";

/**
 * Our own banners, shown when no ad network answers (docs/product.md "Ad slots"), as data URIs in the page: no
 * request that could arrive after the first paint. Percent-encoded only where a URI needs it (not base64:
 * that is a third larger and compresses worse), so each is about 0.6 KB of HTML before compression. Their line
 * under the name is the page's language's (`common.houseBannerLine`), built once per language and kind.
 */
const svgDataUri = (svg: string) =>
  `data:image/svg+xml,${svg.trim().replaceAll("%", "%25").replaceAll('"', "%22").replaceAll("#", "%23").replaceAll("<", "%3C").replaceAll(">", "%3E")}`;

const SVG = { billboard: billboardSvg, rect: rectSvg } as const;
const built = new Map<string, string>();

/** The house banner of `kind` with `line` under the name, as a data URI. */
export function houseBanner(kind: keyof typeof SVG, line: string): string {
  const key = `${kind}\u0000${line}`;
  let uri = built.get(key);
  if (!uri) {
    uri = svgDataUri(SVG[kind].replace("{line}", escapeXml(line)));
    built.set(key, uri);
  }
  return uri;
}
