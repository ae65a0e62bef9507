import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { assertNoMinorSuggestingTerms } from "../../core/content-safety";
import { getDb, getPool } from "../db/connection";
import { ensureQueueSchema, queueTranscode } from "../db/queue";
import type { TranscodeJob } from "../db/schema";
import { env } from "../env";
import { appMediaStorage } from "../media/app-storage";
import { inspectSource, type SourceInfo, UnusableMediaError } from "../media/inspect";
import { removeSource, stageSource } from "../media/sources";
import type { MediaStorage } from "../media/storage";
import { type Actor, recordAdminAction } from "./audit-log";
import { assertNotFingerprinted, FINGERPRINT_REFUSAL, FingerprintMatchError, sha256File } from "./fingerprints";

/**
 * Adding videos (issue 9, item 4): the service the `video:ingest` command and the admin console call. No
 * HTTP here. A request is checked at once (texts, content-safety policy, category, the file itself with
 * ffprobe) and refused with an IngestError whose message is for the operator; an accepted one becomes a
 * queued transcode job, and its video appears when the job is done (server/jobs/transcode.ts).
 */

export class IngestError extends Error {
  override name = "IngestError";
}

export const ingestRequestSchema = z.object({
  /** Path of the source file on this machine (the operator's file, or an upload the pipeline owns). */
  file: z.string().min(1, "A file is required."),
  title: z.string().trim().min(1, "Title must be 1 to 200 characters.").max(200, "Title must be 1 to 200 characters."),
  category: z.string().trim().min(1, "A category is required.").max(100, "Unknown category."),
  description: z
    .string()
    .trim()
    .max(5000, "Description must be at most 5000 characters.")
    .nullish()
    .transform((d) => d || null),
  /** Make the video public when it is ready (default: private). */
  publish: z.boolean().default(false),
  /** File name to show (uploads are stored under generated names); default the file's own name. */
  sourceName: z.string().trim().min(1).max(255).optional(),
  /** Remove the source when the job ends (uploads); never for an operator's own file. */
  deleteSource: z.boolean().default(false),
});

export type IngestRequest = z.input<typeof ingestRequestSchema>;

export interface IngestAccepted {
  job: TranscodeJob;
  source: SourceInfo;
}

/**
 * Validates a request and queues its transcode. Refusals throw IngestError (bad fields, unknown category,
 * unusable file) or ContentSafetyError (the policy), each with a message for the operator. An upload
 * from the console names its `actor`: the `video.upload` audit entry is saved with the queued job.
 */
/** An uploader's attestation (core/attestation.ts), stored with the queued job's video. */
export interface Attestation {
  version: string;
  text: string;
  note: string | null;
}

export async function submitIngest(
  request: IngestRequest,
  opts: { actor?: Actor; storage?: MediaStorage; attestation?: Attestation } = {},
): Promise<IngestAccepted> {
  const parsed = ingestRequestSchema.safeParse(request);
  if (!parsed.success) throw new IngestError(parsed.error.issues.map((i) => i.message).join(" "));
  const input = parsed.data;
  const sourceName = input.sourceName ?? path.basename(input.file);
  // The content-safety policy's own typed error (ContentSafetyError) passes through, as everywhere texts are stored.
  // The file name too: it is shown in the console, and often says what the uploader thinks the clip is.
  assertNoMinorSuggestingTerms({ title: input.title, description: input.description, category: input.category, fileName: sourceName });
  const db = getDb();
  const category = await db
    .selectFrom("categories")
    .select(["id"])
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", input.category.toLowerCase()))
    .executeTakeFirst();
  if (!category) throw new IngestError(`Unknown category: ${input.category}`);
  const file = path.resolve(input.file);
  let source: SourceInfo;
  try {
    source = await inspectSource(file, { maxBytes: env().MAX_UPLOAD_BYTES });
  } catch (err) {
    if (err instanceof UnusableMediaError) throw new IngestError(err.message);
    throw err;
  }
  // A file removed before (a takedown, a moderator) is refused here, before anything is stored; the transcode
  // checks again (a fingerprint recorded while the job waited) and checks the renditions it makes.
  const sourceSha256 = await sha256File(file);
  try {
    await assertNotFingerprinted([sourceSha256]);
  } catch (err) {
    if (err instanceof FingerprintMatchError) throw new IngestError(FINGERPRINT_REFUSAL);
    throw err;
  }

  await ensureQueueSchema(getPool());
  // With object storage the source goes to the bucket before the job is queued, for a worker on any machine.
  const storage = opts.storage ?? appMediaStorage();
  const videoId = crypto.randomUUID();
  const sourcePath = await stageSource(storage, file, videoId);
  const staged = sourcePath !== file;
  const job = await queueJob(input, opts.actor, opts.attestation, {
    categoryId: category.id,
    videoId,
    sourcePath,
    sourceName,
    staged,
    sourceSha256,
  }).catch(async (err: unknown) => {
    if (staged) await removeSource(storage, sourcePath).catch(() => {});
    throw err;
  });
  // The job reads its stored copy: a local file the caller gave up (a browser upload) is not needed any more.
  if (staged && input.deleteSource) await fs.rm(file, { force: true });
  return { job, source };
}

