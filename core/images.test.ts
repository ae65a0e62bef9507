import { describe, expect, it } from "vitest";
import { STILL_WIDTHS, stillAtWidth, stillSrcSet, stillVariantPath } from "./images";

describe("still variants", () => {
  it("names a variant next to its JPEG", () => {
    expect(stillVariantPath("/media/demo/aurora/thumb.jpg", 320)).toBe("/media/demo/aurora/thumb-320w.webp");
  });

  it("lists every thumbnail and poster width in srcset", () => {
    expect(stillSrcSet("/media/demo/aurora/thumb.jpg")).toBe(
      STILL_WIDTHS.thumb.map((w) => `/media/demo/aurora/thumb-${w}w.webp ${w}w`).join(", "),
    );
    expect(stillSrcSet("/media/videos/abc/poster.jpg")).toBe(
      "/media/videos/abc/poster-480w.webp 480w, /media/videos/abc/poster-768w.webp 768w, /media/videos/abc/poster-1280w.webp 1280w",
    );
  });

  it("has no variants for other URLs (external, other files, missing)", () => {
    for (const url of [
      null,
      undefined,
      "",
      "https://cdn.example.com/media/x/thumb.jpg",
      "/media/x/other.jpg",
      "/placeholder-80x45.svg",
      "/media/x/thumb.jpg?v=2",
    ]) {
      expect(stillSrcSet(url)).toBeUndefined();
    }
    expect(stillAtWidth("https://cdn.example.com/p.jpg", 768)).toBe("https://cdn.example.com/p.jpg");
  });

  it("picks the smallest variant at least as wide as asked, else the widest", () => {
    expect(stillAtWidth("/media/x/poster.jpg", 768)).toBe("/media/x/poster-768w.webp");
    expect(stillAtWidth("/media/x/poster.jpg", 500)).toBe("/media/x/poster-768w.webp");
    expect(stillAtWidth("/media/x/poster.jpg", 4000)).toBe("/media/x/poster-1280w.webp");
  });
});
