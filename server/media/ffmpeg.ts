import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Env, env } from "../env";

const require = createRequire(import.meta.url);
const exe = (name: string) => (process.platform === "win32" ? `${name}.exe` : name);

/** First executable regular file called `name` on PATH, like `which`. */
export function findOnPath(name: string, searchPath = env().PATH): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, exe(name));
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; keep scanning
    }
  }
  return undefined;
}

// Required lazily: the installer packages throw at load time when their platform binary is missing,
// which must not break machines that use FFMPEG_PATH or a system ffmpeg instead.
function installerPath(tool: "ffmpeg" | "ffprobe"): string {
  const pkg = `@${tool}-installer/${tool}`;
  try {
    return (require(pkg) as { path: string }).path;
  } catch (err) {
    throw new Error(`No ${tool} found: set ${tool.toUpperCase()}_PATH, put ${tool} on PATH, or install ${pkg} (${String(err)})`);
  }
}

type ToolEnv = Pick<Env, "FFMPEG_PATH" | "FFPROBE_PATH" | "PATH">;

/**
 * FFMPEG_PATH, else `ffmpeg` on PATH (Debian's, kept patched: scripts/test.sh installs it), else
 * the npm-shipped static build, a 2018 ffmpeg kept only as a last resort (docs/decisions/0016-ffmpeg-binary.md).
 */
export function resolveFfmpeg(e: ToolEnv = env()): string {
  return e.FFMPEG_PATH || findOnPath("ffmpeg", e.PATH) || installerPath("ffmpeg");
}

/** FFPROBE_PATH, else `ffprobe` on PATH, else the npm-shipped static build (last resort, as for ffmpeg). */
export function resolveFfprobe(e: ToolEnv = env()): string {
  return e.FFPROBE_PATH || findOnPath("ffprobe", e.PATH) || installerPath("ffprobe");
}

const isBundled = (bin: string) => /[\\/]@ff(mpeg|probe)-installer[\\/]/.test(bin);

/**
 * One line for the start-up log when either tool falls back to the unmaintained npm build (or is missing),
 * undefined when both are maintained binaries.
 */
export function ffmpegToolsWarning(e: ToolEnv = env()): string | undefined {
  const bundled: string[] = [];
  for (const [tool, resolve] of [
    ["ffmpeg", resolveFfmpeg],
    ["ffprobe", resolveFfprobe],
  ] as const) {
    try {
      if (isBundled(resolve(e))) bundled.push(tool);
    } catch {
      return "ffmpeg/ffprobe not found: uploads and demo media cannot be processed; install Debian's ffmpeg (apt-get install -y ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH";
    }
  }
  if (!bundled.length) return undefined;
  return `${bundled.join(" and ")}: using the npm package's old static build (ffmpeg from 2018, no security fixes); install Debian's ffmpeg (apt-get install -y ffmpeg) or set FFMPEG_PATH/FFPROBE_PATH`;
}

/**
 * Containers a source video may be read as (ffmpeg demuxer names). Each reads only the one file it is
 * given: no playlists or manifests that name other files or URLs (hls, dash, concat, imf), no image
 * sequences (image2), no stream descriptions that open sockets (sdp, rtsp), no text renderers (tty).
 * MPEG-PS and Ogg are here because the upload form takes .mpg and .ogv.
 */
export const SOURCE_DEMUXERS = ["mov", "matroska", "avi", "mpegts", "mpeg", "ogg"] as const;
export type SourceDemuxer = (typeof SOURCE_DEMUXERS)[number];

/** A local file ffprobe read as one of SOURCE_DEMUXERS: the only kind of input ffmpeg is given to read. */
export interface MediaFile {
  readonly path: string;
  readonly demuxer: SourceDemuxer;
}

/**
 * Options before every input read from disk. `file` is the only protocol (nothing nested in a file can
 * reach the network, another protocol or `subfile:`-style indirections), and only the demuxers above may
 * open it, whatever the file claims to be.
 */
const INPUT_ALLOWLISTS = ["-protocol_whitelist", "file", "-format_whitelist", SOURCE_DEMUXERS.join(",")] as const;

