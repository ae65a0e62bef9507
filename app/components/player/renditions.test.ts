import { describe, expect, it } from "vitest";
import { renditionsOf } from "./renditions";

describe("renditionsOf", () => {
  it("lists each height once, tallest first, with the hls.js level index", () => {
    const levels = [
      { height: 480, bitrate: 500_000 },
      { height: 720, bitrate: 1_000_000 },
      { height: 720, bitrate: 1_400_000 },
      { height: 1080, bitrate: 2_000_000 },
      { height: 0, bitrate: 64_000 }, // audio-only: not a picture quality
    ];
    expect(renditionsOf(levels)).toEqual([
      { level: 3, height: 1080, label: "1080p" },
      { level: 2, height: 720, label: "720p" },
      { level: 0, height: 480, label: "480p" },
    ]);
  });

  it("keeps the higher bitrate of two levels of one height, whatever their order", () => {
    const levels = [
      { height: 720, bitrate: 1_400_000 },
      { height: 720, bitrate: 1_000_000 },
    ];
    expect(renditionsOf(levels)).toEqual([{ level: 0, height: 720, label: "720p" }]);
    expect(renditionsOf([])).toEqual([]);
  });
});
