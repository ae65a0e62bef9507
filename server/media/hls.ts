import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type MediaFile, mediaInput, type ProbeStream, parseFrameRate, probe, probeDurationSeconds, runFfmpeg } from "./ffmpeg";
import { makeStillVariants } from "./stills";

export interface Rung {
  name: string;
  height: number;
  /** kbit/s cap; CRF does the real work, this bounds peaks for players' ABR. */
  maxrate: number;
}

const LADDER: readonly Rung[] = [
  { name: "1080p", height: 1080, maxrate: 5000 },
  { name: "720p", height: 720, maxrate: 2800 },
  { name: "480p", height: 480, maxrate: 1400 },
];

export interface HlsOptions {
  /**
   * Target segment length; keyframes are forced on these boundaries. Default 2: short segments give a fast
   * first frame and quick quality switches, and 2 s GOPs cost H.264 little at these bitrates.
   */
  segmentSeconds?: number;
  /** Output frame rate; default the source's (or 25 if unknown). */
  fps?: number;
  /** x264 preset; default "veryfast". */
  preset?: string;
  /** Extra x264 options, e.g. "cabac=1" to keep Main/High features on the ultrafast preset. */
  x264Params?: string;
  /** Default 23. */
  crf?: number;
  /** Treat the source as at least this tall when picking rungs (small synthetic renders scaled up). */
  upscaleTo?: number;
  /** Called while the ladder encodes, with fraction 0..1 and the rung names being produced. */
  onProgress?: (fraction: number, rungs: readonly string[]) => void;
  /** Stops the encode (ffmpeg killed); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface HlsVariant {
  name: string;
  width: number;
  height: number;
  /** Peak segment bitrate, bit/s. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  /** Relative to outDir, posix. */
  playlist: string;
}

export interface HlsResult {
  masterPath: string;
  durationSeconds: number;
  variants: HlsVariant[];
}

export const DEFAULT_SEGMENT_SECONDS = 2;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Rungs not taller than the source (or `upscaleTo`): never an upscale. A source below the smallest rung
 * gets one rendition at its own (even) height, with the smallest rung's bitrate cap scaled down.
 */
export function pickRungs(sourceHeight: number, upscaleTo = 0): Rung[] {
  const limit = Math.max(sourceHeight, upscaleTo);
  const rungs = LADDER.filter((r) => r.height <= limit);
  if (rungs.length > 0) return rungs;
  const smallest = LADDER[LADDER.length - 1]!;
  const height = Math.max(2, Math.floor(limit / 2) * 2);
  return [{ name: `${height}p`, height, maxrate: Math.max(200, Math.round((smallest.maxrate * height) / smallest.height)) }];
}

/** RFC 6381 codec string from what ffprobe says the encoder actually produced. */
function codecString(stream: ProbeStream | undefined): string | undefined {
  if (!stream) return undefined;
  if (stream.codec_name === "aac") return "mp4a.40.2";
  if (stream.codec_name !== "h264") return undefined;
  const profiles: Record<string, string> = { High: "6400", Main: "4d40", Baseline: "4200", "Constrained Baseline": "42e0" };
  const profile = profiles[stream.profile ?? ""] ?? "6400";
  const level = stream.level && stream.level > 0 ? stream.level : 40;
  return `avc1.${profile}${level.toString(16).padStart(2, "0")}`;
}

/** Peak and average bitrate from the playlist's EXTINF durations and the segment files on disk. */
async function measureBandwidth(playlistPath: string): Promise<{ peak: number; average: number; firstSegment: string }> {
  const dir = path.dirname(playlistPath);
  const lines = (await fs.readFile(playlistPath, "utf8")).split(/\r?\n/);
  let peak = 0;
  let bytes = 0;
  let duration = 0;
  let extinf: number | undefined;
  let firstSegment = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("#EXTINF:")) extinf = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#") && extinf !== undefined) {
      firstSegment ||= path.join(dir, line);
      const size = (await fs.stat(path.join(dir, line))).size;
      // Very short tail segments would overstate the peak; floor their duration at 1 s.
      peak = Math.max(peak, (size * 8) / Math.max(extinf, 1));
      bytes += size;
      duration += extinf;
      extinf = undefined;
    }
  }
  if (duration === 0) throw new Error(`No segments in ${playlistPath}`);
  return { peak: Math.ceil(peak), average: Math.ceil((bytes * 8) / duration), firstSegment };
}

