import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, parsePreferences } from "./preferences";
import { renditionsOf } from "./stream";

describe("parsePreferences", () => {
  it("keeps valid values", () => {
    expect(parsePreferences(JSON.stringify({ volume: 0.37, muted: true, rate: 1.5 }))).toEqual({ volume: 0.37, muted: true, rate: 1.5 });
  });

  it("falls back field by field on anything else", () => {
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences("{not json")).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences(JSON.stringify({ volume: 7, muted: "yes", rate: 16 }))).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences(JSON.stringify({ volume: 0, rate: 0.25 }))).toEqual({ volume: 0, muted: false, rate: 0.25 });
  });
});

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
});
