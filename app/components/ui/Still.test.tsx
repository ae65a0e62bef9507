import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Still } from "./Still";

const img = (html: string) => /<img [^>]*>/.exec(html)?.[0] ?? "";

describe("Still", () => {
  it("gives the preloaded still's <img> high fetch priority", () => {
    const poster = (props: { preloaded?: boolean; afterLcp?: boolean; fetchPriority?: "low" }) =>
      renderToString(
        <html lang="en">
          <head />
          <body>
            <Still src="/media/demo/prism/poster.jpg" sizes="100vw" {...props} />
          </body>
        </html>,
      );
    expect(img(poster({ preloaded: true }))).toContain('fetchPriority="high"');
    expect(poster({ preloaded: true })).toContain('<link rel="preload" as="image"');
    expect(img(poster({}))).not.toContain("fetchPriority");
    // A caller's own priority wins.
    expect(img(poster({ preloaded: true, fetchPriority: "low" }))).toContain('fetchPriority="low"');
  });

  it("names the preloaded still for Element Timing, by which the page's scripts know what to wait for, and marks a still that waits for it, lazy", () => {
    const html = (props: { preloaded?: boolean; afterLcp?: boolean }) =>
      img(renderToString(<Still src="/media/demo/prism/thumb.jpg" sizes="100vw" {...props} />));
    expect(html({ preloaded: true })).toContain('elementtiming="lcp"');
    expect(html({ preloaded: true })).not.toContain("data-after-lcp");
    expect(html({ afterLcp: true })).toContain('data-after-lcp=""');
    expect(html({ afterLcp: true })).toContain('loading="lazy"');
    expect(html({ afterLcp: true })).not.toContain("elementtiming");
    expect(html({})).not.toMatch(/elementtiming|data-after-lcp|loading/);
  });
});
