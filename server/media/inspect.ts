import fs from "node:fs/promises";
import { type MediaFile, type ProbedMedia, probe, sourceDemuxer, UnreadableMediaError } from "./ffmpeg";

/** Why a file cannot become a video; the message is shown to the operator as is. */
export class UnusableMediaError extends Error {
  override name = "UnusableMediaError";
}

export interface SourceInfo {
  sizeBytes: number;
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  formatName: string;
  /** The file as an ffmpeg input: its demuxer is forced for every later read. */
  media: MediaFile;
}

/** Shorter than this is a still or an empty file, not a video anyone can watch. */
export const MIN_DURATION_SECONDS = 0.5;
const MAX_DIMENSION = 8192;
/**
 * The refusal for anything ffprobe cannot read as one of the allowed containers (server/media/ffmpeg.ts):
 * text, images, playlists and manifests that name other files or URLs all end here.
 */
export const NOT_A_VIDEO_FILE = "Not a video file: ffprobe cannot read it as audio or video.";

/**
 * Checks that `file` is a video the pipeline can transcode: a regular, non-empty file within the size limit,
 * readable by ffprobe, with a real video stream (not cover art, not a still image) and a duration.
 */
export async function inspectSource(file: string, opts: { maxBytes: number; signal?: AbortSignal }): Promise<SourceInfo> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) throw new UnusableMediaError(`No such file: ${file}`);
  if (!stat.isFile()) throw new UnusableMediaError(`Not a regular file: ${file}`);
  if (stat.size === 0) throw new UnusableMediaError("The file is empty.");
  if (stat.size > opts.maxBytes) {
    throw new UnusableMediaError(`The file is ${formatBytes(stat.size)}, over the ${formatBytes(opts.maxBytes)} limit (MAX_UPLOAD_BYTES).`);
  }
  let info: ProbedMedia;
  try {
    info = await probe(file, opts.signal);
  } catch (err) {
    if (err instanceof UnreadableMediaError) throw new UnusableMediaError(NOT_A_VIDEO_FILE);
    throw err;
  }
  return describeSource(info, stat.size);
}

/** The decision on ffprobe's answer, separate from running it so each refusal is tested on its own. */
export function describeSource(info: ProbedMedia, sizeBytes: number): SourceInfo {
  const formatName = info.format.format_name ?? "";
  // probe() refuses other containers already; this keeps the rule visible where the decision is made.
  if (!sourceDemuxer(formatName)) throw new UnusableMediaError(NOT_A_VIDEO_FILE);
  const video = info.streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!video) throw new UnusableMediaError("No video stream: the file holds no moving pictures (audio only, or empty).");
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (width < 16 || height < 16 || width > MAX_DIMENSION || height > MAX_DIMENSION) {
    throw new UnusableMediaError(`Unsupported picture size ${width}x${height} (16 to ${MAX_DIMENSION} pixels a side).`);
  }
  const duration = Number.parseFloat(info.format.duration ?? video.duration ?? "");
  if (!Number.isFinite(duration) || duration < MIN_DURATION_SECONDS) {
    const shown = Number.isFinite(duration) ? `${duration.toFixed(2)} s` : "none";
    throw new UnusableMediaError(`Zero duration: the video lasts ${shown}; at least ${MIN_DURATION_SECONDS} s is needed.`);
  }
  return {
    sizeBytes,
    durationSeconds: duration,
    width,
    height,
    hasAudio: info.streams.some((s) => s.codec_type === "audio"),
    formatName,
    media: info.media,
  };
}

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}