/** The job row, its queue entry and (for a console upload) the audit entry, in one transaction. */
async function queueJob(
  input: z.output<typeof ingestRequestSchema>,
  actor: Actor | undefined,
  attestation: Attestation | undefined,
  source: { categoryId: string; videoId: string; sourcePath: string; sourceName: string; staged: boolean; sourceSha256: string },
): Promise<TranscodeJob> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("transcode_jobs")
        .values({
          video_id: source.videoId,
          source_path: source.sourcePath,
          source_name: source.sourceName,
          // A stored copy is the job's own, removed when it ends; a local file only when the caller asked.
          delete_source: source.staged || input.deleteSource,
          title: input.title,
          description: input.description,
          category_id: source.categoryId,
          publish: input.publish,
          source_sha256: source.sourceSha256,
          // The uploader, who may appeal if the video is ever removed (none for the CLI).
          uploaded_by: actor?.id ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueTranscode(trx, row.id);
      // Who attested what, and when: kept with the video's id from the moment it is queued.
      if (actor && attestation) {
        await trx
          .insertInto("video_attestations")
          .values({
            video_id: row.video_id,
            user_id: actor.id,
            user_email: actor.email,
            text_version: attestation.version,
            text: attestation.text,
            note: attestation.note,
          })
          .execute();
      }
      if (actor) {
        await recordAdminAction(trx, {
          actor,
          action: "video.upload",
          target: row.video_id,
          before: null,
          after: {
            title: row.title,
            description: row.description,
            category: input.category,
            public: row.publish,
            file: row.source_name,
            job: row.id,
          },
        });
      }
      return row;
    });
}

export async function getTranscodeJob(id: string): Promise<TranscodeJob | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  return getDb().selectFrom("transcode_jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The console's list: newest first. */
export async function listTranscodeJobs(opts: { limit?: number } = {}): Promise<TranscodeJob[]> {
  const limit = Math.max(1, Math.min(200, opts.limit ?? 50));
  return getDb().selectFrom("transcode_jobs").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/**
 * Polls a job until it is done or failed, calling `onChange` whenever its status or progress moves.
 * Resolves with the final row; rejects when the signal aborts or the job disappears.
 */
export async function waitForTranscodeJob(
  id: string,
  opts: { onChange?: (job: TranscodeJob) => void; pollMs?: number; signal?: AbortSignal } = {},
): Promise<TranscodeJob> {
  let last = "";
  for (;;) {
    opts.signal?.throwIfAborted();
    const job = await getTranscodeJob(id);
    if (!job) throw new IngestError(`Transcode job ${id} no longer exists.`);
    const seen = `${job.status}:${job.progress}`;
    if (seen !== last) {
      last = seen;
      opts.onChange?.(job);
    }
    if (job.status === "done" || job.status === "failed") return job;
    await sleep(opts.pollMs ?? 500, undefined, { signal: opts.signal });
  }
}
