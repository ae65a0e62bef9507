import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { getDb } from "../db/connection";
import type { TranscodeJob } from "../db/schema";
import { logger } from "../logger";
import { addContentCredentials } from "../media/content-credentials";
import { isDiskFullError } from "../media/disk-space";
import { makePoster, makeThumbnail, transcodeToHls } from "../media/hls";
import { inspectSource, UnusableMediaError } from "../media/inspect";
import { openSource, removeSource } from "../media/sources";
import { type MediaStorage, StorageUnavailableError, videoMediaPrefix } from "../media/storage";
import { makeStoryboard, STORYBOARD_VTT } from "../media/storyboard";
import { assertNotFingerprinted, FingerprintMatchError, hashFolder, sha256File } from "../services/fingerprints";
import { invalidateVideoListCaches } from "../services/videos";

export interface TranscodeContext {
  storage: MediaStorage;
  maxBytes: number;
  /** Aborted when the runner stops: the job goes back to the queue instead of failing. */
  signal: AbortSignal;
}

/** Share of the progress bar each step ends at: the ladder is nearly all of the work. */
const PROGRESS = { ladder: 88, poster: 91, thumbnail: 93, storyboard: 96, credentials: 98 } as const;
const PROGRESS_WRITE_INTERVAL_MS = 1000;
const MAX_ERROR_CHARS = 2000;

/**
 * Runs one transcode job to its end: the HLS ladder, stills, storyboard, content credentials in a scratch folder, then the folder
 * published, then (one transaction) the `videos` row inserted and the job marked done. Any failure removes
 * what was written and marks the job failed with the error text; a stop (abort) resets it to queued and
 * rethrows, so the queue runs it again (as does a media storage that cannot be reached). Re-running a job that
 * already ended only removes its source if that is still to do.
 */
