import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STILL_FORMATS, STILL_WIDTHS, stillSrcSet, stillVariantPath } from "../../core/images";
import { parseEnv } from "../env";
import { readManifest } from "./c2pa/sdk";
import { loadContentSigner } from "./c2pa/signer";
import { type DemoAsset, ensureDemoMedia } from "./demo-media";
import { ffmpegToolsWarning, probe, resolveFfmpeg } from "./ffmpeg";
import { STILL_ENCODING } from "./stills";

const RUNGS = [
  { name: "1080p", width: 1920, height: 1080 },
  { name: "720p", width: 1280, height: 720 },
  { name: "480p", width: 854, height: 480 },
];

async function segmentsOf(playlist: string): Promise<string[]> {
  const text = await fs.readFile(playlist, "utf8");
  return text
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => path.join(path.dirname(playlist), l.trim()));
}

/**
 * An AVIF's chroma resolution, read from its AV1 codec configuration box (av1C: after the box type, a marker and
 * version byte, the profile and level byte, then tier, bit depth, monochrome and the two subsampling bits).
 */
function avifChroma(file: Buffer): string {
  const at = file.indexOf("av1C");
  if (at < 0) throw new Error("no av1C box");
  const flags = file[at + 6]!;
  if ((flags >> 4) & 1) return "monochrome";
  const x = (flags >> 3) & 1;
  const y = (flags >> 2) & 1;
  return x && y ? "4:2:0" : x ? "4:2:2" : "4:4:4";
}

