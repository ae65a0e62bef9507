import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where media live. The pipeline works in a local scratch folder (ffmpeg needs files), then publishes the
 * folder under a key prefix in one step. Local disk by default (DATA_DIR/media, served at /media), or
 * S3-compatible object storage (server/media/s3-storage.ts, MEDIA_STORAGE=s3) read through MEDIA_BASE_URL.
 * Keys are relative posix paths (assertMediaKey); `url` turns one into the address browsers fetch.
 */
export interface MediaStorage {
  /**
   * True when the media are not on this machine's disk (object storage): a transcode source then travels
   * through the storage too (server/media/sources.ts), so a worker on another machine can read it.
   */
  readonly remote: boolean;
  /**
   * A fresh, empty local folder for work in progress; the caller removes it (or publishes it). Leftovers of
   * earlier attempts with the same label (a process killed mid-job) are removed first.
   */
  makeScratchDir(label: string): Promise<string>;
  /** Moves a finished local folder to `prefix`, replacing whatever was there; readers never see a partial set. */
  publishDirectory(localDir: string, prefix: string): Promise<void>;
  /** Copies a local folder's files under `prefix`, the folder staying (demo media rendered once per machine). */
  copyDirectory(localDir: string, prefix: string): Promise<void>;
  /** Stores one local file at `key` (a transcode source, the house clip). */
  putFile(localFile: string, key: string): Promise<void>;
  /** Copies the object at `key` to a local file. */
  getFile(key: string, localFile: string): Promise<void>;
  /** A small text object (a signature, a manifest), or undefined when there is none. */
  readText(key: string): Promise<string | undefined>;
  /** A small binary object (a poster, content credentials), or undefined when there is none. */
  readBytes(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deletes one object; a missing one is fine. */
  removeObject(key: string): Promise<void>;
  /** Deletes everything under `prefix` (the folder `prefix/`); nothing there is fine. */
  removePrefix(prefix: string): Promise<void>;
  /** Every key under `prefix/` (the folder's files, at any depth); none is fine. */
  listKeys(prefix: string): Promise<string[]>;
  /** The public URL of a key: MEDIA_BASE_URL + key, e.g. `/media/videos/<id>/master.m3u8`. */
  url(key: string): string;
  /** The key a URL of `url(key)` names, or undefined for an address outside this storage. */
  keyOf(url: string): string | undefined;
}

/** The inverse of `url`: the key behind a public address, when it is one of ours and a valid key. */
export function keyOfUrl(baseUrl: string, url: string): string | undefined {
  if (!url.startsWith(baseUrl)) return undefined;
  const key = url.slice(baseUrl.length).split(/[?#]/)[0] ?? "";
  try {
    return assertMediaKey(key);
  } catch {
    return undefined;
  }
}

/**
 * The media storage could not be reached, or answered with a server error, after the client's own retries.
 * Transient by nature: a request answers 503 and loses nothing (an upload is kept for the form to be sent again),
 * a transcode goes back to the queue.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the media storage cannot be reached: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "StorageUnavailableError";
  }
}

/** Where `/media/` keys are read from by default: the app's own /media route (local disk). */
export const LOCAL_MEDIA_BASE_URL = "/media/";

/** Where a transcoded video's media live: the transcode writes there (and removes it when it fails), a deleted video's go with it. */
export const videoMediaPrefix = (videoId: string) => `videos/${videoId}`;

/** Keys are relative posix paths of plain segments: no `..`, no absolute paths, nothing hidden. */
const KEY = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*)(?:\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;

export function assertMediaKey(key: string): string {
  if (!KEY.test(key) || key.split("/").some((s) => s === "." || s === "..")) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Local-disk storage. The scratch folder sits beside the media root (not inside it, so work in progress
 * is never served) on the same file system, which makes publishing a rename.
 */
export function localMediaStorage(root: string, opts: { scratchRoot?: string; baseUrl?: string } = {}): MediaStorage {
  const mediaRoot = path.resolve(root);
  const baseUrl = opts.baseUrl ?? LOCAL_MEDIA_BASE_URL;
  const scratchRoot = path.resolve(opts.scratchRoot ?? path.join(path.dirname(mediaRoot), "media-work"));
  const target = (prefix: string) => path.join(mediaRoot, ...assertMediaKey(prefix).split("/"));

  return {
    remote: false,
    makeScratchDir: (label) => makeScratchDir(scratchRoot, label),
    async publishDirectory(localDir, prefix) {
      const dest = target(prefix);
      await fs.mkdir(path.dirname(dest), { recursive: true });
      // Whatever is at the destination goes aside first (rename does not replace a non-empty folder).
      const aside = `${dest}.old-${crypto.randomBytes(4).toString("hex")}`;
      await fs.rename(dest, aside).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
      try {
        await fs.rename(localDir, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
        // Scratch on another file system (a mounted DATA_DIR/media): copy under a temporary name, then rename.
        const incoming = `${dest}.new-${crypto.randomBytes(4).toString("hex")}`;
        await fs.cp(localDir, incoming, { recursive: true });
        await fs.rename(incoming, dest);
        await fs.rm(localDir, { recursive: true, force: true });
      }
      await fs.rm(aside, { recursive: true, force: true });
    },
    async copyDirectory(localDir, prefix) {
      await fs.cp(localDir, target(prefix), { recursive: true });
    },
    async putFile(localFile, key) {
      const dest = target(key);
      await fs.mkdir(path.dirname(dest), { recursive: true });
      // Under a temporary name, then renamed: a reader never sees half a file.
      const incoming = `${dest}.new-${crypto.randomBytes(4).toString("hex")}`;
      await fs.copyFile(localFile, incoming);
      await fs.rename(incoming, dest);
    },
    async getFile(key, localFile) {
      await fs.copyFile(target(key), localFile);
    },
    async readText(key) {
      return fs.readFile(target(key), "utf8").catch(() => undefined);
    },
    async readBytes(key) {
      return fs.readFile(target(key)).catch(() => undefined);
    },
    async exists(key) {
      return fs.stat(target(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async removeObject(key) {
      await fs.rm(target(key), { force: true });
    },
    async removePrefix(prefix) {
      await fs.rm(target(prefix), { recursive: true, force: true });
    },
    async listKeys(prefix) {
      const entries = await fs.readdir(target(prefix), { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(mediaRoot, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
        .sort();
    },
    url(key) {
      return `${baseUrl}${assertMediaKey(key)}`;
    },
    keyOf: (url) => keyOfUrl(baseUrl, url),
  };
}

/** A fresh scratch folder under `scratchRoot`, after removing what earlier attempts with the same label left. */
export async function makeScratchDir(scratchRoot: string, label: string): Promise<string> {
  const safe = `${label.replace(/[^A-Za-z0-9_-]/g, "_")}-`;
  await fs.mkdir(scratchRoot, { recursive: true });
  for (const entry of await fs.readdir(scratchRoot)) {
    if (entry.startsWith(safe)) await fs.rm(path.join(scratchRoot, entry), { recursive: true, force: true });
  }
  return fs.mkdtemp(path.join(scratchRoot, safe));
}
