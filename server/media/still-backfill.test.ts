import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { STILL_WIDTHS, stillVariantPath } from "../../core/images";
import { insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { backfillStillVariants } from "./still-backfill";
import { localMediaStorage } from "./storage";

const tmp = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "still-backfill-test-"));
  process.env.DATA_DIR = dir;
  return dir as string;
});
const { handle } = useTestDatabase();
const mediaRoot = path.join(tmp, "media");
const storage = localMediaStorage(mediaRoot, { scratchRoot: path.join(tmp, "media-work") });

/** A video as an earlier release published it: JPEG stills and their WebP variants, no AVIF. */
async function olderVideo(): Promise<{ id: string; dir: string }> {
  const { id } = await insertVideo(handle().db);
  const dir = path.join(mediaRoot, "videos", id);
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, width] of [
    ["poster", 1280],
    ["thumb", 640],
  ] as const) {
    const jpeg = path.join(dir, `${name}.jpg`);
    await sharp({ create: { width, height: (width * 9) / 16, channels: 3, background: "#3b5998" } })
      .jpeg()
      .toFile(jpeg);
    for (const w of STILL_WIDTHS[name]) fs.writeFileSync(stillVariantPath(jpeg, w, "webp"), "an older release's WebP");
  }
  fs.writeFileSync(path.join(dir, "master.m3u8"), "#EXTM3U\n");
  await handle()
    .db.updateTable("videos")
    .set({ poster_url: storage.url(`videos/${id}/poster.jpg`), thumbnail_url: storage.url(`videos/${id}/thumb.jpg`) })
    .where("id", "=", id)
    .execute();
  return { id, dir };
}

describe("backfillStillVariants", () => {
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("writes the formats an earlier release's videos lack, leaves what exists, and finds nothing on a second run", async () => {
    const older = await olderVideo();
    const elsewhere = await insertVideo(handle().db);
    await handle()
      .db.updateTable("videos")
      .set({ thumbnail_url: "https://images.example.com/x/thumb.jpg" })
      .where("id", "=", elsewhere.id)
      .execute();
    await insertVideo(handle().db); // no stills at all
    const logs: string[] = [];

    const first = await backfillStillVariants(storage, { log: (m) => logs.push(m) });

    const avif = [...STILL_WIDTHS.poster.map((w) => `poster-${w}w.avif`), ...STILL_WIDTHS.thumb.map((w) => `thumb-${w}w.avif`)];
    expect(first).toEqual({ checked: 1, written: avif.length });
    for (const file of avif) {
      const meta = await sharp(path.join(older.dir, file)).metadata();
      expect(meta.compression).toBe("av1");
      expect(meta.width).toBe(Number(/-(\d+)w/.exec(file)![1]));
    }
    // The WebP files were not touched, and nothing was left in the scratch folder.
    expect(fs.readFileSync(path.join(older.dir, "thumb-320w.webp"), "utf8")).toBe("an older release's WebP");
    expect(fs.readdirSync(path.join(tmp, "media-work"))).toEqual([]);
    expect(logs.at(-1)).toBe(`[stills] 1 video(s) checked, ${avif.length} variant(s) written`);

    expect(await backfillStillVariants(storage)).toEqual({ checked: 1, written: 0 });
  });

  it("looks at a folder once however many videos show its stills (the demo set's)", async () => {
    const older = await olderVideo();
    const { id: twin } = await insertVideo(handle().db);
    const stills = await handle()
      .db.selectFrom("videos")
      .select(["poster_url", "thumbnail_url"])
      .where("id", "=", older.id)
      .executeTakeFirstOrThrow();
    await handle().db.updateTable("videos").set(stills).where("id", "=", twin).execute();
    const listed: string[] = [];
    const counting = {
      ...storage,
      listKeys: (prefix: string) => {
        listed.push(prefix);
        return storage.listKeys(prefix);
      },
    };
    const done = await backfillStillVariants(counting);
    expect(done.written).toBe(STILL_WIDTHS.poster.length + STILL_WIDTHS.thumb.length);
    expect(listed.filter((prefix) => prefix === `videos/${older.id}`)).toHaveLength(1);
  });

  it("stops between videos when asked to", async () => {
    const stop = new AbortController();
    stop.abort(new Error("stopping"));
    await expect(backfillStillVariants(storage, { signal: stop.signal })).rejects.toThrow("stopping");
  });
});
