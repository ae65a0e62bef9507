import fs from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { dataDir } from "../env";

/**
 * Browser uploads in progress (tus, server/http/uploads.ts): DATA_DIR/uploads/<id> holds the bytes received
 * so far and <id>.json the upload's length, offset and metadata, so a dropped connection resumes where it
 * stopped. A finished upload is handed to the ingest pipeline, which owns the file from then on (the
 * transcode job removes it); an abandoned one expires after a day.
 */

export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const ID = /^[0-9a-f]{32}$/;

let store: FileStore | undefined;
let storeDir: string | undefined;

export function uploadsDir(): string {
  return path.join(dataDir(), "uploads");
}

/** The one store of this process (a new one if DATA_DIR changed, as between test files). */
export function uploadStore(): FileStore {
  const dir = uploadsDir();
  if (!store || storeDir !== dir) {
    store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    storeDir = dir;
  }
  return store;
}

export interface FinishedUpload {
  id: string;
  file: string;
  /** The name the browser gave (metadata `filename`), for display. */
  name: string;
  size: number;
}

export class UploadNotReadyError extends Error {
  override name = "UploadNotReadyError";
}

/** A complete upload by id; UploadNotReadyError when it is unknown, expired or still missing bytes. */
export async function finishedUpload(id: string): Promise<FinishedUpload> {
  if (!ID.test(id)) throw new UploadNotReadyError("The upload is not known.");
  const upload = await uploadStore()
    .getUpload(id)
    .catch(() => undefined);
  if (!upload) throw new UploadNotReadyError("The upload is not known (it expired, or was already submitted): choose the file again.");
  if (upload.size === undefined || upload.offset !== upload.size) throw new UploadNotReadyError("The upload is not complete yet.");
  return { id, file: path.join(uploadsDir(), id), name: upload.metadata?.filename || "upload", size: upload.size };
}

const record = (id: string) => path.join(uploadsDir(), `${id}.json`);
const claimed = (id: string) => path.join(uploadsDir(), `${id}.claimed`);

/**
 * Takes a finished upload for the pipeline: its tus record is moved aside in one rename, so a second
 * submission of the same id (a double click, two admins) finds it gone instead of queueing it twice.
 * Then exactly one of: `handOver` (the job owns the bytes now), `discard` (refused: nothing stays) or
 * `release` (an unexpected failure: the upload can be submitted again).
 */
export async function claimUpload(id: string): Promise<{ handOver(): Promise<void>; discard(): Promise<void>; release(): Promise<void> }> {
  if (!ID.test(id)) throw new UploadNotReadyError("The upload is not known.");
  await fs.rename(record(id), claimed(id)).catch(() => {
    throw new UploadNotReadyError("The upload is not known (it expired, or was already submitted): choose the file again.");
  });
  return {
    handOver: () => fs.rm(claimed(id), { force: true }),
    discard: async () => {
      await Promise.all([fs.rm(path.join(uploadsDir(), id), { force: true }), fs.rm(claimed(id), { force: true })]);
    },
    release: () => fs.rename(claimed(id), record(id)),
  };
}
