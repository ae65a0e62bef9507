import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type CaptionTrack, captionLanguageName, isCaptionLanguage, parseCaptionFile } from "../../core/captions";
import { paths } from "../../core/paths";
import { getDb } from "../db/connection";
import { prepared } from "../db/prepared";
import { type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../db/rate-limit";
import { logger } from "../logger";
import { appMediaStorage } from "../media/app-storage";
import type { MediaStorage } from "../media/storage";
import { invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { isVideoId } from "./videos";

/**
 * Caption files of a video (docs/decisions/0033-captions.md): the console uploads one WebVTT file per language;
 * it is checked and rewritten by core/captions.ts and the canonical file is stored with the media, under
 * `captions/<video id>/<language>-<hash>.vtt` (a new name per content: media URLs are cached as immutable).
 * The video page lists them for the player. Removing or deleting a video removes its captions. No HTTP here.
 */

/** A refusal of the file or the language, shown to the admin as is. */
export class CaptionError extends Error {
  override name = "CaptionError";
}

/** Too many caption writes by this admin (CAPTION_RATE_LIMIT): answered 429. */
export class CaptionRateLimitError extends CaptionError {
  override name = "CaptionRateLimitError";
}

export class CaptionVideoNotFoundError extends Error {
  override name = "CaptionVideoNotFoundError";
  constructor() {
    super("This video no longer exists.");
  }
}

/** Admins' caption writes: generous for real work, a stop for a runaway script. */
export const CAPTION_RATE_LIMIT: RateLimitRule = { points: 120, durationSeconds: 60 * 60 };

export interface AdminCaption {
  language: string;
  label: string;
  cues: number;
  bytes: number;
  updatedAt: Date;
  url: string;
}

export const captionFolder = (videoId: string) => `captions/${videoId}`;

function captionKey(videoId: string, language: string, vtt: string): string {
  const hash = crypto.createHash("sha256").update(vtt).digest("hex").slice(0, 16);
  return `${captionFolder(videoId)}/${language}-${hash}.vtt`;
}

/** The console's list: every caption file of the video, by language code. */
export async function listVideoCaptions(videoId: string, storage: MediaStorage = appMediaStorage()): Promise<AdminCaption[]> {
  if (!isVideoId(videoId)) return [];
  const rows = await getDb()
    .selectFrom("video_captions")
    .select(["language", "file_key", "cues", "bytes", "updated_at"])
    .where("video_id", "=", videoId)
    .orderBy("language")
    .execute();
  return rows.map((r) => ({
    language: r.language,
    label: captionLanguageName(r.language),
    cues: r.cues,
    bytes: r.bytes,
    updatedAt: r.updated_at,
    url: storage.url(r.file_key),
  }));
}

const captionsOf = prepared((videoId: string) =>
  getDb().selectFrom("video_captions").select(["language", "file_key"]).where("video_id", "=", videoId).orderBy("language"),
);

/** The player's tracks for a public video page (the page loader already knows the video is public). */
export async function captionTracks(videoId: string, storage: MediaStorage = appMediaStorage()): Promise<CaptionTrack[]> {
  if (!isVideoId(videoId)) return [];
  const rows = await captionsOf(videoId);
  return rows.map((r) => ({ language: r.language, label: captionLanguageName(r.language), src: storage.url(r.file_key) }));
}

interface Deps {
  storage?: MediaStorage;
  limiter?: RateLimiter;
}

async function consumeWrite(actor: Actor, limiter?: RateLimiter): Promise<void> {
  const decision = await (limiter ?? sharedRateLimiter("captions", CAPTION_RATE_LIMIT)).consume(`admin:${actor.id}`);
  if (!decision.allowed)
    throw new CaptionRateLimitError(
      `Too many caption changes in the last hour. Try again in ${Math.ceil(decision.retryAfterMs / 60_000)} min.`,
    );
}

/**
 * Checks an uploaded file for `language` and stores its canonical form, replacing that language's earlier file.
 * Audited as `video.captions`; the video's cached page is dropped.
 */
export async function saveCaption(
  videoId: string,
  language: string,
  upload: Uint8Array,
  actor: Actor,
  deps: Deps = {},
): Promise<AdminCaption> {
  if (!isVideoId(videoId)) throw new CaptionVideoNotFoundError();
  if (!isCaptionLanguage(language)) throw new CaptionError("Choose a language from the list.");
  const storage = deps.storage ?? appMediaStorage();
  const video = await getDb().selectFrom("videos").select(["duration", "removed_at"]).where("id", "=", videoId).executeTakeFirst();
  if (!video) throw new CaptionVideoNotFoundError();
  if (video.removed_at) throw new CaptionError("This video was removed and its media deleted: it takes no captions.");
  const parsed = parseCaptionFile(upload, video.duration);
  if (!parsed.ok) throw new CaptionError(parsed.error);
  await consumeWrite(actor, deps.limiter);

  const key = captionKey(videoId, language, parsed.vtt);
  const bytes = Buffer.byteLength(parsed.vtt);
  // The file goes first: a row never names a file that is not there (a crash leaves an unnamed file at worst).
  const scratch = await storage.makeScratchDir(`caption-${videoId}-${language}`);
  try {
    const local = path.join(scratch, "captions.vtt");
    await fs.writeFile(local, parsed.vtt);
    await storage.putFile(local, key);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const before = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("videos").select(["removed_at"]).where("id", "=", videoId).forUpdate().executeTakeFirst();
      if (!row) throw new CaptionVideoNotFoundError();
      if (row.removed_at) throw new CaptionError("This video was removed and its media deleted: it takes no captions.");
      const earlier = await trx
        .selectFrom("video_captions")
        .select(["file_key", "cues", "bytes"])
        .where("video_id", "=", videoId)
        .where("language", "=", language)
        .executeTakeFirst();
      await trx
        .insertInto("video_captions")
        .values({ video_id: videoId, language, file_key: key, cues: parsed.cues.length, bytes })
        .onConflict((oc) =>
          oc.columns(["video_id", "language"]).doUpdateSet({ file_key: key, cues: parsed.cues.length, bytes, updated_at: new Date() }),
        )
        .execute();
      await recordAdminAction(trx, {
        actor,
        action: "video.captions",
        target: videoId,
        before: earlier ? { language, cues: earlier.cues, bytes: earlier.bytes } : null,
        after: { language, cues: parsed.cues.length, bytes },
      });
      return earlier;
    })
    .catch(async (err: unknown) => {
      // The video went (deleted or taken down) while the file was stored: the file goes too.
      if (err instanceof CaptionError || err instanceof CaptionVideoNotFoundError) await removeFile(storage, key, videoId);
      throw err;
    });
  if (before && before.file_key !== key) await removeFile(storage, before.file_key, videoId);
  await invalidatePages([paths.video(videoId)]);
  return { language, label: captionLanguageName(language), cues: parsed.cues.length, bytes, updatedAt: new Date(), url: storage.url(key) };
}

/** Removes one language's captions (row and file); audited, the cached page dropped. False when there were none. */
export async function removeCaption(videoId: string, language: string, actor: Actor, deps: Deps = {}): Promise<boolean> {
  if (!isVideoId(videoId)) throw new CaptionVideoNotFoundError();
  if (!isCaptionLanguage(language)) throw new CaptionError("Choose a language from the list.");
  const storage = deps.storage ?? appMediaStorage();
  await consumeWrite(actor, deps.limiter);
  const gone = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .deleteFrom("video_captions")
        .where("video_id", "=", videoId)
        .where("language", "=", language)
        .returning(["file_key", "cues", "bytes"])
        .executeTakeFirst();
      if (row)
        await recordAdminAction(trx, {
          actor,
          action: "video.captions",
          target: videoId,
          before: { language, cues: row.cues, bytes: row.bytes },
          after: null,
        });
      return row;
    });
  if (!gone) return false;
  await removeFile(storage, gone.file_key, videoId);
  await invalidatePages([paths.video(videoId)]);
  return true;
}

/**
 * Every caption of a video, rows and files: called when the video is deleted or taken down (its captions go
 * with its media). Safe to repeat.
 */
export async function removeAllCaptions(videoId: string, storage: MediaStorage = appMediaStorage()): Promise<void> {
  await getDb().deleteFrom("video_captions").where("video_id", "=", videoId).execute();
  await storage.removePrefix(captionFolder(videoId));
}

async function removeFile(storage: MediaStorage, key: string, videoId: string): Promise<void> {
  await storage
    .removeObject(key)
    .catch((err: unknown) => logger.error({ err, videoId, key }, "removing a replaced caption file failed: remove it by hand"));
}