export async function runTranscodeJob(jobId: string, ctx: TranscodeContext): Promise<void> {
  const db = getDb();
  const job = await db
    .updateTable("transcode_jobs")
    .set({
      status: "running",
      progress: 0,
      error: null,
      attempts: sql`attempts + 1`,
      started_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where("id", "=", jobId)
    .where("status", "in", ["queued", "running"])
    .returningAll()
    .executeTakeFirst();
  if (!job) {
    // Done or failed before (a re-run after a crash at the very end, or given back because the source could not
    // be removed while the storage was away: that removal is tried again here), or deleted.
    const ended = await db
      .selectFrom("transcode_jobs")
      .select(["source_path", "delete_source"])
      .where("id", "=", jobId)
      .where("status", "in", ["done", "failed"])
      .executeTakeFirst();
    if (ended?.delete_source) await removeSource(ctx.storage, ended.source_path);
    return;
  }

  const prefix = videoMediaPrefix(job.video_id);
  const log = logger.child({ transcodeJob: job.id, videoId: job.video_id });
  log.info({ source: job.source_path, attempt: job.attempts }, "transcode started");
  const reportProgress = progressWriter(job.id);
  let scratch: string | undefined;
  let input: Awaited<ReturnType<typeof openSource>> | undefined;
  try {
    // On object storage the source is downloaded from the bucket: this worker needs no disk of the app's.
    input = await openSource(ctx.storage, job.source_path, job.video_id);
    const source = await inspectSource(input.file, { maxBytes: ctx.maxBytes, signal: ctx.signal });
    // A fingerprint recorded while the job waited (a takedown of the same file) still stops it.
    await assertNotFingerprinted([await sha256File(input.file)]);
    scratch = await ctx.storage.makeScratchDir(job.video_id);
    // Every read below forces the container ffprobe found (source.media): what was checked is what is read.
    await transcodeToHls(source.media, scratch, {
      signal: ctx.signal,
      onProgress: (fraction) => reportProgress(fraction * PROGRESS.ladder),
    });
    const stillAt = Math.min(5, source.durationSeconds / 3);
    ctx.signal.throwIfAborted();
    await makePoster(source.media, path.join(scratch, "poster.jpg"), stillAt);
    reportProgress(PROGRESS.poster);
    await makeThumbnail(source.media, path.join(scratch, "thumb.jpg"), stillAt);
    reportProgress(PROGRESS.thumbnail);
    ctx.signal.throwIfAborted();
    await makeStoryboard(source.media, scratch, { durationSeconds: source.durationSeconds });
    reportProgress(PROGRESS.storyboard);
    ctx.signal.throwIfAborted();
    // Signed before publishing, so no published video is ever without its content credentials.
    await addContentCredentials(scratch, job.title);
    reportProgress(PROGRESS.credentials);

    // Nothing whose bytes match a removed video's files is published, whatever the source's own hash.
    await assertNotFingerprinted(await hashFolder(scratch));
    await ctx.storage.publishDirectory(scratch, prefix);
    scratch = undefined;
    await finishJob(job, Math.max(1, Math.round(source.durationSeconds)), ctx.storage, prefix);
    await invalidateVideoListCaches();
    log.info({ duration: source.durationSeconds }, "transcode done");
  } catch (err) {
    // Nothing half-written stays: the video row does not exist yet, so the prefix is only this job's output.
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
    await ctx.storage.removePrefix(prefix).catch((cleanupErr: unknown) => log.error({ err: cleanupErr }, "removing partial media failed"));
    // Stopped, the media storage away or the disk full for the moment: back to the queue, to run again
    // (graphile-worker's backoff) once an operator has fixed it.
    if (ctx.signal.aborted || err instanceof StorageUnavailableError || isDiskFullError(err)) {
      await db
        .updateTable("transcode_jobs")
        .set({ status: "queued", progress: 0, updated_at: sql`now()` })
        .where("id", "=", job.id)
        .where("status", "=", "running")
        .execute();
      if (err instanceof StorageUnavailableError) log.warn({ err }, "transcode given back: the media storage cannot be reached");
      else if (isDiskFullError(err)) log.warn({ err }, "transcode given back: the disk is full");
      else log.info("transcode interrupted; queued again");
      throw err;
    }
    const message = errorText(err);
    await db
      .updateTable("transcode_jobs")
      .set({ status: "failed", error: message, finished_at: sql`now()`, updated_at: sql`now()` })
      .where("id", "=", job.id)
      .execute();
    log[err instanceof UnusableMediaError || err instanceof FingerprintMatchError ? "warn" : "error"]({ err }, "transcode failed");
  } finally {
    reportProgress.stop();
    await input?.close();
  }
  // The storage away now: the job is given back (the error goes to the queue, which runs it again later) and the
  // re-run above removes the source; the video itself is published already.
  if (job.delete_source) await removeSource(ctx.storage, job.source_path);
}

/** The video appears (privately or publicly, as asked) in the same transaction that marks the job done. */
async function finishJob(job: TranscodeJob, durationSeconds: number, storage: MediaStorage, prefix: string): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      // The category may have been removed (or the catalogue reseeded) while the job waited.
      const category = job.category_id
        ? await trx.selectFrom("categories").select("id").where("id", "=", job.category_id).executeTakeFirst()
        : undefined;
      await trx
        .insertInto("videos")
        .values({
          id: job.video_id,
          title: job.title,
          description: job.description,
          category_id: category?.id ?? null,
          is_public: job.publish,
          duration: durationSeconds,
          video_url: storage.url(`${prefix}/master.m3u8`),
          poster_url: storage.url(`${prefix}/poster.jpg`),
          thumbnail_url: storage.url(`${prefix}/thumb.jpg`),
          storyboard_url: storage.url(`${prefix}/${STORYBOARD_VTT}`),
          uploaded_by: job.uploaded_by,
          source_sha256: job.source_sha256,
        })
        .execute();
      await trx
        .updateTable("transcode_jobs")
        .set({ status: "done", progress: 100, error: null, finished_at: sql`now()`, updated_at: sql`now()` })
        .where("id", "=", job.id)
        .execute();
    });
  // A public video joins the listings: their counts, trending and cached pages are dropped everywhere. Not
  // awaited: the job is done either way (a lost announcement leaves pages at most their TTL behind).
  if (job.publish) void invalidateVideoListCaches();
}

/** Writes the percent when it changes, at most once a second (ffmpeg reports twice a second). */
function progressWriter(jobId: string) {
  let written = 0;
  let lastAt = 0;
  let pending: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const write = (percent: number) => {
    written = percent;
    lastAt = Date.now();
    getDb()
      .updateTable("transcode_jobs")
      .set({ progress: percent, updated_at: sql`now()` })
      .where("id", "=", jobId)
      .where("status", "=", "running")
      .execute()
      .catch((err: unknown) => logger.warn({ err, transcodeJob: jobId }, "progress update failed"));
  };
  const report = (value: number) => {
    const percent = Math.max(0, Math.min(99, Math.floor(value)));
    if (percent <= written) return;
    const wait = lastAt + PROGRESS_WRITE_INTERVAL_MS - Date.now();
    if (wait <= 0) return write(percent);
    pending = percent;
    timer ??= setTimeout(() => {
      timer = undefined;
      if (pending !== undefined && pending > written) write(pending);
    }, wait);
  };
  report.stop = () => clearTimeout(timer);
  return report;
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}