/** An explicit `file:` URL, so no part of a path is ever read as a protocol name. */
const fileUrl = (file: string) => `file:${path.resolve(file)}`;

/** The demuxer ffprobe's `format_name` names (e.g. "mov,mp4,m4a,3gp,3g2,mj2" is "mov"), if it is allowed. */
export function sourceDemuxer(formatName: string | undefined): SourceDemuxer | undefined {
  const first = formatName?.split(",")[0] ?? "";
  return (SOURCE_DEMUXERS as readonly string[]).includes(first) ? (first as SourceDemuxer) : undefined;
}

/**
 * ffmpeg arguments that read `media`: the allowlists, then the probed demuxer forced with `-f`, so the
 * transcode cannot detect the file as something else (a playlist swapped in after the probe, say).
 */
export function mediaInput(media: MediaFile): string[] {
  return [...INPUT_ALLOWLISTS, "-f", media.demuxer, "-i", fileUrl(media.path)];
}

/**
 * Every `-i` must be a lavfi graph (written here, not by a user) or come from mediaInput(): a call that
 * forgets the allowlists fails at once instead of opening whatever it is given.
 */
function assertGuardedInputs(args: readonly string[]): void {
  const n = INPUT_ALLOWLISTS.length;
  args.forEach((arg, i) => {
    if (arg !== "-i") return;
    if (args[i - 2] === "-f" && args[i - 1] === "lavfi") return;
    const guarded =
      INPUT_ALLOWLISTS.every((a, k) => args[i - 2 - n + k] === a) &&
      args[i - 2] === "-f" &&
      (SOURCE_DEMUXERS as readonly string[]).includes(args[i - 1] ?? "") &&
      args[i + 1]?.startsWith("file:");
    if (!guarded) throw new Error(`ffmpeg input ${JSON.stringify(args[i + 1])} lacks the protocol and format allowlists: use mediaInput()`);
  });
}

export interface RunFfmpegOptions {
  /** Called with the output position in seconds, as ffmpeg reports it (roughly twice a second). */
  onProgress?: (seconds: number) => void;
  /** Working directory, so relative output names (HLS segments) stay relative in playlists. */
  cwd?: string;
  /** Stops ffmpeg (SIGKILL) when aborted; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

const TAIL_CHARS = 4000;

/** The tool ran and refused (a non-zero exit), as opposed to not starting at all. */
class ToolExitError extends Error {
  override name = "ToolExitError";
}

/**
 * The npm binaries are static glibc builds: when a demuxer (e.g. MPEG-TS service names) calls iconv, they
 * load the host's shared gconv modules and segfault. Pointing GCONV_PATH elsewhere keeps them on the
 * built-in converters.
 */
function envFor(bin: string): NodeJS.ProcessEnv | undefined {
  return isBundled(bin) ? { ...process.env, GCONV_PATH: "/nonexistent-gconv" } : undefined;
}

/**
 * An ffmpeg whose Node process is killed would otherwise run on to the end of its encode (it ignores
 * SIGPIPE, so the closed progress pipe does not stop it), competing with the job's next attempt. On Linux,
 * util-linux's `setpriv --pdeathsig` makes the kernel kill it with its parent; elsewhere it runs as is.
 */
let setpriv: string | null | undefined;
function diesWithParent(bin: string, args: string[]): [string, string[]] {
  if (setpriv === undefined) setpriv = process.platform === "linux" ? (findOnPath("setpriv") ?? null) : null;
  return setpriv ? [setpriv, ["--pdeathsig", "KILL", "--", bin, ...args]] : [bin, args];
}

function run(
  bin: string,
  args: string[],
  cwd: string | undefined,
  onStdout?: (chunk: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const [command, commandArgs] = diesWithParent(bin, args);
    const child = spawn(command, commandArgs, { cwd, env: envFor(bin), stdio: ["ignore", "pipe", "pipe"] });
    const abort = () => child.kill("SIGKILL");
    signal?.addEventListener("abort", abort, { once: true });
    child.on("close", () => signal?.removeEventListener("abort", abort));
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    // Only the tail matters for error messages; keep memory bounded on long encodes.
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-TAIL_CHARS);
    });
    child.on("error", (err) => reject(new Error(`${path.basename(bin)} failed to start (${bin}): ${err.message}`)));
    child.on("close", (code, exitSignal) => {
      if (code === 0) resolve(stdout);
      else if (signal?.aborted) reject(signal.reason);
      else
        reject(new ToolExitError(`${path.basename(bin)} exited with ${exitSignal ?? `code ${code}`}: ${stderr.trim() || "(no stderr)"}`));
    });
  });
}