describe("ensureDemoMedia", () => {
  let root: string;
  let assets: DemoAsset[];
  const logs: string[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), "demo-media-test-"));
    assets = await ensureDemoMedia(root, (m) => logs.push(m), { assets: 1, clipSeconds: 6 });
  }, 120_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("writes a manifest describing one asset", async () => {
    expect(assets).toHaveLength(1);
    const [asset] = assets;
    expect(asset).toMatchObject({
      key: "aurora",
      hlsPath: "demo/aurora/master.m3u8",
      posterPath: "demo/aurora/poster.jpg",
      storyboardPath: "demo/aurora/storyboard.vtt",
    });
    expect(asset!.durationSeconds).toBeGreaterThan(5.5);
    expect(asset!.durationSeconds).toBeLessThan(6.5);
    const manifest = JSON.parse(await fs.readFile(path.join(root, "demo/manifest.json"), "utf8"));
    expect(manifest.assets).toEqual(assets);
    expect(existsSync(path.join(root, "demo/aurora/source.mkv"))).toBe(false);
    expect(logs.some((l) => /^\[media\] 1\/1 aurora: transcoding/.test(l))).toBe(true);
  });

  it("writes a master playlist with every rung and its bandwidth, resolution and codecs", async () => {
    const master = await fs.readFile(path.join(root, assets[0]!.hlsPath), "utf8");
    expect(master.startsWith("#EXTM3U")).toBe(true);
    for (const rung of RUNGS) {
      expect(master).toMatch(
        new RegExp(
          `#EXT-X-STREAM-INF:BANDWIDTH=\\d+,.*RESOLUTION=${rung.width}x${rung.height},.*CODECS="avc1\\.64[0-9a-f]{4},mp4a\\.40\\.2"\\n${rung.name}/index\\.m3u8`,
        ),
      );
    }
  });

  it("produces complete VOD variant playlists whose segments are H.264 + AAC at the rung height", async () => {
    const dir = path.join(root, "demo/aurora");
    for (const rung of RUNGS) {
      const playlist = path.join(dir, rung.name, "index.m3u8");
      const text = await fs.readFile(playlist, "utf8");
      expect(text).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
      expect(text).toContain("#EXT-X-ENDLIST");
      // 2 s segments, each starting on a keyframe (forced every 2 s), for a fast first frame.
      expect(text).toContain("#EXT-X-TARGETDURATION:2");
      const segments = await segmentsOf(playlist);
      expect(segments.length).toBeGreaterThanOrEqual(3);
      for (const s of segments) {
        expect(path.basename(s)).toMatch(/^seg_\d{3}\.ts$/);
        expect(existsSync(s)).toBe(true);
      }
      const { streams } = await probe(segments[0]!);
      const video = streams.find((s) => s.codec_type === "video");
      const audio = streams.find((s) => s.codec_type === "audio");
      expect(video).toMatchObject({ codec_name: "h264", height: rung.height, width: rung.width });
      expect(audio).toMatchObject({ codec_name: "aac", channels: 2 });
    }
  });

  it("writes a 1280x720 poster and a 640x360 thumbnail as JPEG", async () => {
    for (const [file, width, height] of [
      [assets[0]!.posterPath, 1280, 720],
      [assets[0]!.thumbnailPath, 640, 360],
    ] as const) {
      expect(await sharp(path.join(root, file)).metadata()).toMatchObject({ format: "jpeg", width, height });
    }
    expect(statSync(path.join(root, assets[0]!.thumbnailPath)).size).toBeLessThan(100_000);
  });

  it("writes the storyboard sprite and its WebVTT", async () => {
    const vtt = await fs.readFile(path.join(root, assets[0]!.storyboardPath), "utf8");
    expect(vtt.startsWith("WEBVTT")).toBe(true);
    expect(vtt).toContain("00:00:00.000 --> 00:00:02.000\nstoryboard.jpg#xywh=0,0,160,90");
    expect(vtt.match(/-->/g)).toHaveLength(3);
    expect(await sharp(path.join(root, "demo/aurora/storyboard.jpg")).metadata()).toMatchObject({ format: "jpeg", width: 480, height: 90 });
  });

  it("writes the AVIF and WebP variants of the poster and thumbnail at the widths the pages ask for", async () => {
    for (const [file, widths] of [
      [assets[0]!.posterPath, STILL_WIDTHS.poster],
      [assets[0]!.thumbnailPath, STILL_WIDTHS.thumb],
    ] as const) {
      for (const w of widths) {
        for (const [format, container] of [
          ["avif", "heif"],
          ["webp", "webp"],
        ] as const) {
          const variant = path.join(root, stillVariantPath(file, w, format));
          const meta = await sharp(variant).metadata();
          expect(meta).toMatchObject({ format: container, width: w, height: Math.round((w * 9) / 16) });
          // The stills are 4:2:0 JPEGs (frames of 4:2:0 video): the AVIF keeps their chroma resolution, no more.
          if (format === "avif") expect(avifChroma(await fs.readFile(variant))).toBe("4:2:0");
        }
      }
    }
    // Every URL a card's sources name is on disk.
    const url = `/media/${assets[0]!.thumbnailPath}`;
    for (const format of STILL_FORMATS) {
      for (const candidate of stillSrcSet(url, format)!.split(", ")) {
        const [href] = candidate.split(" ");
        expect(existsSync(path.join(root, href!.replace(/^\/media\//, "")))).toBe(true);
      }
    }
  });

  it("adds a format's missing variants to an existing set, and only those, without re-encoding it", async () => {
    const segment = path.join(root, "demo/aurora/720p/seg_000.ts");
    const before = statSync(segment).mtimeMs;
    const kept = path.join(root, stillVariantPath(assets[0]!.thumbnailPath, 320, "webp"));
    const keptAt = statSync(kept).mtimeMs;
    // A set rendered before AVIF: no AVIF files, and a manifest that does not name the formats.
    const manifestFile = path.join(root, "demo/manifest.json");
    const { stillFormats, ...older } = JSON.parse(await fs.readFile(manifestFile, "utf8"));
    expect(stillFormats).toEqual(["avif", "webp"]);
    await fs.writeFile(manifestFile, JSON.stringify(older));
    const removed = [assets[0]!.posterPath, assets[0]!.thumbnailPath].flatMap((still) =>
      STILL_WIDTHS[still.endsWith("poster.jpg") ? "poster" : "thumb"].map((w) => path.join(root, stillVariantPath(still, w, "avif"))),
    );
    for (const f of removed) await fs.rm(f);
    const upgradeLogs: string[] = [];
    await ensureDemoMedia(root, (m) => upgradeLogs.push(m), { assets: 1, clipSeconds: 6 });
    for (const f of removed) expect(existsSync(f)).toBe(true);
    expect(statSync(kept).mtimeMs).toBe(keptAt);
    expect(statSync(segment).mtimeMs).toBe(before);
    expect(upgradeLogs).toEqual(["[media] writing the missing variants of 2 still(s)"]);
    // The manifest now differs from a bucket's older copy, so uploadDemoMedia sends the new files.
    expect(JSON.parse(await fs.readFile(manifestFile, "utf8")).stillFormats).toEqual(["avif", "webp"]);
  });

  it("writes every variant again when the set's were encoded with other settings, and only the variants", async () => {
    const segment = path.join(root, "demo/aurora/720p/seg_000.ts");
    const segmentAt = statSync(segment).mtimeMs;
    const manifestFile = path.join(root, "demo/manifest.json");
    const { stillEncoding, ...older } = JSON.parse(await fs.readFile(manifestFile, "utf8"));
    expect(stillEncoding).toBe(STILL_ENCODING);
    // A set from before the settings were recorded: its AVIF thumbnail at sharp's default, 4:4:4.
    await fs.writeFile(manifestFile, JSON.stringify(older));
    const thumb = path.join(root, stillVariantPath(assets[0]!.thumbnailPath, 640, "avif"));
    await sharp(path.join(root, assets[0]!.thumbnailPath)).avif({ quality: 40, effort: 3, chromaSubsampling: "4:4:4" }).toFile(thumb);
    expect(avifChroma(await fs.readFile(thumb))).toBe("4:4:4");
    const webp = path.join(root, stillVariantPath(assets[0]!.posterPath, 480, "webp"));
    const webpInode = statSync(webp).ino; // a variant is written to a temporary file and renamed: a new inode
    const upgradeLogs: string[] = [];
    await ensureDemoMedia(root, (m) => upgradeLogs.push(m), { assets: 1, clipSeconds: 6 });
    expect(upgradeLogs).toEqual([`[media] encoding the variants of 2 still(s) again (${STILL_ENCODING})`]);
    expect(avifChroma(await fs.readFile(thumb))).toBe("4:2:0");
    expect(statSync(webp).ino).not.toBe(webpInode);
    expect(statSync(segment).mtimeMs).toBe(segmentAt);
    // Recorded, so the next start does nothing, and a bucket's older copy of the manifest differs (uploadDemoMedia).
    expect(JSON.parse(await fs.readFile(manifestFile, "utf8")).stillEncoding).toBe(STILL_ENCODING);
    const again: string[] = [];
    await ensureDemoMedia(root, (m) => again.push(m), { assets: 1, clipSeconds: 6 });
    expect(again).toEqual([]);
  });

  it("signs an unsigned set's content credentials in place, once, and records it in the manifest", async () => {
    const keys = mkdtempSync(path.join(os.tmpdir(), "demo-media-signer-"));
    try {
      const signer = loadContentSigner(keys, parseEnv({}));
      const dir = path.join(root, "demo/aurora");
      const segment = path.join(dir, "720p/seg_000.ts");
      const before = statSync(segment).mtimeMs;
      const upgradeLogs: string[] = [];
      await ensureDemoMedia(root, (m) => upgradeLogs.push(m), { assets: 1, clipSeconds: 6, signer });
      expect(upgradeLogs).toEqual(["[media] signing the content credentials of aurora"]);
      expect(statSync(segment).mtimeMs).toBe(before);
      const report = await readManifest(await fs.readFile(path.join(dir, "poster.jpg")), "image/jpeg");
      expect(report?.validationState).toBe("Valid");
      expect(report?.manifest.title).toBe(assets[0]!.title);
      expect(JSON.parse(await fs.readFile(path.join(root, "demo/manifest.json"), "utf8")).credentials).toBe(true);
      // Signed once: a second start leaves it alone.
      const poster = statSync(path.join(dir, "poster.jpg")).mtimeMs;
      await ensureDemoMedia(root, (m) => upgradeLogs.push(`again: ${m}`), { assets: 1, clipSeconds: 6, signer });
      expect(statSync(path.join(dir, "poster.jpg")).mtimeMs).toBe(poster);
      expect(upgradeLogs).toHaveLength(1);
    } finally {
      rmSync(keys, { recursive: true, force: true });
    }
  });

  it("returns the existing manifest on a second call without re-encoding", async () => {
    const manifest = path.join(root, "demo/manifest.json");
    const segment = path.join(root, "demo/aurora/720p/seg_000.ts");
    const before = [statSync(manifest).mtimeMs, statSync(segment).mtimeMs];
    const started = Date.now();
    const again = await ensureDemoMedia(root, (m) => logs.push(`second: ${m}`), { assets: 1, clipSeconds: 6 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(again).toEqual(assets);
    expect([statSync(manifest).mtimeMs, statSync(segment).mtimeMs]).toEqual(before);
    expect(logs.some((l) => l.startsWith("second:"))).toBe(false);
  });
});

describe("resolveFfmpeg", () => {
  it("honours FFMPEG_PATH", () => {
    expect(resolveFfmpeg({ FFMPEG_PATH: "/opt/custom/bin/ffmpeg", FFPROBE_PATH: undefined, PATH: "" })).toBe("/opt/custom/bin/ffmpeg");
  });

  it("falls back to an executable ffmpeg (PATH or the npm package)", () => {
    for (const searchPath of [process.env.PATH ?? "", ""]) {
      const bin = resolveFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined, PATH: searchPath });
      expect(path.basename(bin)).toMatch(/^ffmpeg(\.exe)?$/);
      expect(statSync(bin).isFile()).toBe(true);
    }
  });
});

describe("ffmpegToolsWarning", () => {
  const none = { FFMPEG_PATH: undefined, FFPROBE_PATH: undefined };

  it("is silent for maintained binaries (FFMPEG_PATH/FFPROBE_PATH, or Debian's on PATH)", () => {
    expect(ffmpegToolsWarning({ FFMPEG_PATH: "/usr/bin/ffmpeg", FFPROBE_PATH: "/usr/bin/ffprobe", PATH: "" })).toBeUndefined();
    // scripts/test.sh installs Debian's ffmpeg for the tests: PATH finds it before the npm build.
    expect(resolveFfmpeg({ ...none, PATH: process.env.PATH ?? "" })).not.toMatch(/@ffmpeg-installer/);
    expect(ffmpegToolsWarning({ ...none, PATH: process.env.PATH ?? "" })).toBeUndefined();
  });

  it("names the npm fallback in one line when nothing else is found", () => {
    const warning = ffmpegToolsWarning({ ...none, PATH: "" });
    expect(warning).toMatch(/^ffmpeg and ffprobe: using the npm package's old static build .*apt-get install -y ffmpeg/);
    expect(warning).not.toContain("\n");
    expect(ffmpegToolsWarning({ FFMPEG_PATH: "/usr/bin/ffmpeg", FFPROBE_PATH: undefined, PATH: "" })).toMatch(/^ffprobe: /);
  });
});
