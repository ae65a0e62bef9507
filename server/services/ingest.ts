import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getDb } from "../db/connection";
import { probeDurationSeconds } from "../media/ffmpeg";
import { makePoster, makeThumbnail, transcodeToHls } from "../media/hls";
import { assertNoMinorSuggestingTerms } from "./content-safety";

export interface IngestInput {
  file: string;
  title: string;
  categoryName: string;
  description: string | null;
  isPublic: boolean;
  mediaRoot: string;
  log: (msg: string) => void;
}

export class IngestError extends Error {}

/**
 * Adds a video file to the catalogue: validates the texts (content-safety policy) and the category first,
 * then transcodes to the HLS ladder with poster and thumbnail, then inserts the row.
 */
export async function ingestVideo(input: IngestInput): Promise<{ id: string; duration: number }> {
  const db = getDb();
  const title = input.title.trim();
  if (title.length < 1 || title.length > 200) throw new IngestError("Title must be 1 to 200 characters.");
  assertNoMinorSuggestingTerms({ title, description: input.description, category: input.categoryName });
  if (!fs.existsSync(input.file)) throw new IngestError(`No such file: ${input.file}`);
  const category = await db
    .selectFrom("categories")
    .select(["id"])
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", input.categoryName.trim().toLowerCase()))
    .executeTakeFirst();
  if (!category) throw new IngestError(`Unknown category: ${input.categoryName}`);

  const id = crypto.randomUUID();
  const relDir = `videos/${id}`;
  const outDir = path.join(input.mediaRoot, relDir);
  fs.mkdirSync(outDir, { recursive: true });
  try {
    const duration = await probeDurationSeconds(input.file);
    input.log(`[ingest] transcoding ${path.basename(input.file)} (${Math.round(duration)} s)`);
    await transcodeToHls(input.file, outDir, {
      onProgress: (fraction, rungs) => input.log(`[ingest] ${rungs.join("/")}: ${Math.round(fraction * 100)}%`),
    });
    const at = Math.min(5, duration / 3);
    await makePoster(input.file, path.join(outDir, "poster.jpg"), at);
    await makeThumbnail(input.file, path.join(outDir, "thumb.jpg"), at);
    await db
      .insertInto("videos")
      .values({
        id,
        title,
        description: input.description?.trim() || null,
        category_id: category.id,
        is_public: input.isPublic,
        duration: Math.round(duration),
        video_url: `/media/${relDir}/master.m3u8`,
        poster_url: `/media/${relDir}/poster.jpg`,
        thumbnail_url: `/media/${relDir}/thumb.jpg`,
      })
      .execute();
    return { id, duration: Math.round(duration) };
  } catch (err) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw err;
  }
}
