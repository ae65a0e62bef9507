import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "../env";

/**
 * Where finished media live. The pipeline works in a local scratch folder (ffmpeg needs files), then
 * publishes the folder under a key prefix in one step. Local disk now (DATA_DIR/media, served at /media);
 * an object-storage implementation would upload the folder and answer the same URLs from a CDN.
 */
export interface MediaStorage {
  /**
   * A fresh, empty local folder for work in progress; the caller removes it (or publishes it). Leftovers of
   * earlier attempts with the same label (a process killed mid-job) are removed first.
   */
  makeScratchDir(label: string): Promise<string>;
  /** Moves a finished local folder to `prefix`, replacing whatever was there; readers never see a partial set. */
  publishDirectory(localDir: string, prefix: string): Promise<void>;
  /** Deletes everything under `prefix`; nothing there is fine. */
  removePrefix(prefix: string): Promise<void>;
  /** The public URL path of a key, e.g. `/media/videos/<id>/master.m3u8`. */
  url(key: string): string;
}

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
export function localMediaStorage(root: string, opts: { scratchRoot?: string } = {}): MediaStorage {
  const mediaRoot = path.resolve(root);
  const scratchRoot = path.resolve(opts.scratchRoot ?? path.join(path.dirname(mediaRoot), "media-work"));
  const target = (prefix: string) => path.join(mediaRoot, ...assertMediaKey(prefix).split("/"));

  return {
    async makeScratchDir(label) {
      const safe = `${label.replace(/[^A-Za-z0-9_-]/g, "_")}-`;
      await fs.mkdir(scratchRoot, { recursive: true });
      for (const entry of await fs.readdir(scratchRoot)) {
        if (entry.startsWith(safe)) await fs.rm(path.join(scratchRoot, entry), { recursive: true, force: true });
      }
      return fs.mkdtemp(path.join(scratchRoot, safe));
    },
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
    async removePrefix(prefix) {
      await fs.rm(target(prefix), { recursive: true, force: true });
    },
    url(key) {
      return `/media/${assertMediaKey(key)}`;
    },
  };
}

/** The app's media storage: DATA_DIR/media. */
export function appMediaStorage(): MediaStorage {
  return localMediaStorage(path.join(dataDir(), "media"));
}
