import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STILL_WIDTHS } from "~core/images";
import type { Locale } from "~core/locales";
import { inPage } from "../../../tests/support/in-page";
import { GRID_SIZES, VideoCard, type VideoCardData } from "./VideoCard";

const video: VideoCardData = {
  id: "00000000-0000-4000-8000-000000000001",
  title: "Aurora Veil",
  views: 1234,
  duration: 56,
  thumbnail_url: "/media/demo/aurora/thumb.jpg",
  category_name: "Amateur",
};

const render = (props: Partial<Parameters<typeof VideoCard>[0]> = {}, locale: Locale = "en") =>
  renderToString(
    <html lang={locale}>
      <head />
      <body>{inPage(<VideoCard video={video} {...props} />, { locale, namespaces: ["common", "listing"] })}</body>
    </html>,
  );

/** The card's text content: tags dropped, entities of the views line decoded. */
const text = (html: string) => html.replace(/<[^>]+>/g, "|").replace(/&amp;/g, "&");

const attr = (html: string, tag: string, name: string) => new RegExp(`<${tag}\\b[^>]*\\b${name}="([^"]*)"`).exec(html)?.[1];

describe("VideoCard", () => {
  it("renders the thumbnail as a picture: AVIF, then WebP srcset at the card's sizes, JPEG as the img's src, dimensions reserved", () => {
    const html = render();
    const sources = [...html.matchAll(/<source ([^>]*)>/g)].map(([, a]) => a);
    expect(sources).toEqual(
      ["avif", "webp"].map(
        (format) =>
          `type="image/${format}" srcSet="${STILL_WIDTHS.thumb.map((w) => `/media/demo/aurora/thumb-${w}w.${format} ${w}w`).join(", ")}" sizes="${GRID_SIZES}"/`,
      ),
    );
    expect(html).toMatch(/<picture class="contents"><source [^>]*><source [^>]*><img [^>]*><\/picture>/);
    expect(attr(html, "img", "src")).toBe("/media/demo/aurora/thumb.jpg");
    expect(attr(html, "img", "srcSet")).toBeUndefined();
    expect(attr(html, "img", "width")).toBe("640");
    expect(attr(html, "img", "height")).toBe("360");
    expect(attr(html, "img", "loading")).toBe("lazy");
    // Other cards never compete with the page's LCP image, even when they are in the viewport, and are not fetched
    // before it is on screen.
    expect(attr(html, "img", "fetchPriority")).toBe("low");
    expect(attr(html, "img", "data-after-lcp")).toBe("");
  });

  it("marks the priority card: eager, fetchpriority=high and a preload in <head>", () => {
    const html = render({ priority: true });
    expect(attr(html, "img", "loading")).toBe("eager");
    expect(attr(html, "img", "fetchPriority")).toBe("high");
    expect(attr(html, "img", "data-after-lcp")).toBeUndefined();
    // In the best format, typed, so a browser without AVIF skips it and finds the WebP source by itself.
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? "";
    expect(preload).toContain('fetchPriority="high"');
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain("thumb-320w.avif 320w");
    expect(preload).toContain(`imageSizes="${GRID_SIZES}"`);
  });

  it("marks an English title and category on a German page with lang=en, and neither when both are translated", () => {
    const fallback = render({ video: { ...video, title_lang: "en", category_lang: "en" } }, "de");
    expect(fallback).toMatch(/<h3 dir="ltr" lang="en"[^>]*>Aurora Veil<\/h3>/);
    expect(fallback).toMatch(/<span dir="ltr" lang="en">Amateur<\/span>/);
    const translated = render({ video: { ...video, title: "Polarlicht-Schleier" } }, "de");
    expect(translated).toMatch(/<h3 dir="auto" class="[^"]*">Polarlicht-Schleier<\/h3>/);
    expect(translated).not.toContain('lang="en"');
  });

  it("uses the given heading level and sizes", () => {
    expect(render({ headingLevel: 2 })).toMatch(/<h2[^>]*>Aurora Veil<\/h2>/);
    expect(render()).toMatch(/<h3[^>]*>Aurora Veil<\/h3>/);
    expect(attr(render({ sizes: "80px" }), "source", "sizes")).toBe("80px");
  });

  it("says the views with their plural, the AI badge and the category, and links the video page, in English as ever", () => {
    const html = render();
    expect(text(html)).toContain("|1.2K views|");
    expect(text(render({ video: { ...video, views: 1 } }))).toContain("|1 view|");
    expect(text(html)).toMatch(/\|AI\|/);
    expect(html).toMatch(/<a [^>]*href="\/video\/00000000-0000-4000-8000-000000000001"/);
    // Titles and category names come from the database as they are: their own direction.
    expect(html).toMatch(/<h3 dir="auto"[^>]*>Aurora Veil<\/h3>/);
    expect(html).toMatch(/<span dir="auto">Amateur<\/span>/);
  });

  it("speaks the page's language: German and Arabic, with Arabic's plural forms", () => {
    const de = render({}, "de");
    expect(text(de)).toContain("|KI|");
    expect(text(de)).toContain("|1234 Aufrufe|");
    expect(de).toMatch(/<a [^>]*href="\/de\/video\/00000000-0000-4000-8000-000000000001"/);
    const ar = (views: number) => text(render({ video: { ...video, views } }, "ar"));
    expect(ar(1)).toContain("|مشاهدة واحدة|");
    expect(ar(2)).toContain("|مشاهدتان|");
    expect(ar(5)).toContain("|5 مشاهدات|");
    expect(ar(1)).toContain("|ذكاء اصطناعي|");
    expect(render({}, "ar")).toMatch(/<a [^>]*href="\/ar\/video\//);
  });

  it("keeps a plain src for thumbnails that have no variants", () => {
    const html = render({ video: { ...video, thumbnail_url: "https://cdn.example.com/x.jpg" } });
    expect(attr(html, "img", "src")).toBe("https://cdn.example.com/x.jpg");
    expect(html).not.toMatch(/srcSet|sizes=|<picture|<source/);
  });
});