/**
 * Runs ffmpeg (no shell); rejects with the stderr tail on failure. Overwrites outputs (-y). Inputs are
 * lavfi graphs or mediaInput(): anything else is refused before ffmpeg starts.
 */
export async function runFfmpeg(args: string[], opts: RunFfmpegOptions = {}): Promise<void> {
  assertGuardedInputs(args);
  const base = ["-hide_banner", "-nostdin", "-y", "-loglevel", "error"];
  const { onProgress } = opts;
  if (!onProgress) {
    await run(resolveFfmpeg(), [...base, ...args], opts.cwd, undefined, opts.signal);
    return;
  }
  // `-progress` emits key=value blocks; `out_time=HH:MM:SS.micro` is present in both 4.x and 5.x+.
  let pending = "";
  const progressArgs = [...base, "-nostats", "-progress", "pipe:1", ...args];
  await run(
    resolveFfmpeg(),
    progressArgs,
    opts.cwd,
    (chunk) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const m = /^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(line.trim());
        if (m) onProgress(Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
      }
    },
    opts.signal,
  );
}

export interface ProbeStream {
  index: number;
  codec_type: "video" | "audio" | "subtitle" | "data" | string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  duration?: string;
  nb_frames?: string;
  /** Cover art in audio files is a "video" stream with attached_pic set. */
  disposition?: { attached_pic?: number };
}

export interface ProbeResult {
  streams: ProbeStream[];
  format: { duration?: string; format_name?: string };
}

/** ffprobe's answer for a file it read with an allowed demuxer, and that file as an ffmpeg input. */
export interface ProbedMedia extends ProbeResult {
  media: MediaFile;
}

/** Why ffprobe would not read a file: not readable at all, or not as one of SOURCE_DEMUXERS. */
export class UnreadableMediaError extends Error {
  override name = "UnreadableMediaError";
}

/** ffprobe on a local file, with the same allowlists as every ffmpeg input. */
async function runFfprobe(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  try {
    return await run(resolveFfprobe(), ["-v", "error", ...INPUT_ALLOWLISTS, ...args, fileUrl(file)], undefined, undefined, signal);
  } catch (err) {
    if (err instanceof ToolExitError && !signal?.aborted) throw new UnreadableMediaError(err.message, { cause: err });
    throw err;
  }
}

/**
 * ffprobe's JSON view of a file's streams and container. Rejects with UnreadableMediaError when ffprobe
 * cannot read the file with one of SOURCE_DEMUXERS (checked here too, in case a binary ignores the allowlist).
 */
export async function probe(file: string, signal?: AbortSignal): Promise<ProbedMedia> {
  const out = await runFfprobe(file, ["-show_streams", "-show_format", "-of", "json"], signal);
  const parsed = JSON.parse(out) as Partial<ProbeResult>;
  const format = parsed.format ?? {};
  const demuxer = sourceDemuxer(format.format_name);
  if (!demuxer) throw new UnreadableMediaError(`ffprobe read ${file} as ${format.format_name ?? "nothing"}, not an allowed container`);
  return { streams: parsed.streams ?? [], format, media: { path: path.resolve(file), demuxer } };
}

/** Container duration in seconds; rejects if ffprobe cannot tell (or cannot read the file, as for probe). */
export async function probeDurationSeconds(file: string): Promise<number> {
  const out = await runFfprobe(file, ["-show_entries", "format=duration", "-of", "default=nw=1:nk=1"]);
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe reported no duration for ${file}: ${out.trim() || "(empty)"}`);
  return seconds;
}

/** Parses ffprobe rates like "25/1" or "30000/1001". */
export function parseFrameRate(rate: string | undefined): number | undefined {
  if (!rate) return undefined;
  const [num, den = "1"] = rate.split("/");
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
