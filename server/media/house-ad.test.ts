import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { probe } from "./ffmpeg";
import { ensureHouseAd, HOUSE_AD_DIR } from "./house-ad";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-house-ad-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the house pre-roll clip", () => {
  it("is a 15 s faststart H.264/AAC MP4, rendered once into the cache and linked into each media root", async () => {
    const cacheRoot = path.join(root, "cache");
    const log: string[] = [];
    const file = await ensureHouseAd({ mediaRoot: path.join(root, "a", "media"), cacheRoot, log: (m) => log.push(m) });
    expect(fs.lstatSync(path.join(root, "a", "media", HOUSE_AD_DIR)).isSymbolicLink()).toBe(true);

    const info = await probe(file);
    expect(info.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
    expect(info.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });
    expect(Number(info.format.duration)).toBeCloseTo(15, 0);
    // faststart: the index (moov) precedes the media data, so playback starts before the download ends.
    const head = fs
      .readFileSync(file)
      .subarray(0, 64 * 1024)
      .toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(-1);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") === -1 ? Number.POSITIVE_INFINITY : head.indexOf("mdat"));

    const rendered = fs.statSync(file).mtimeMs;
    const second = await ensureHouseAd({ mediaRoot: path.join(root, "b", "media"), cacheRoot, log: (m) => log.push(m) });
    expect(fs.statSync(second).mtimeMs).toBe(rendered); // no second render
    expect(log.filter((l) => l.includes("rendering"))).toHaveLength(1);
  });
});
