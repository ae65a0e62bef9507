import fs from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "./storage";

/**
 * Where a transcode job reads its source (`transcode_jobs.source_path`). With local storage, the file itself:
 * the job runs on the machine that has it. With object storage, a copy under `uploads/` in the bucket,
 * named `media-storage:uploads/<video id>`: a worker on another machine downloads it to a scratch folder,
 * and the job deletes the copy when it ends (done or failed; an interrupted job keeps it for its next run).
 * `uploads/` is never referenced by a page; the bucket's public read must not cover it (docs/operations.md).
 */
const STORED = "media-storage:";

/** A job queued by an app on object storage, taken by a worker configured for local disk. */
export const MISCONFIGURED_WORKER =
  "The source is in the media storage (MEDIA_STORAGE=s3), but the worker that took the job runs with local storage: give it the app's MEDIA_STORAGE, MEDIA_BASE_URL and S3_* settings.";

/** The storage key of a source held in the media storage, or undefined for a local file. */
export function storedSourceKey(sourcePath: string): string | undefined {
  return sourcePath.startsWith(STORED) ? sourcePath.slice(STORED.length) : undefined;
}

/**
 * Makes `file` readable by whichever worker runs the job: on remote storage it is uploaded (before the job
 * is queued) and the returned reference names the copy; locally the file is used where it is.
 */
export async function stageSource(storage: MediaStorage, file: string, videoId: string): Promise<string> {
  if (!storage.remote) return file;
  const key = `uploads/${videoId}`;
  await storage.putFile(file, key);
  return `${STORED}${key}`;
}

/** A local file with the source's bytes, and how to let go of it (the downloaded copy is removed). */
export async function openSource(
  storage: MediaStorage,
  sourcePath: string,
  videoId: string,
): Promise<{ file: string; close(): Promise<void> }> {
  const key = storedSourceKey(sourcePath);
  if (key === undefined) return { file: sourcePath, close: async () => {} };
  if (!storage.remote) throw new Error(MISCONFIGURED_WORKER);
  // Its own scratch label: the rendition scratch of the same video (label = video id) never clears it.
  const dir = await storage.makeScratchDir(`source_${videoId}`);
  const close = () => fs.rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, "source");
    await storage.getFile(key, file);
    return { file, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Removes a source the pipeline owns: the stored copy, or the local file (an upload handed over). */
export async function removeSource(storage: MediaStorage, sourcePath: string): Promise<void> {
  const key = storedSourceKey(sourcePath);
  if (key === undefined) await fs.rm(sourcePath, { force: true });
  else await storage.removeObject(key);
}
