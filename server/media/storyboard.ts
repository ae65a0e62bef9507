import fs from "node:fs/promises";
import path from "node:path";
import { type MediaFile, mediaInput, runFfmpeg } from "./ffmpeg";

/**
 * Scrub-preview storyboard, as PeerTube and most players read it: one JPEG sprite of small frames and a
 * WebVTT file whose cues point at a tile with a media fragment (`storyboard.jpg#xywh=x,y,w,h`).
 */

export const STORYBOARD_IMAGE = "storyboard.jpg";
export const STORYBOARD_VTT = "storyboard.vtt";
export const TILE_WIDTH = 160;
export const TILE_HEIGHT = 90;
/** A sprite of at most 100 tiles stays a single small download (~150-300 KB) for any video length. */
export const MAX_TILES = 100;
export const COLUMNS = 10;
/** Shorter intervals than this add tiles without adding anything a thumbnail-sized preview can show. */
const MIN_INTERVAL_SECONDS = 2;

export interface StoryboardLayout {
  intervalSeconds: number;
  tiles: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  durationSeconds: number;
}

/** One tile every `intervalSeconds` (a whole number, at least 2), so that there are at most MAX_TILES. */
export function storyboardLayout(durationSeconds: number): StoryboardLayout {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new Error(`Storyboard needs a positive duration, got ${durationSeconds}`);
  const intervalSeconds = Math.max(MIN_INTERVAL_SECONDS, Math.ceil(durationSeconds / MAX_TILES));
  const tiles = Math.max(1, Math.ceil(durationSeconds / intervalSeconds));
  const columns = Math.min(COLUMNS, tiles);
  return {
    intervalSeconds,
    tiles,
    columns,
    rows: Math.ceil(tiles / columns),
    tileWidth: TILE_WIDTH,
    tileHeight: TILE_HEIGHT,
    durationSeconds,
  };
}

/** `HH:MM:SS.mmm`, the WebVTT timestamp form every parser accepts. */
export function vttTimestamp(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT text: one cue per tile, the last one ending at the video's end. */
export function storyboardVtt(layout: StoryboardLayout, image = STORYBOARD_IMAGE): string {
  const lines = ["WEBVTT", ""];
  for (let i = 0; i < layout.tiles; i++) {
    const start = i * layout.intervalSeconds;
    const end = Math.min(layout.durationSeconds, start + layout.intervalSeconds);
    const x = (i % layout.columns) * layout.tileWidth;
    const y = Math.floor(i / layout.columns) * layout.tileHeight;
    lines.push(`${vttTimestamp(start)} --> ${vttTimestamp(end)}`, `${image}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`, "");
  }
  return lines.join("\n");
}

export interface StoryboardResult {
  imagePath: string;
  vttPath: string;
  layout: StoryboardLayout;
}

/**
 * Writes `storyboard.jpg` and `storyboard.vtt` into `outDir` in one ffmpeg run (fps picks a frame per
 * interval, scale+crop fills the tile, tile lays them out). Both are written under temporary names and
 * renamed, the VTT last, so a present VTT always points at a complete sprite.
 */
export async function makeStoryboard(input: MediaFile, outDir: string, opts: { durationSeconds: number }): Promise<StoryboardResult> {
  const layout = storyboardLayout(opts.durationSeconds);
  await fs.mkdir(outDir, { recursive: true });
  const imagePath = path.join(outDir, STORYBOARD_IMAGE);
  const vttPath = path.join(outDir, STORYBOARD_VTT);
  const tmpImage = `${imagePath}.tmp-${process.pid}.jpg`;
  const tmpVtt = `${vttPath}.tmp-${process.pid}`;
  try {
    await runFfmpeg([
      ...mediaInput(input),
      "-an",
      "-sn",
      "-vf",
      [
        // The last tile's sample point can lie past the end (a short last interval): repeat the last frame
        // for an interval so every ffmpeg version has a frame there (5.x's fps filter stops at the end).
        `tpad=stop_mode=clone:stop_duration=${layout.intervalSeconds}`,
        // Sample the middle of each interval (the first frame of a video is often a fade from black): shift
        // time back by half an interval, and let fps (which starts at 0) pick the frame nearest each tick.
        `setpts=PTS-STARTPTS-${layout.intervalSeconds / 2}/TB`,
        `fps=1/${layout.intervalSeconds}:start_time=0`,
        `scale=${TILE_WIDTH}:${TILE_HEIGHT}:force_original_aspect_ratio=increase:flags=bilinear`,
        `crop=${TILE_WIDTH}:${TILE_HEIGHT}`,
        "setsar=1",
        `tile=${layout.columns}x${layout.rows}`,
      ].join(","),
      "-frames:v",
      "1",
      "-q:v",
      "5",
      "-f",
      "image2",
      tmpImage,
    ]);
    await fs.writeFile(tmpVtt, storyboardVtt(layout));
    await fs.rename(tmpImage, imagePath);
    await fs.rename(tmpVtt, vttPath);
  } finally {
    await fs.rm(tmpImage, { force: true });
    await fs.rm(tmpVtt, { force: true });
  }
  return { imagePath, vttPath, layout };
}
