import { describe, expect, it } from "vitest";
import { STILL_FORMATS, STILL_WIDTHS, stillSrcSet, stillVariantPath } from "./images";

describe("still variants", () => {
  it("names a variant next to its JPEG", () => {
    expect(stillVariantPath("/media/demo/aurora/thumb.jpg", 320, "webp")).toBe("/media/demo/aurora/thumb-320w.webp");
    expect(stillVariantPath("/media/demo/aurora/thumb.jpg", 320, "avif")).toBe("/media/demo/aurora/thumb-320w.avif");
  });

  it("lists every thumbnail and poster width in srcset, in each format", () => {
    expect(stillSrcSet("/media/demo/aurora/thumb.jpg", "webp")).toBe(
      STILL_WIDTHS.thumb.map((w) => `/media/demo/aurora/thumb-${w}w.webp ${w}w`).join(", "),
    );
    expect(stillSrcSet("/media/videos/abc/poster.jpg", "avif")).toBe(
      "/media/videos/abc/poster-480w.avif 480w, /media/videos/abc/poster-768w.avif 768w, /media/videos/abc/poster-1280w.avif 1280w",
    );
    expect(STILL_FORMATS).toEqual(["avif", "webp"]);
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
      "https://cdn.example.com/p.jpg",
    ]) {
      for (const format of STILL_FORMATS) expect(stillSrcSet(url, format)).toBeUndefined();
    }
  });

  it("knows our stills on the media origin (MEDIA_BASE_URL) by the pipeline's layout, and nothing else there", () => {
    const still = "https://cdn.example.com/site/videos/0b7c1f0e-9a3d-4c5e-8f21-6d0a2b4c8e10/thumb.jpg";
    expect(stillSrcSet(still, "avif")).toBe(STILL_WIDTHS.thumb.map((w) => `${still.replace(".jpg", `-${w}w.avif`)} ${w}w`).join(", "));
    const demo = "http://127.0.0.1:9000/bucket/demo/aurora/poster.jpg";
    expect(stillSrcSet(demo, "webp")).toBe(STILL_WIDTHS.poster.map((w) => `${demo.replace(".jpg", `-${w}w.webp`)} ${w}w`).join(", "));
    for (const url of [
      "https://cdn.example.com/videos/not-a-uuid/thumb.jpg",
      "https://cdn.example.com/videos/0b7c1f0e-9a3d-4c5e-8f21-6d0a2b4c8e10/thumb.jpg?v=2",
      "https://cdn.example.com/demo/aurora/other.jpg",
      "javascript://x/videos/0b7c1f0e-9a3d-4c5e-8f21-6d0a2b4c8e10/thumb.jpg",
    ]) {
      expect(stillSrcSet(url, "webp")).toBeUndefined();
    }
  });
});
