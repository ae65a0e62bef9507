import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { describeHostileFilesRefused } from "../../tests/support/hostile-media-suite";
import { mediaInput, probe, runFfmpeg } from "./ffmpeg";
import { makePoster, transcodeToHls } from "./hls";
import { inspectSource } from "./inspect";
import { makeStoryboard } from "./storyboard";

const MAX_BYTES = 50 * 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-inputs-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The ffmpeg the app uses here: Debian's (scripts/test.sh installs it). The npm fallback runs the
// same table in hostile-media-npm-ffmpeg.test.ts.
describeHostileFilesRefused("a file posing as a video (playlist, manifest, concat list, stream description, picture, text)");

describe("runFfmpeg", () => {
  it("refuses any input that does not carry the protocol and format allowlists, before ffmpeg starts", async () => {
    const file = path.join(dir, "never-opened.mp4");
    fs.writeFileSync(file, "");
    const guarded = mediaInput({ path: file, demuxer: "mov" });
    const unguarded: string[][] = [
      ["-i", file],
      ["-i", `file:${file}`],
      ["-f", "mov", "-i", `file:${file}`],
      ["-protocol_whitelist", "file", "-f", "mov", "-i", `file:${file}`],
      ["-format_whitelist", "mov", "-f", "mov", "-i", `file:${file}`],
      [...guarded.slice(0, -1), file], // a bare path: its first component could name a protocol
      guarded.map((a) => (a === "mov" ? "hls" : a)), // a demuxer outside the list
      guarded.map((a) => (a === "mov" ? "concat" : a)),
      ["-protocol_whitelist", "file,http,tcp", ...guarded.slice(2)],
      ["-f", "lavfi", "-i", "testsrc2=duration=1", "-i", file], // a second, unguarded input
      ["-ss", "1", "-i", file],
    ];
    for (const args of unguarded) {
      await expect(runFfmpeg([...args, "-f", "null", "-"]), args.join(" ")).rejects.toThrow(/lacks the protocol and format allowlists/);
    }
  });
});

describe("real videos in every allowed container still transcode", () => {
  const video = "testsrc2=size=320x180:rate=24:duration=2";
  // A keyframe every half second, as real files have: seeking for the poster needs one before its time.
  const x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-g", "12", "-pix_fmt", "yuv420p"];
  const containers = [
    { label: "MP4 (H.264)", ext: "mp4", codec: x264, demuxer: "mov" },
    { label: "QuickTime MOV", ext: "mov", codec: x264, demuxer: "mov" },
    { label: "WebM (VP9)", ext: "webm", codec: ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"], demuxer: "matroska" },
    { label: "Matroska", ext: "mkv", codec: x264, demuxer: "matroska" },
    { label: "AVI (MPEG-4 Part 2)", ext: "avi", codec: ["-c:v", "mpeg4"], demuxer: "avi" },
    { label: "MPEG-TS", ext: "ts", codec: x264, demuxer: "mpegts" },
    { label: "MPEG-PS", ext: "mpg", codec: ["-c:v", "mpeg2video"], demuxer: "mpeg" },
    { label: "Ogg (Theora)", ext: "ogv", codec: ["-c:v", "libtheora"], demuxer: "ogg" },
  ] as const;

  it.each(containers.map((c) => [c.label, c] as const))("%s, stored without an extension: accepted, and a poster is made", async (_, c) => {
    const encoded = path.join(dir, `real.${c.ext}`);
    await runFfmpeg(["-f", "lavfi", "-i", video, ...c.codec, encoded]);
    const upload = path.join(dir, `real-${c.ext}-upload`);
    fs.renameSync(encoded, upload);
    const source = await inspectSource(upload, { maxBytes: MAX_BYTES });
    expect(source).toMatchObject({ width: 320, height: 180, media: { path: upload, demuxer: c.demuxer } });
    const poster = path.join(dir, `poster-${c.ext}`, "poster.jpg");
    await makePoster(source.media, poster, 1);
    expect(await sharp(poster).metadata()).toMatchObject({ format: "jpeg", width: 1280, height: 720 });
  });

  it("a WebM upload becomes an HLS ladder and a storyboard", async () => {
    const encoded = path.join(dir, "ladder.webm");
    await runFfmpeg(["-f", "lavfi", "-i", video, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", encoded]);
    const source = await inspectSource(encoded, { maxBytes: MAX_BYTES });
    const out = path.join(dir, "ladder");
    const result = await transcodeToHls(source.media, out, { preset: "ultrafast" });
    expect(result.variants.map((v) => `${v.width}x${v.height}`)).toEqual(["320x180"]);
    const segment = await probe(path.join(out, "180p", "seg_000.ts"));
    expect(segment.media.demuxer).toBe("mpegts");
    expect(segment.streams[0]).toMatchObject({ codec_name: "h264", width: 320, height: 180 });
    const storyboard = await makeStoryboard(source.media, out, { durationSeconds: source.durationSeconds });
    expect(storyboard.layout.tiles).toBe(1);
    expect(fs.existsSync(storyboard.vttPath)).toBe(true);
  });
});
