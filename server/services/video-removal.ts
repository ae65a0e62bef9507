import path from "node:path/posix";
import { sql } from "kysely";
import { getDb } from "../db/connection";
import { logger } from "../logger";
import { appMediaStorage } from "../media/app-storage";
import type { MediaStorage } from "../media/storage";
import { invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { removeAllCaptions } from "./captions";
import { hashStoredFiles, recordFingerprints } from "./fingerprints";
import { closeReports } from "./report-closing";
import { invalidateVideoListCaches, isVideoId } from "./videos";

/**
 * The one way a video is taken down (issue 22): a resolved takedown request, a moderator's "remove" on a
 * report, or the console. In order, each step safe to repeat:
 *
 * 1. one transaction: the video stops being public (`is_public = false`, `removed_at`, `removed_reason`,
 *    `removed_by`) and the audit entry is written; every list, page, sitemap and feed reads `is_public`,
 *    so from the commit on nothing new shows it;
 * 2. every file of its media is hashed (read back through the storage: media may live in S3) and the hashes,
 *    with the source's hash taken at ingest, are stored as fingerprints that publishing refuses;
 * 3. the media are deleted (a folder other live videos still use, the demo clips, is kept), captions included;
 * 4. the video caches and every cached page are dropped in every process.
 *
 * Unpublishing comes first (safety before reach); a failure after it (storage away) leaves a removed video
 * whose files are not yet hashed or deleted, and calling removeVideo again finishes the work.
 */

export type RemovalCause = "takedown" | "report" | "console";

export interface RemovalOptions {
  actor: Actor;
  reason: string;
  cause: RemovalCause;
}

export interface RemovalDeps {
  storage?: MediaStorage;
}

export interface RemovalResult {
  /** False when the video had been removed before (this call only finished the media work). */
  removedNow: boolean;
  fingerprints: number;
}

export class VideoRemovalNotFoundError extends Error {
  override name = "VideoRemovalNotFoundError";
  constructor() {
    super("This video no longer exists.");
  }
}

const REASON_MAX = 2000;

export async function removeVideo(videoId: string, opts: RemovalOptions, deps: RemovalDeps = {}): Promise<RemovalResult> {
  if (!isVideoId(videoId)) throw new VideoRemovalNotFoundError();
  const storage = deps.storage ?? appMediaStorage();
  const reason = opts.reason.trim().slice(0, REASON_MAX) || `Removed (${opts.cause})`;
  const db = getDb();

  const { video, removedNow } = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("videos")
      .select(["id", "title", "is_public", "removed_at", "video_url", "poster_url", "thumbnail_url", "storyboard_url", "source_sha256"])
      .where("id", "=", videoId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new VideoRemovalNotFoundError();
    if (row.removed_at) return { video: row, removedNow: false };
    await trx
      .updateTable("videos")
      .set({ is_public: false, removed_at: sql`now()`, removed_reason: reason, removed_by: opts.actor.id, updated_at: sql`now()` })
      .where("id", "=", videoId)
      .execute();
    // Whatever the cause, the video's open reports are settled by the removal (the report queue's own record).
    await closeReports(trx, { type: "video", id: videoId }, "removed", opts.actor);
    await recordAdminAction(trx, {
      actor: opts.actor,
      action: "video.remove",
      target: videoId,
      before: { title: row.title, public: row.is_public, media: row.video_url },
      after: { public: false, removed: true, cause: opts.cause, reason },
    });
    return { video: row, removedNow: true };
  });
  // Off every page at once, before the slower media work.
  await Promise.all([invalidateVideoListCaches(), invalidatePages()]);

  const folders = mediaFolders(storage, [video.video_url, video.poster_url, video.thumbnail_url, video.storyboard_url]);
  const hashed = await hashStoredFiles(storage, folders, videoId);
  const prints = video.source_sha256 ? [{ sha256: video.source_sha256, what: "source" }, ...hashed] : hashed;
  await recordFingerprints(db, videoId, prints);
  for (const folder of folders) {
    if (await folderUsedElsewhere(storage, folder, videoId)) {
      logger.warn({ videoId, folder }, "removed video's media folder is used by other videos: kept (fingerprinted)");
      continue;
    }
    await storage.removePrefix(folder);
  }
  // Captions are the video's own text, not media to recognise again: deleted, not fingerprinted.
  await removeAllCaptions(videoId, storage);
  // The media are gone now: no page may still point at them.
  await invalidatePages();
  return { removedNow, fingerprints: prints.length };
}

/** The folders (key prefixes) holding a video's files: the pipeline's `videos/<id>`, or a demo clip's folder. */
function mediaFolders(storage: MediaStorage, urls: (string | null)[]): string[] {
  const folders = new Set<string>();
  for (const url of urls) {
    const key = url ? storage.keyOf(url) : undefined;
    const folder = key ? path.dirname(key) : ".";
    if (folder !== ".") folders.add(folder);
  }
  return [...folders];
}

/** Whether a video not removed (another demo video sharing the clip) still plays from this folder. */
async function folderUsedElsewhere(storage: MediaStorage, folder: string, videoId: string): Promise<boolean> {
  const other = await getDb()
    .selectFrom("videos")
    .select("id")
    .where("id", "<>", videoId)
    .where("removed_at", "is", null)
    .where("video_url", "=", storage.url(`${folder}/master.m3u8`))
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}

/** Whether a video was taken down (its page answers 410 Gone instead of 404). */
export async function isRemovedVideo(id: string): Promise<boolean> {
  if (!isVideoId(id)) return false;
  const row = await getDb().selectFrom("videos").select("id").where("id", "=", id).where("removed_at", "is not", null).executeTakeFirst();
  return row !== undefined;
}
