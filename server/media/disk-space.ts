import fs from "node:fs/promises";

/**
 * DATA_DIR's disk filling up (issue 31): what is written there at run time is the uploads in progress, the
 * local media, the outbox and the scratch folders of transcodes. A new upload is refused before its first byte
 * unless the disk keeps this much free after it, so that the database (embedded, under DATA_DIR/postgres), the
 * logs and the transcodes already queued still have room.
 */
export const DISK_RESERVE_BYTES = 100 * 1024 * 1024;

/** Bytes free to this process on the disk holding `dir` (the nearest existing parent is asked). */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await fs.statfs(dir).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
    return fs.statfs(dir.replace(/\/[^/]+\/?$/, "") || "/");
  });
  return stats.bavail * stats.bsize;
}

/** Whether `err` (or what it wraps) is a write that failed for want of space or quota. */
export function isDiskFullError(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOSPC" || code === "EDQUOT") return true;
  // ffmpeg reports it in its own words (its exit is what reaches us).
  if (/No space left on device|Disk quota exceeded/i.test(err.message)) return true;
  return depth < 4 && err.cause !== undefined && isDiskFullError(err.cause, depth + 1);
}

/** Megabytes for messages people read. */
export const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
