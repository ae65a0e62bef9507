import { sql } from "kysely";
import { ATTESTATION_TEXT, ATTESTATION_VERSION, checkAttestation } from "../../core/attestation";
import { ContentSafetyError } from "../../core/content-safety";
import { checkVideoFields, type VideoFieldErrors, type VideoFields } from "../../core/video-schema";
import { getDb } from "../db/connection";
import type { TranscodeStatus } from "../db/schema";
import { logger } from "../logger";
import { appMediaStorage } from "../media/app-storage";
import { type MediaStorage, videoMediaPrefix } from "../media/storage";
import { claimUpload, type FinishedUpload, finishedUpload, UploadNotReadyError } from "../media/uploads";
import { type Actor, recordAdminAction } from "./audit-log";
import { removeAllCaptions } from "./captions";
import { IngestError, submitIngest } from "./ingest";
import { invalidateVideoListCaches, isVideoId, titleContains } from "./videos";

/**
 * The console's videos (issue 11): every video, public or not, with its latest transcode job; uploads handed
 * to the ingest pipeline; edits and deletions. Each change is audited in its own transaction and clears
 * the public video caches in every process. No HTTP here.
 */

export const ADMIN_VIDEOS_PER_PAGE = 20;

export type Visibility = "all" | "public" | "private";

export interface AdminVideoRow {
  id: string;
  title: string;
  isPublic: boolean;
  /** Taken down (server/services/video-removal.ts). */
  removed: boolean;
  uploadDate: Date;
  duration: number;
  views: number;
  thumbnailUrl: string | null;
  categoryName: string | null;
  /** The latest transcode job that made this video, if it came through the pipeline. */
  jobStatus: TranscodeStatus | null;
}

export interface AdminVideo {
  id: string;
  title: string;
  description: string | null;
  categoryName: string | null;
  isPublic: boolean;
  uploadDate: Date;
  thumbnailUrl: string | null;
  /** Set once taken down (server/services/video-removal.ts). */
  removed: { at: Date; reason: string | null } | null;
  /** What the uploader attested to (core/attestation.ts); none for demo and command-line videos. */
  attestation: { email: string; agreedAt: Date; version: string; text: string; note: string | null } | null;
}

/** A refusal to show next to its field (or above the form, `form`). */
export class VideoFieldsError extends Error {
  override name = "VideoFieldsError";
  constructor(readonly errors: VideoFieldErrors) {
    super(Object.values(errors).join(" "));
  }
}

export const REMOVED_STAYS_PRIVATE =
  "This video was removed and its media deleted: it cannot be made public again (after a successful appeal, upload the file again).";

export class VideoNotFoundError extends Error {
  override name = "VideoNotFoundError";
}

