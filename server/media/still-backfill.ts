import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "../db/connection";
import { makeStillVariants, stillVariantFiles } from "./stills";
import type { MediaStorage } from "./storage";

/** Videos looked at per query (by primary key, in order); a second run finds nothing left to write. */
const BATCH = 200;

export interface StillBackfillResult {
  /** Videos whose stills are in this storage. */
  checked: number;
  /** Variant files written (a format added since the video was transcoded). */
  written: number;
}

/**
 * Writes the still variants (core/images.ts) that videos transcoded by an earlier release lack: every format
 * the pages name must exist beside each poster and thumbnail, or a `<picture>` source points at nothing. New
 * transcodes write them all (server/media/hls.ts); this is an upgrade's catch-up, `npm run cli -- media:stills`,
 * run before the new release takes traffic and once more after it (for videos an older worker published
 * meanwhile; docs/operations.md "Upgrades"). Idempotent, and cheap when nothing is missing: one listing per media
 * folder (the demo set's few folders serve many videos), no image read. The demo set has its own check (server/media/demo-media.ts).
 */
export async function backfillStillVariants(
  storage: MediaStorage,
  opts: { signal?: AbortSignal; log?: (msg: string) => void } = {},
): Promise<StillBackfillResult> {
  const result: StillBackfillResult = { checked: 0, written: 0 };
  let after = "00000000-0000-0000-0000-000000000000"; // below every uuid
  const folders = new Set<string>();
  for (;;) {
    opts.signal?.throwIfAborted();
    const rows = await getDb()
      .selectFrom("videos")
      .select(["id", "poster_url", "thumbnail_url"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!rows.length) return result;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const stills = [row.poster_url, row.thumbnail_url].flatMap((url) => {
        const key = url ? storage.keyOf(url) : undefined;
        return key && stillVariantFiles(key).length ? [key] : [];
      });
      if (!stills.length) continue;
      result.checked++;
      const folder = path.posix.dirname(stills[0]!);
      if (folders.has(folder)) continue;
      folders.add(folder);
      result.written += await fillFolder(storage, folder, stills, opts.signal);
    }
    opts.log?.(`[stills] ${result.checked} video(s) checked, ${result.written} variant(s) written`);
  }
}

/** One video's stills: the keys of its JPEGs, all in `folder`. Returns how many files it wrote. */
async function fillFolder(storage: MediaStorage, folder: string, stills: string[], signal?: AbortSignal): Promise<number> {
  const present = new Set(await storage.listKeys(folder));
  const missing = stills
    .map((key) => ({ key, variants: stillVariantFiles(key).filter((v) => !present.has(v)) }))
    .filter((s) => s.variants.length);
  if (!missing.length) return 0;
  const scratch = await storage.makeScratchDir(`stills-${folder.replaceAll("/", "-")}`);
  try {
    let written = 0;
    for (const { key, variants } of missing) {
      signal?.throwIfAborted();
      const jpeg = path.join(scratch, path.posix.basename(key));
      await storage.getFile(key, jpeg);
      const wanted = new Set(variants.map((v) => path.join(scratch, path.posix.basename(v))));
      for (const file of await makeStillVariants(jpeg, (f) => wanted.has(f))) {
        await storage.putFile(file, path.posix.join(folder, path.basename(file)));
        written++;
      }
    }
    return written;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
