import path from "node:path";
import { dataDir, env } from "../env";
import { s3MediaStorage, s3SettingsOf } from "./s3-storage";
import { localMediaStorage, type MediaStorage } from "./storage";

let appStorage: { dir: string; storage: MediaStorage } | undefined;

/**
 * The app's media storage, by configuration: DATA_DIR/media (MEDIA_STORAGE=local, the default) or the
 * S3-compatible bucket (MEDIA_STORAGE=s3). One per process (a new one if DATA_DIR changed, as between test files).
 */
export function appMediaStorage(): MediaStorage {
  const dir = dataDir();
  if (appStorage?.dir !== dir) appStorage = { dir, storage: makeAppMediaStorage(dir) };
  return appStorage.storage;
}

function makeAppMediaStorage(dir: string): MediaStorage {
  const e = env();
  const scratchRoot = path.join(dir, "media-work");
  if (e.MEDIA_STORAGE !== "s3") return localMediaStorage(path.join(dir, "media"), { scratchRoot, baseUrl: e.MEDIA_BASE_URL });
  return s3MediaStorage(s3SettingsOf(e), { scratchRoot });
}
