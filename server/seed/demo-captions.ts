import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { type Cue, serializeCaptions } from "../../core/captions";
import type { Database } from "../db/schema";
import type { MediaStorage } from "../media/storage";

/** Neutral English captions for the demo clips (what one sees and hears: abstract motion, ambient sound). */
const DEMO_LINES = [
  "[Soft ambient music]",
  "Colour drifts slowly across the frame.",
  "Shapes fold into one another\nand open again.",
  "[The music swells]",
  "Light settles into a calm pattern.",
  "[Music fades]",
];

/** The demo lines spread over `duration` seconds, each shown for most of its share. */
export function demoCues(duration: number): Cue[] {
  const share = Math.max(duration, 6) / DEMO_LINES.length;
  return DEMO_LINES.map((text, i) => ({ start: i * share, end: Math.min(duration, i * share + share * 0.85), text })).filter(
    (c) => c.end > c.start,
  );
}

/**
 * English captions for the first `count` public demo videos with media, so the feature shows on a fresh site.
 * Captions of an earlier seed go first (the seed replaced every video). Written through the storage like the
 * console's (server/services/captions.ts), without the audit: nobody uploaded them.
 */
export async function seedDemoCaptions(
  db: Kysely<Database>,
  storage: MediaStorage,
  videos: readonly { id: string; is_public: boolean; video_url: string | null; duration: number }[],
  count = 2,
): Promise<number> {
  await storage.removePrefix("captions");
  const chosen = videos.filter((v) => v.is_public && v.video_url).slice(0, count);
  if (!chosen.length) return 0;
  const scratch = await storage.makeScratchDir("demo-captions");
  try {
    for (const video of chosen) {
      const cues = demoCues(video.duration);
      const vtt = serializeCaptions(cues);
      const key = `captions/${video.id}/en-demo.vtt`;
      const local = path.join(scratch, `${video.id}.vtt`);
      await fs.writeFile(local, vtt);
      await storage.putFile(local, key);
      await db
        .insertInto("video_captions")
        .values({ video_id: video.id, language: "en", file_key: key, cues: cues.length, bytes: Buffer.byteLength(vtt) })
        .execute();
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return chosen.length;
}
