import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";
import type { MediaStorage } from "../media/storage";

/**
 * Fingerprints of removed videos (issue 22, item 3): the SHA-256 of every file a removed video had (its
 * source, taken at ingest, and each rendition, playlist, poster and still), so the same file cannot be
 * published again by any path (console upload, CLI, transcode). An exact hash only catches the same bytes;
 * a re-encoded copy needs a perceptual hash, which is not built (docs/decisions/0029-takedowns.md).
 */

/** What publishing says when a file matches: the operator learns why, not which request it was. */
export const FINGERPRINT_REFUSAL =
  "This file matches a video that was removed after a takedown or moderation decision, and cannot be published again.";

export class FingerprintMatchError extends Error {
  override name = "FingerprintMatchError";
  constructor(readonly sha256: string) {
    super(FINGERPRINT_REFUSAL);
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Throws FingerprintMatchError when any of the hashes belongs to a removed video. */
export async function assertNotFingerprinted(hashes: readonly string[], db: Kysely<Database> = getDb()): Promise<void> {
  if (!hashes.length) return;
  const hit = await db.selectFrom("media_fingerprints").select("sha256").where("sha256", "in", hashes).limit(1).executeTakeFirst();
  if (hit) throw new FingerprintMatchError(hit.sha256);
}

/** Hashes of every file under a local folder (a transcode's scratch output), before it is published. */
export async function hashFolder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(sha256File));
}

/**
 * Hashes of the stored files under each prefix, read back through the storage (media may live in S3): each
 * file is copied to a scratch folder, hashed and dropped. Returns `{ sha256, what }` with the key as `what`.
 */
export async function hashStoredFiles(
  storage: MediaStorage,
  prefixes: readonly string[],
  label: string,
): Promise<{ sha256: string; what: string }[]> {
  const scratch = await storage.makeScratchDir(`fingerprint-${label}`);
  try {
    const out: { sha256: string; what: string }[] = [];
    for (const prefix of prefixes) {
      for (const key of await storage.listKeys(prefix)) {
        const local = path.join(scratch, "file");
        await storage.getFile(key, local);
        out.push({ sha256: await sha256File(local), what: key });
        await fs.rm(local, { force: true });
      }
    }
    return out;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Stores fingerprints (a hash seen before keeps its first record). */
export async function recordFingerprints(
  db: Kysely<Database>,
  videoId: string,
  prints: readonly { sha256: string; what: string }[],
): Promise<void> {
  if (!prints.length) return;
  await db
    .insertInto("media_fingerprints")
    .values(prints.map((p) => ({ sha256: p.sha256, what: p.what.slice(0, 300), video_id: videoId })))
    .onConflict((oc) => oc.column("sha256").doNothing())
    .execute();
}