/**
 * Segment URIs as bare file names. ffmpeg versions differ on whether a directory in
 * `-hls_segment_filename` ends up in the playlist; the segments always sit next to it.
 */
async function relativizeSegments(playlistPath: string): Promise<void> {
  const text = await fs.readFile(playlistPath, "utf8");
  const fixed = text
    .split("\n")
    .map((line) => (line.trim() && !line.startsWith("#") ? path.posix.basename(line.trim().replaceAll("\\", "/")) : line))
    .join("\n");
  if (fixed !== text) await writeFileAtomic(playlistPath, fixed);
}

async function writeFileAtomic(file: string, data: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

/**
 * Encodes `source` to an H.264/AAC HLS ladder in `outDir` (`<rung>/index.m3u8` + `seg_NNN.ts`) and writes
 * `master.m3u8` itself, so BANDWIDTH/CODECS are measured rather than depending on the ffmpeg version.
 */
export async function transcodeToHls(source: MediaFile, outDir: string, opts: HlsOptions = {}): Promise<HlsResult> {
  const info = await probe(source.path, opts.signal);
  const video = info.streams.find((s) => s.codec_type === "video");
  if (!video?.width || !video.height) throw new Error(`No video stream in ${source.path}`);
  const hasAudio = info.streams.some((s) => s.codec_type === "audio");
  const duration = Number.parseFloat(info.format.duration ?? "") || (await probeDurationSeconds(source.path));
  // Variable-rate sources can report odd averages (e.g. 1000/1 from WebM timebases); players need no more than 60.
  const fps = opts.fps ?? Math.min(60, parseFrameRate(video.avg_frame_rate) ?? 25);
  const segment = opts.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS;
  const gop = Math.max(1, Math.round(fps * segment));

  const { width: srcWidth, height: srcHeight } = video;
  const rungs = pickRungs(srcHeight, opts.upscaleTo).map((r) => ({ ...r, width: even((srcWidth * r.height) / srcHeight) }));
  await fs.mkdir(outDir, { recursive: true });
  for (const rung of rungs) {
    await fs.rm(path.join(outDir, rung.name), { recursive: true, force: true });
    await fs.mkdir(path.join(outDir, rung.name), { recursive: true });
  }

  // One process for the whole ladder: the source is decoded once and the rungs' x264 instances run side by
  // side, which keeps both cores busy where a single rung alone would not.
  const split = `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join("")}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`);
  const args = [...mediaInput(source), "-filter_complex", [split, ...scales].join(";")];
  for (const [i, rung] of rungs.entries()) {
    args.push(
      "-map",
      `[v${i}]`,
      ...(hasAudio ? ["-map", "0:a:0"] : []),
      "-r",
      String(fps),
      "-c:v",
      "libx264",
      "-preset",
      opts.preset ?? "veryfast",
      ...(opts.x264Params ? ["-x264-params", opts.x264Params] : []),
      "-profile:v",
      "high",
      "-crf",
      String(opts.crf ?? 23),
      "-maxrate",
      `${rung.maxrate}k`,
      "-bufsize",
      `${rung.maxrate * 2}k`,
      // Fixed, closed GOPs starting every segment, so players can switch rungs on any segment boundary.
      "-g",
      String(gop),
      "-keyint_min",
      String(gop),
      "-sc_threshold",
      "0",
      "-force_key_frames",
      `expr:gte(t,n_forced*${segment})`,
      ...(hasAudio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"] : []),
      "-f",
      "hls",
      "-hls_time",
      String(segment),
      "-hls_playlist_type",
      "vod",
      "-hls_list_size",
      "0",
      "-hls_segment_filename",
      `${rung.name}/seg_%03d.ts`,
      `${rung.name}/index.m3u8`,
    );
  }
  const names = rungs.map((r) => r.name);
  opts.onProgress?.(0, names);
  await runFfmpeg(args, {
    cwd: outDir,
    signal: opts.signal,
    onProgress: (seconds) => opts.onProgress?.(Math.min(1, seconds / duration), names),
  });
  opts.onProgress?.(1, names);

  const variants: HlsVariant[] = [];
  for (const rung of rungs) {
    const playlist = path.join(outDir, rung.name, "index.m3u8");
    await relativizeSegments(playlist);
    const bw = await measureBandwidth(playlist);
    const firstSegment = await probe(bw.firstSegment);
    const codecs = [
      codecString(firstSegment.streams.find((s) => s.codec_type === "video")) ?? "avc1.640028",
      ...(hasAudio ? [codecString(firstSegment.streams.find((s) => s.codec_type === "audio")) ?? "mp4a.40.2"] : []),
    ].join(",");
    variants.push({
      name: rung.name,
      width: rung.width,
      height: rung.height,
      bandwidth: bw.peak,
      averageBandwidth: bw.average,
      codecs,
      playlist: `${rung.name}/index.m3u8`,
    });
  }

  const masterPath = path.join(outDir, "master.m3u8");
  await writeFileAtomic(masterPath, masterPlaylist(variants, fps));
  return { masterPath, durationSeconds: duration, variants };
}

/** Master playlist, lowest rung first so players start quickly and step up. */
export function masterPlaylist(variants: readonly HlsVariant[], fps: number): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const v of [...variants].sort((a, b) => a.bandwidth - b.bandwidth)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},AVERAGE-BANDWIDTH=${v.averageBandwidth},RESOLUTION=${v.width}x${v.height},FRAME-RATE=${fps.toFixed(3)},CODECS="${v.codecs}"`,
      v.playlist,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function grabFrame(input: MediaFile, outFile: string, atSeconds: number, width: number, height: number, quality: number) {
  // Clamp into the clip: seeking past the end yields no frame and a confusing ffmpeg error.
  const duration = await probeDurationSeconds(input.path).catch(() => undefined);
  const at = duration === undefined ? atSeconds : Math.max(0, Math.min(atSeconds, duration - 0.5));
  await fs.mkdir(path.dirname(outFile), { recursive: true });
  await runFfmpeg([
    "-ss",
    at.toFixed(3),
    ...mediaInput(input),
    "-frames:v",
    "1",
    "-an",
    // Fill-and-crop keeps the exact output size whatever the source aspect ratio.
    "-vf",
    `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},setsar=1`,
    "-q:v",
    String(quality),
    "-f",
    "image2",
    outFile,
  ]);
}

/** 1280x720 JPEG still, plus its responsive WebP variants (server/media/stills.ts). */
export async function makePoster(input: MediaFile, outFile: string, atSeconds: number): Promise<void> {
  await grabFrame(input, outFile, atSeconds, 1280, 720, 3);
  await makeStillVariants(outFile);
}

/** 640x360 JPEG still for grids (a few tens of KB), plus its responsive WebP variants. */
export async function makeThumbnail(input: MediaFile, outFile: string, atSeconds: number): Promise<void> {
  await grabFrame(input, outFile, atSeconds, 640, 360, 5);
  await makeStillVariants(outFile);
}

/**
 * Variant playlists and their segments, resolved from a master playlist (sync: it is a handful of small files).
 * Missing playlists are skipped, so a caller can check each file exists.
 */
export function streamFiles(master: string): string[] {
  const files: string[] = [];
  const uris = (file: string) =>
    readLines(file)
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => path.join(path.dirname(file), l));
  for (const variant of uris(master)) {
    files.push(variant);
    if (existsSync(variant)) files.push(...uris(variant));
  }
  return files;
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, "utf8")
      .split(/\r?\n/)
      .map((l) => l.trim());
  } catch {
    return [];
  }
}
