import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, expect, it, vi } from "vitest";
import { describeHostileFilesRefused } from "../../tests/support/hostile-media-suite";
import { makeTestClip } from "../../tests/support/media";
import { resolveFfmpeg, resolveFfprobe } from "./ffmpeg";
import { makePoster } from "./hls";
import { inspectSource } from "./inspect";

// The last-resort fallback (the npm package's 2018 ffmpeg and its ffprobe), set before anything reads the
// environment: without the allowlists its ffprobe fetches a DASH manifest's HTTP BaseURL.
vi.hoisted(() => {
  process.env.FFMPEG_PATH = require("@ffmpeg-installer/ffmpeg").path;
  process.env.FFPROBE_PATH = require("@ffprobe-installer/ffprobe").path;
});

it("runs the npm package's binaries", () => {
  expect(resolveFfmpeg()).toMatch(/@ffmpeg-installer/);
  expect(resolveFfprobe()).toMatch(/@ffprobe-installer/);
});

describeHostileFilesRefused("with the npm fallback build, a file posing as a video");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "npm-ffmpeg-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("with the npm fallback build, a real MP4 stored without an extension is accepted and read", async () => {
  const upload = path.join(dir, "a".repeat(32));
  await makeTestClip(`${upload}.mp4`, { size: "320x180", seconds: 2, audio: false });
  fs.renameSync(`${upload}.mp4`, upload);
  const source = await inspectSource(upload, { maxBytes: 50 * 1024 * 1024 });
  expect(source.media).toEqual({ path: upload, demuxer: "mov" });
  const poster = path.join(dir, "poster.jpg");
  await makePoster(source.media, poster, 1);
  expect(await sharp(poster).metadata()).toMatchObject({ format: "jpeg", width: 1280, height: 720 });
});
