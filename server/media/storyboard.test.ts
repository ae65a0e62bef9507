import { mkdtempSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { makeTestClip } from "../../tests/support/media";
import { probe } from "./ffmpeg";
import { MAX_TILES, makeStoryboard, storyboardLayout, storyboardVtt, vttTimestamp } from "./storyboard";

describe("storyboardLayout", () => {
  it("takes a tile every 2 s for short videos, in rows of 10", () => {
    expect(storyboardLayout(45)).toMatchObject({ intervalSeconds: 2, tiles: 23, columns: 10, rows: 3, tileWidth: 160, tileHeight: 90 });
    expect(storyboardLayout(5)).toMatchObject({ intervalSeconds: 2, tiles: 3, columns: 3, rows: 1 });
    expect(storyboardLayout(0.4)).toMatchObject({ intervalSeconds: 2, tiles: 1, columns: 1, rows: 1 });
  });

  it("widens the interval so long videos stay within the tile budget", () => {
    for (const duration of [200, 201, 3600, 36_000.5]) {
      const layout = storyboardLayout(duration);
      expect(layout.tiles).toBeLessThanOrEqual(MAX_TILES);
      expect(layout.tiles * layout.intervalSeconds).toBeGreaterThanOrEqual(duration);
      expect(Number.isInteger(layout.intervalSeconds)).toBe(true);
    }
    expect(storyboardLayout(3600)).toMatchObject({ intervalSeconds: 36, tiles: 100, rows: 10 });
  });

  it("refuses a duration that is not positive", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => storyboardLayout(bad)).toThrow(/positive duration/);
  });
});

describe("storyboardVtt", () => {
  it("formats timestamps as HH:MM:SS.mmm", () => {
    expect(vttTimestamp(0)).toBe("00:00:00.000");
    expect(vttTimestamp(2)).toBe("00:00:02.000");
    expect(vttTimestamp(3725.5)).toBe("01:02:05.500");
    expect(vttTimestamp(59.9996)).toBe("00:01:00.000");
  });

  it("writes one cue per tile pointing at its place in the sprite, the last ending at the video's end", () => {
    const text = storyboardVtt(storyboardLayout(23));
    const cues = text.split("\n\n").slice(1).filter(Boolean);
    expect(text.startsWith("WEBVTT\n\n")).toBe(true);
    expect(cues).toHaveLength(12);
    expect(cues[0]).toBe("00:00:00.000 --> 00:00:02.000\nstoryboard.jpg#xywh=0,0,160,90");
    expect(cues[1]).toBe("00:00:02.000 --> 00:00:04.000\nstoryboard.jpg#xywh=160,0,160,90");
    expect(cues[9]).toBe("00:00:18.000 --> 00:00:20.000\nstoryboard.jpg#xywh=1440,0,160,90");
    expect(cues[10]).toBe("00:00:20.000 --> 00:00:22.000\nstoryboard.jpg#xywh=0,90,160,90");
    expect(cues[11]?.trim()).toBe("00:00:22.000 --> 00:00:23.000\nstoryboard.jpg#xywh=160,90,160,90");
  });
});

describe("makeStoryboard", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "storyboard-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("renders the sprite and its VTT from a real clip in one ffmpeg run", async () => {
    const clip = path.join(dir, "clip.mp4");
    // 7 s, 4:3 so the fill-and-crop is exercised; an abstract test pattern.
    await makeTestClip(clip, { size: "160x120", rate: 10, seconds: 7, audio: false });
    const out = path.join(dir, "out");
    const result = await makeStoryboard((await probe(clip)).media, out, { durationSeconds: 7 });
    expect(result.layout).toMatchObject({ tiles: 4, columns: 4, rows: 1 });
    expect(await sharp(result.imagePath).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 90 });
    expect(await fs.readFile(result.vttPath, "utf8")).toBe(storyboardVtt(result.layout));
    // Every tile has content (testsrc2 is never black), so the tail is not padding.
    const { data, info } = await sharp(result.imagePath).greyscale().raw().toBuffer({ resolveWithObject: true });
    for (let tile = 0; tile < 4; tile++) {
      let sum = 0;
      for (let y = 0; y < info.height; y++) for (let x = tile * 160; x < (tile + 1) * 160; x++) sum += data[y * info.width + x]!;
      expect(sum / (160 * 90)).toBeGreaterThan(20);
    }
    expect((await fs.readdir(out)).sort()).toEqual(["storyboard.jpg", "storyboard.vtt"]);
  });
});
