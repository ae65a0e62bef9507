import fs from "node:fs";
import path from "node:path";
import { type FoundFile, listFiles } from "./files";
import {
  appVersion,
  type FileManifest,
  FORMAT,
  FORMAT_VERSION,
  keyEntry,
  MANIFEST_ENTRY,
  type Manifest,
  manifestSchema,
  mediaEntry,
} from "./manifest";
import { snapshotDatabase } from "./snapshot";
import { TarWriter } from "./tar";

/**
 * `npm run backup`: one archive file (a tar, docs/decisions/0036-backup-format.md) holding the database as of
 * one snapshot, then the media, then the manifest. The database goes first: the media copied after it hold
 * every file the snapshot names (media never change under a name; only new ones appear).
 */

export interface BackupOptions {
  databaseUrl: string;
  out: string;
  /** DATA_DIR/media with local storage; with S3, where the bucket is (the archive then holds no media). */
  media: { storage: "local"; root: string } | { storage: "s3"; location: string };
  /** DATA_DIR, for the keys a site without APP_SECRET / C2PA_SIGNING_KEY keeps there. */
  dataDir: string;
  log: (msg: string) => void;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
}

/** DATA_DIR files that sign things when no setting gives the key: without them sessions and play tokens are void. */
export const KEY_FILES = ["secret.key", "content-credentials/development.pem"];

export const S3_NOTE =
  "media are in the S3 bucket, not in this archive: back the bucket up with the storage's own tooling (versioning, or rclone sync to another bucket; docs/operations.md)";

export async function createBackup(opts: BackupOptions): Promise<BackupSummary> {
  const started = Date.now();
  if (fs.existsSync(opts.out)) throw new Error(`${opts.out} exists: choose another --out`);
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(opts.out)), ".pleazure-backup-"));
  const partial = `${opts.out}.partial-${process.pid}`;
  let tar: TarWriter | undefined;
  try {
    opts.log("database (one consistent snapshot):");
    const snapshot = await snapshotDatabase(opts.databaseUrl, staging, opts.log);
    tar = await TarWriter.create(partial);
    const tables: Manifest["tables"] = [];
    for (const dump of snapshot.tables) {
      const entry = `db/${dump.schema}.${dump.name}.copy.gz`;
      const bytes = fs.statSync(dump.file).size;
      const sha256 = await tar.add(entry, bytes, fs.createReadStream(dump.file));
      tables.push({ schema: dump.schema, name: dump.name, columns: dump.columns, rows: dump.rows, entry, bytes, sha256 });
      fs.rmSync(dump.file); // staged copies go as soon as they are in the archive: the disk holds one copy at a time
    }
    let media: Manifest["media"];
    if (opts.media.storage === "local") {
      media = { storage: "local", files: await addFiles(tar, listFiles(opts.media.root), mediaEntry) };
      opts.log(`media: ${media.files.length} files, ${megabytes(media.files.reduce((n, f) => n + f.size, 0))}`);
    } else {
      media = { storage: "s3", location: opts.media.location, note: S3_NOTE };
      opts.log(`media: ${S3_NOTE}`);
    }
    const keys = await addFiles(tar, keyFiles(opts.dataDir), keyEntry, 0o600);
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date(started).toISOString(),
      app: { version: appVersion() },
      postgres: { serverVersion: snapshot.serverVersion },
      migrations: snapshot.migrations,
      queueMigration: snapshot.queueMigration,
      tables,
      sequences: snapshot.sequences,
      media,
      keys,
    };
    // Checked as a restore will check it: an archive a restore would refuse (an odd file name) fails now, not then.
    const checked = manifestSchema.safeParse(manifest);
    if (!checked.success)
      throw new Error(`cannot archive this: ${checked.error.issues[0]!.path.join(".")}: ${checked.error.issues[0]!.message}`);
    await tar.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.close();
    tar = undefined;
    // Renamed into place only once complete: a file at --out is always a whole archive.
    fs.renameSync(partial, opts.out);
    return { file: opts.out, bytes: fs.statSync(opts.out).size, ms: Date.now() - started, manifest };
  } finally {
    await tar?.abandon();
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Adds files to the archive. Each is opened before its header is written: a file deleted meanwhile (its video
 * removed) is left out, and one deleted after that is still read whole through the open descriptor.
 */
async function addFiles(tar: TarWriter, files: FoundFile[], entryOf: (p: string) => string, mode?: number): Promise<FileManifest[]> {
  const added: FileManifest[] = [];
  for (const file of files) {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file.absolute, "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      const sha256 = await tar.add(entryOf(file.path), size, handle.createReadStream({ start: 0, autoClose: false }), mode);
      added.push({ path: file.path, size, sha256 });
    } finally {
      await handle.close();
    }
  }
  return added;
}

function keyFiles(dataDir: string): FoundFile[] {
  return KEY_FILES.map((p) => ({ path: p, absolute: path.join(dataDir, p) })).filter((f) => fs.existsSync(f.absolute));
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
