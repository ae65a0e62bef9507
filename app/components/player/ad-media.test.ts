import { describe, expect, it } from "vitest";
import { type AdMediaFile, isHttpUrl, pickMediaFile } from "./ad-media";

const mp4 = (width: number, bitrate: number, extra: Partial<AdMediaFile> = {}): AdMediaFile => ({
  fileURL: `https://cdn.example.com/ad-${width}-${bitrate}.mp4`,
  mimeType: "video/mp4",
  width,
  height: Math.round((width * 9) / 16),
  bitrate,
  ...extra,
});
const chrome = (mime: string) => mime === "video/mp4" || mime === "video/webm";

describe("pickMediaFile", () => {
  it("takes the smallest playable file at least as wide as the player", () => {
    const files = [mp4(1920, 3500), mp4(640, 600), mp4(1280, 1800), mp4(854, 1000)];
    expect(pickMediaFile(files, chrome, 800)?.width).toBe(854);
    expect(pickMediaFile(files, chrome, 1200)?.width).toBe(1280);
  });

  it("falls back to the widest when the player is wider than every file", () => {
    expect(pickMediaFile([mp4(640, 600), mp4(854, 1000)], chrome, 2560)?.width).toBe(854);
  });

  it("skips what the browser cannot play, VPAID units, non-http URLs and heavy bitrates", () => {
    const files = [
      { ...mp4(1280, 1500), mimeType: "video/x-flv" },
      mp4(1280, 1500, { apiFramework: "VPAID" }),
      mp4(1280, 1500, { fileURL: "javascript:alert(1)" }),
      mp4(1280, 12_000),
      mp4(960, 1200),
    ];
    expect(pickMediaFile(files, chrome, 1200)?.width).toBe(960);
  });

  it("takes a heavy file rather than none, and nothing when nothing plays", () => {
    expect(pickMediaFile([mp4(1920, 12_000)], chrome, 640)?.bitrate).toBe(12_000);
    expect(pickMediaFile([{ ...mp4(640, 600), mimeType: "application/x-shockwave-flash" }], chrome, 640)).toBeUndefined();
    expect(pickMediaFile([], chrome, 640)).toBeUndefined();
  });

  it("plays HLS only where the browser says it can", () => {
    const hls = { fileURL: "https://cdn.example.com/ad.m3u8", mimeType: "application/x-mpegURL", width: 1280 };
    expect(pickMediaFile([hls], chrome, 640)).toBeUndefined();
    expect(pickMediaFile([hls], (m) => m === "application/x-mpegURL", 640)).toBe(hls);
  });
});

describe("isHttpUrl", () => {
  it("accepts only absolute http(s) addresses", () => {
    expect(isHttpUrl("https://advertiser.example/landing?x=1")).toBe(true);
    expect(isHttpUrl("http://127.0.0.1:4000/landing")).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "/relative", "", null, undefined, "ftp://x.example/"]) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });
});
