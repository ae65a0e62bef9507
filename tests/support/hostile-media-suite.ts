import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePoster } from "../../server/media/hls";
import { inspectSource, NOT_A_VIDEO_FILE, UnusableMediaError } from "../../server/media/inspect";
import { makeStoryboard } from "../../server/media/storyboard";
import {
  HOSTILE_FILES,
  type HostileContext,
  placeDecoys,
  readWatch,
  startRequestRecorder,
  TARGET_NAME,
  writeHostileFile,
} from "./hostile-media";
import { makeTestClip } from "./media";

/**
 * A folder with the decoys, a loopback listener and read detection, made before the enclosing suite's
 * tests. `dir` puts the decoys in an existing folder (the uploads folder); only they are removed after.
 * `ctx()` is what the hostile rows are written with.
 */
export function useHostileMediaLab(opts: { dir?: string } = {}) {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hostile-media-"));
  const decoySource = path.join(dir, "decoy-source.mp4");
  let decoys: string[] = [];
  let listener: Awaited<ReturnType<typeof startRequestRecorder>> | undefined;
  let watch: ReturnType<typeof readWatch> | undefined;
  beforeAll(async () => {
    fs.mkdirSync(dir, { recursive: true });
    await makeTestClip(decoySource, { size: "160x90", seconds: 2, audio: false });
    decoys = placeDecoys(dir, decoySource);
    listener = await startRequestRecorder();
    watch = readWatch(decoys);
  });
  afterAll(async () => {
    await listener?.close();
    if (opts.dir) for (const f of [decoySource, ...decoys]) fs.rmSync(f, { force: true });
    else fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    ctx: (): HostileContext => ({ url: listener!.url, target: path.join(dir, TARGET_NAME) }),
    /** Starts a check: forgets earlier requests and reads. */
    arm: () => {
      listener!.requests.length = 0;
      watch!.arm();
    },
    /** What reached the listener, and which decoys were read since arm(). */
    seen: () => ({ requests: [...listener!.requests], read: watch!.read() }),
  };
}

// Uploads are stored under a generated id, without an extension: nothing but the bytes says what they are.
const uploadName = (i: number) => i.toString(16).padStart(32, "0");
const rows = () => HOSTILE_FILES.map((f, i) => [f.label, f, i] as const);

/** The probe refuses every hostile row, and the transcoding calls read none as a playlist: see server/media/hostile-media*.test.ts. */
export function describeHostileFilesRefused(title: string): void {
  describe(title, () => {
    const lab = useHostileMediaLab();

    it.each(rows())("%s: refused by the probe, nothing fetched or read", async (_, file, i) => {
      const hostile = await writeHostileFile(file, lab.dir, uploadName(i), lab.ctx());
      lab.arm();
      const err = await inspectSource(hostile, { maxBytes: 50 * 1024 * 1024 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnusableMediaError);
      expect((err as Error).message).toBe(NOT_A_VIDEO_FILE);
      expect(lab.seen()).toEqual({ requests: [], read: [] });
    });

    // The transcode forces the container the probe found: a file swapped for a playlist after its probe is
    // still read as that container (here an MP4 and an MPEG-TS), never detected as a playlist again.
    it.each(rows())(
      "%s: read as the container the probe claimed, the stills and storyboard fail without fetching or reading",
      async (_, file, i) => {
        const hostile = await writeHostileFile(file, lab.dir, `forced-${uploadName(i)}`, lab.ctx());
        const out = path.join(lab.dir, `out-${i}`);
        lab.arm();
        await expect(makePoster({ path: hostile, demuxer: "mov" }, path.join(out, "poster.jpg"), 0)).rejects.toThrow();
        await expect(makeStoryboard({ path: hostile, demuxer: "mpegts" }, out, { durationSeconds: 4 })).rejects.toThrow();
        expect(lab.seen()).toEqual({ requests: [], read: [] });
      },
    );
  });
}
