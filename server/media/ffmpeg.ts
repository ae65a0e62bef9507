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

/** FFMPEG_PATH, else `ffmpeg` on PATH (newer, distro-maintained), else the npm-shipped static build. */
export function resolveFfmpeg(e: ToolEnv = env()): string {
  return e.FFMPEG_PATH || findOnPath("ffmpeg", e.PATH) || installerPath("ffmpeg");
}

/** FFPROBE_PATH, else `ffprobe` on PATH, else the npm-shipped static build. */
export function resolveFfprobe(e: ToolEnv = env()): string {
  return e.FFPROBE_PATH || findOnPath("ffprobe", e.PATH) || installerPath("ffprobe");
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

/**
 * The npm binaries are static glibc builds: when a demuxer (e.g. MPEG-TS service names) calls iconv, they
 * load the host's shared gconv modules and segfault. Pointing GCONV_PATH elsewhere keeps them on the
 * built-in converters.
 */
function envFor(bin: string): NodeJS.ProcessEnv | undefined {
  return /[\\/]@ff(mpeg|probe)-installer[\\/]/.test(bin) ? { ...process.env, GCONV_PATH: "/nonexistent-gconv" } : undefined;
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
      else reject(new Error(`${path.basename(bin)} exited with ${exitSignal ?? `code ${code}`}: ${stderr.trim() || "(no stderr)"}`));
    });
  });
}

/** Runs ffmpeg (no shell); rejects with the stderr tail on failure. Overwrites outputs (-y). */
export async function runFfmpeg(args: string[], opts: RunFfmpegOptions = {}): Promise<void> {
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

/** ffprobe's JSON view of a file's streams and container. */
export async function probe(file: string, signal?: AbortSignal): Promise<ProbeResult> {
  const out = await run(
    resolveFfprobe(),
    ["-v", "error", "-show_streams", "-show_format", "-of", "json", file],
    undefined,
    undefined,
    signal,
  );
  const parsed = JSON.parse(out) as Partial<ProbeResult>;
  return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
}

/** Container duration in seconds; rejects if ffprobe cannot tell. */
export async function probeDurationSeconds(file: string): Promise<number> {
  const out = await run(resolveFfprobe(), ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", file], undefined);
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