/** One page of videos, newest first, by title (contains, any case) and visibility. */
export async function listAdminVideos(opts: { page: number; q?: string; visibility?: Visibility }): Promise<{
  videos: AdminVideoRow[];
  total: number;
}> {
  const db = getDb();
  let filtered = db.selectFrom("videos as v");
  const term = opts.q?.trim();
  if (term) filtered = filtered.where(titleContains("v.title_lower", term));
  if (opts.visibility === "public") filtered = filtered.where("v.is_public", "=", true);
  if (opts.visibility === "private") filtered = filtered.where("v.is_public", "=", false);
  const offset = (Math.max(1, opts.page) - 1) * ADMIN_VIDEOS_PER_PAGE;
  const [rows, count] = await Promise.all([
    filtered
      .leftJoin("categories as c", "c.id", "v.category_id")
      .select((eb) => [
        "v.id",
        "v.title",
        "v.is_public",
        "v.removed_at",
        "v.upload_date",
        "v.duration",
        "v.views",
        "v.thumbnail_url",
        "c.name as category_name",
        eb
          .selectFrom("transcode_jobs as j")
          .select("j.status")
          .whereRef("j.video_id", "=", "v.id")
          .orderBy("j.created_at", "desc")
          .limit(1)
          .as("job_status"),
      ])
      .orderBy("v.upload_date", "desc")
      .orderBy("v.id", "desc")
      .limit(ADMIN_VIDEOS_PER_PAGE)
      .offset(offset)
      .execute(),
    filtered.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    videos: rows.map((r) => ({
      id: r.id,
      title: r.title,
      isPublic: r.is_public,
      removed: r.removed_at !== null,
      uploadDate: r.upload_date,
      duration: r.duration,
      views: Number(r.views),
      thumbnailUrl: r.thumbnail_url,
      categoryName: r.category_name,
      jobStatus: r.job_status ?? null,
    })),
  };
}

export async function getAdminVideo(id: string): Promise<AdminVideo | undefined> {
  if (!isVideoId(id)) return undefined;
  const db = getDb();
  const [row, attestation] = await Promise.all([
    db
      .selectFrom("videos as v")
      .leftJoin("categories as c", "c.id", "v.category_id")
      .select([
        "v.id",
        "v.title",
        "v.description",
        "v.is_public",
        "v.upload_date",
        "v.thumbnail_url",
        "v.removed_at",
        "v.removed_reason",
        "c.name as category_name",
      ])
      .where("v.id", "=", id)
      .executeTakeFirst(),
    db.selectFrom("video_attestations").selectAll().where("video_id", "=", id).orderBy("agreed_at", "desc").limit(1).executeTakeFirst(),
  ]);
  return (
    row && {
      id: row.id,
      title: row.title,
      description: row.description,
      categoryName: row.category_name,
      isPublic: row.is_public,
      uploadDate: row.upload_date,
      thumbnailUrl: row.thumbnail_url,
      removed: row.removed_at ? { at: row.removed_at, reason: row.removed_reason } : null,
      attestation: attestation
        ? {
            email: attestation.user_email,
            agreedAt: attestation.agreed_at,
            version: attestation.text_version,
            text: attestation.text,
            note: attestation.note,
          }
        : null,
    }
  );
}

/** Transcode jobs not done yet or failed, newest first: what the console shows above the list. */
export async function listUnfinishedJobs(limit = 10) {
  return getDb()
    .selectFrom("transcode_jobs")
    .select(["id", "video_id", "title", "source_name", "status", "progress", "error", "created_at"])
    .where("status", "<>", "done")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The shared schema's check (policy included); refusals as field errors. */
function fieldsOrThrow(raw: Record<string, string>): VideoFields {
  const checked = checkVideoFields(raw);
  if (!checked.ok) throw new VideoFieldsError(checked.errors);
  return checked.fields;
}

async function categoryIdOrThrow(name: string): Promise<string> {
  const category = await getDb()
    .selectFrom("categories")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .executeTakeFirst();
  if (!category) throw new VideoFieldsError({ category: "Choose one of the categories" });
  return category.id;
}

/**
 * A finished browser upload becomes a queued transcode through the same path as `video:ingest`
 * (submitIngest), audited as `video.upload`. Field refusals keep the upload (the admin fixes the field and
 * sends again); a refused file is removed at once, nothing of it stays.
 */
export async function submitUpload(
  uploadId: string,
  raw: Record<string, string>,
  actor: Actor,
  attestationRaw: Record<string, string> = {},
): Promise<{ jobId: string; videoId: string }> {
  // The fields and the attestation are checked together, so every message shows at once.
  const checked = checkVideoFields(raw);
  const attested = checkAttestation(attestationRaw);
  if (!checked.ok || !attested.ok)
    throw new VideoFieldsError({ ...(checked.ok ? {} : checked.errors), ...(attested.ok ? {} : attested.errors) });
  const fields = checked.fields;
  await categoryIdOrThrow(fields.category);
  let upload: FinishedUpload;
  let claim: Awaited<ReturnType<typeof claimUpload>>;
  try {
    upload = await finishedUpload(uploadId);
    claim = await claimUpload(upload.id);
  } catch (err) {
    if (err instanceof UploadNotReadyError) throw new VideoFieldsError({ form: err.message });
    throw err;
  }
  try {
    const { job } = await submitIngest(
      {
        file: upload.file,
        sourceName: upload.name,
        deleteSource: true,
        title: fields.title,
        description: fields.description,
        category: fields.category,
        publish: fields.isPublic,
      },
      { actor, attestation: { version: ATTESTATION_VERSION, text: ATTESTATION_TEXT, note: attested.fields.consentNote } },
    );
    await claim.handOver();
    return { jobId: job.id, videoId: job.video_id };
  } catch (err) {
    if (err instanceof IngestError) {
      // The pipeline refused the file itself (not a video, no video stream, too large).
      await claim.discard();
      throw new VideoFieldsError({ form: `The file was refused: ${err.message}` });
    }
    // A file name the policy refuses cannot be fixed in the form: that upload is dropped (rename, upload again).
    if (err instanceof ContentSafetyError && err.field === "fileName") {
      await claim.discard();
      throw new VideoFieldsError({ form: err.message });
    }
    await claim.release();
    if (err instanceof ContentSafetyError) throw new VideoFieldsError({ [err.field]: err.message });
    throw err;
  }
}

/** Saves title, description, category and visibility; `video.update` records what changed. */
export async function updateVideo(id: string, raw: Record<string, string>, actor: Actor): Promise<AdminVideo> {
  if (!isVideoId(id)) throw new VideoNotFoundError("This video no longer exists.");
  const fields = fieldsOrThrow(raw);
  const categoryId = await categoryIdOrThrow(fields.category);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("videos as v")
        .leftJoin("categories as c", "c.id", "v.category_id")
        .select(["v.title", "v.description", "v.is_public", "v.removed_at", "c.name as category_name"])
        .where("v.id", "=", id)
        .forUpdate("v")
        .executeTakeFirst();
      if (!before) throw new VideoNotFoundError("This video no longer exists.");
      // A removal (server/services/video-removal.ts) deleted the media; an edit cannot bring the video back.
      if (before.removed_at && fields.isPublic) throw new VideoFieldsError({ isPublic: REMOVED_STAYS_PRIVATE });
      const after = await trx
        .updateTable("videos")
        .set({
          title: fields.title,
          description: fields.description,
          category_id: categoryId,
          is_public: fields.isPublic,
          updated_at: sql`now()`,
        })
        .where("id", "=", id)
        .returning(["title", "description", "is_public"])
        .executeTakeFirstOrThrow();
      await recordAdminAction(trx, {
        actor,
        action: "video.update",
        target: id,
        before: { title: before.title, description: before.description, category: before.category_name, public: before.is_public },
        after: { title: after.title, description: after.description, category: fields.category, public: after.is_public },
      });
    });
  await invalidateVideoListCaches();
  const saved = await getAdminVideo(id);
  if (!saved) throw new VideoNotFoundError("This video no longer exists.");
  return saved;
}

