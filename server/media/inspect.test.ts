import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ProbedMedia } from "./ffmpeg";
import { describeSource, formatBytes, inspectSource, NOT_A_VIDEO_FILE, UnusableMediaError } from "./inspect";

const video = { index: 0, codec_type: "video", codec_name: "h264", width: 640, height: 360 };
const audio = { index: 1, codec_type: "audio", codec_name: "aac" };
const media = { path: "/videos/clip.mp4", demuxer: "mov" } as const;
const probed = (over: Partial<ProbedMedia> = {}): ProbedMedia => ({
  streams: [video, audio],
  format: { duration: "12.5", format_name: "mov,mp4,m4a,3gp,3g2,mj2" },
  media,
  ...over,
});

describe("describeSource", () => {
  it("describes a usable video", () => {
    expect(describeSource(probed(), 1000)).toEqual({
      sizeBytes: 1000,
      durationSeconds: 12.5,
      width: 640,
      height: 360,
      hasAudio: true,
      formatName: "mov,mp4,m4a,3gp,3g2,mj2",
      media,
    });
    expect(describeSource(probed({ streams: [video] }), 1).hasAudio).toBe(false);
  });

  it("refuses cover art in an audio file as 'no video stream'", () => {
    const cover = { ...video, codec_name: "mjpeg", disposition: { attached_pic: 1 } };
    expect(() => describeSource(probed({ streams: [audio, cover] }), 1)).toThrow(/^No video stream/);
  });

  it("refuses every container outside the allowlist: stills, text, playlists, manifests, stream descriptions", () => {
    for (const format_name of ["png_pipe", "image2", "tty", "jpeg_pipe", "hls", "concat", "dash", "sdp", "mpegvideo", "", undefined]) {
      expect(() => describeSource(probed({ format: { format_name, duration: "5" } }), 1), String(format_name)).toThrow(NOT_A_VIDEO_FILE);
    }
  });

  it("refuses zero, missing and tiny durations, and unusable picture sizes", () => {
    for (const duration of ["0", "0.2", "N/A", undefined]) {
      expect(() => describeSource(probed({ format: { format_name: "matroska,webm", duration } }), 1), String(duration)).toThrow(
        /^Zero duration/,
      );
    }
    for (const [width, height] of [
      [0, 0],
      [8, 8],
      [10_000, 360],
    ]) {
      expect(() => describeSource(probed({ streams: [{ ...video, width, height }] }), 1)).toThrow(/^Unsupported picture size/);
    }
  });
});

describe("inspectSource", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a file over the size limit before reading it", async () => {
    const big = path.join(dir, "big.mp4");
    fs.writeFileSync(big, Buffer.alloc(3 * 1024 * 1024));
    const err = await inspectSource(big, { maxBytes: 2 * 1024 * 1024 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnusableMediaError);
    expect((err as Error).message).toBe("The file is 3 MiB, over the 2 MiB limit (MAX_UPLOAD_BYTES).");
  });

  it("formats sizes for messages", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(2 * 1024 ** 3)).toBe("2 GiB");
    expect(formatBytes(1536 * 1024)).toBe("1.5 MiB");
  });
});
