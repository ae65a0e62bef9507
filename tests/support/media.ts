import { runFfmpeg } from "../../server/media/ffmpeg";

/**
 * Writes a tiny H.264 clip of ffmpeg's abstract `testsrc2` pattern (and a sine tone unless `audio: false`)
 * for media tests: nothing but synthetic test signals, small and short so suites stay fast.
 */
export async function makeTestClip(file: string, opts: { size: string; seconds: number; rate?: number; audio?: boolean }): Promise<string> {
  const audio = opts.audio === false ? [] : ["-f", "lavfi", "-i", `sine=frequency=220:duration=${opts.seconds}`, "-c:a", "aac"];
  const video = `testsrc2=size=${opts.size}:rate=${opts.rate ?? 24}:duration=${opts.seconds}`;
  await runFfmpeg(["-f", "lavfi", "-i", video, ...audio, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file]);
  return file;
}
