import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { STILL_FORMATS, STILL_MIME, stillSrcSet } from "~core/images";

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "alt">;

/** Attributes React's types lack: the LCP image's Element Timing name, and the mark of a still that waits for it. */
const LCP_IMAGE = { elementtiming: "lcp" } as ImgProps;
const AFTER_LCP = { "data-after-lcp": "" } as ImgProps;

/**
 * A video still (thumbnail or poster) as a `<picture>`: its AVIF variants, then its WebP ones, then the JPEG as the
 * `<img>`'s own source, the browser taking the first format it reads at the width `sizes` asks for (core/images.ts
 * names the files). A still without variants (another origin's, a placeholder) is a plain `<img>`. The picture is
 * `display: contents`, so the `<img>` is laid out and styled as if it stood alone.
 *
 * `preloaded`: the page's likely LCP image, preloaded from `<head>` in the first format (`type` makes a browser
 * without AVIF skip that preload and find the WebP by itself), and its `<img>` of high fetch priority, named for
 * Element Timing (`elementtiming`): by that name the page's loader knows what to wait for and learns when it is on
 * screen (app/lib/hydration-start.server.ts), and the stills that wait for it know there is one (app/styles/site.css).
 *
 * `afterLcp`: a lazy still that is not fetched until the page's LCP image is on screen, so that on a slow line it does
 * not share the bandwidth with it: hidden (`display: none`, app/styles/site.css) until the page's loader marks the
 * image shown, at most 2.5 s. Only for a still whose box keeps its size without it (a card's 16:9 frame). A browser
 * that runs no scripts, or a page with no LCP image, loads it as any lazy image.
 */
export function Still({
  src,
  sizes,
  preloaded = false,
  afterLcp = false,
  alt = "",
  ...img
}: { src: string; sizes: string; preloaded?: boolean; afterLcp?: boolean; alt?: string } & ImgProps) {
  const sources = STILL_FORMATS.flatMap((format) => {
    const srcSet = stillSrcSet(src, format);
    return srcSet ? [{ type: STILL_MIME[format], srcSet }] : [];
  });
  const best = sources[0];
  if (preloaded) {
    preload(best ? best.srcSet.split(" ")[0]! : src, {
      as: "image",
      fetchPriority: "high",
      ...(best ? { imageSrcSet: best.srcSet, imageSizes: sizes, type: best.type } : {}),
    });
  }
  const imgProps: ImgProps = preloaded
    ? { fetchPriority: "high", ...LCP_IMAGE, ...img }
    : afterLcp
      ? { loading: "lazy", ...AFTER_LCP, ...img }
      : img;
  if (!best) return <img src={src} alt={alt} {...imgProps} />;
  return (
    <picture className="contents">
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img src={src} alt={alt} {...imgProps} />
    </picture>
  );
}