/**
 * Deletes the video (its likes, comments, favorites and views go with it) and then its media. The row
 * goes first: a crash in between leaves unreferenced files, never a listed video without media.
 */
export async function deleteVideo(id: string, actor: Actor, storage: MediaStorage = appMediaStorage()): Promise<void> {
  if (!isVideoId(id)) throw new VideoNotFoundError("This video no longer exists.");
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const gone = await trx
        .deleteFrom("videos")
        .where("id", "=", id)
        .returning(["title", "description", "is_public", "video_url", "category_id"])
        .executeTakeFirst();
      if (!gone) throw new VideoNotFoundError("This video no longer exists.");
      await recordAdminAction(trx, {
        actor,
        action: "video.delete",
        target: id,
        before: { title: gone.title, description: gone.description, public: gone.is_public, media: gone.video_url },
        after: null,
      });
    });
  // Only the pipeline's own folder for this video: demo videos share their media and keep them.
  await storage
    .removePrefix(videoMediaPrefix(id))
    .catch((err: unknown) =>
      logger.error(
        { err, videoId: id, prefix: videoMediaPrefix(id) },
        "removing media failed: the video's files stay in the storage; remove that prefix by hand",
      ),
    );
  await removeAllCaptions(id, storage).catch((err: unknown) =>
    logger.error({ err, videoId: id }, "removing caption files failed: remove the video's captions/ prefix by hand"),
  );
  await invalidateVideoListCaches();
}
