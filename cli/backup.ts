import path from "node:path";
import { parseArgs } from "node:util";
import { RestoreRefused } from "../server/backup/archive";
import { createBackup, megabytes } from "../server/backup/backup";
import { restoreBackup } from "../server/backup/restore";
import { type DatabaseLocation, locateDatabase } from "../server/db/connection";
import { dataDir, env } from "../server/env";

/** `npm run backup` and `npm run restore` (docs/operations.md "Backups", docs/decisions/0036-backup-format.md). */

export const BACKUP_USAGE = "backup [--out <file>]";
export const RESTORE_USAGE = "restore <file> [--force]";

type Log = (msg: string) => void;

export async function backupCommand(argv: string[], log: Log): Promise<number> {
  let out: string;
  try {
    const { values } = parseArgs({ args: argv, options: { out: { type: "string" } } });
    out = values.out ?? `pleazure-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar`;
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: npm run ${BACKUP_USAGE}`);
    return 2;
  }
  const e = env();
  // An existing database only: a backup that initialised an empty one would back up nothing, quietly.
  const location = await locateDatabase({ databaseUrl: e.DATABASE_URL, dataDir: dataDir(), existing: true });
  try {
    if (location.besideRunningApp) log("the site is running: backing up its database as it serves (one consistent snapshot)");
    const media =
      e.MEDIA_STORAGE === "s3"
        ? { storage: "s3" as const, location: `s3://${e.S3_BUCKET}/${e.S3_KEY_PREFIX ?? ""}${e.S3_ENDPOINT ? ` at ${e.S3_ENDPOINT}` : ""}` }
        : { storage: "local" as const, root: path.join(dataDir(), "media") };
    const summary = await createBackup({ databaseUrl: location.url, out, media, dataDir: dataDir(), log });
    const { manifest } = summary;
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    log(
      `backup written: ${path.resolve(summary.file)} (${megabytes(summary.bytes)} in ${(summary.ms / 1000).toFixed(1)} s): ` +
        `${manifest.tables.length} tables, ${rows} rows, migration ${manifest.migrations.at(-1)}` +
        (manifest.media.storage === "local" ? `, ${manifest.media.files.length} media files` : ", database only"),
    );
    return 0;
  } finally {
    await location.stop?.();
  }
}

export async function restoreCommand(argv: string[], log: Log): Promise<number> {
  let file: string | undefined;
  let force = false;
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { force: { type: "boolean" } } });
    if (positionals.length !== 1) throw new Error("restore needs one backup file");
    file = positionals[0]!;
    force = Boolean(values.force);
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: npm run ${RESTORE_USAGE}`);
    return 2;
  }
  const e = env();
  let location: DatabaseLocation | undefined;
  try {
    location = await locateDatabase({ databaseUrl: e.DATABASE_URL, dataDir: dataDir() });
    if (location.besideRunningApp) {
      console.error("the site is running on this DATA_DIR: stop it first (systemctl stop pleazure, or Ctrl+C), then restore");
      return 1;
    }
    const summary = await restoreBackup({ file, databaseUrl: location.url, dataDir: dataDir(), force, log });
    const { manifest } = summary;
    log(`media: ${summary.mediaFiles} files, ${megabytes(summary.mediaBytes)}`);
    if (manifest.media.storage === "s3") log(`media: ${manifest.media.note} (${manifest.media.location})`);
    else if (e.MEDIA_STORAGE === "s3") log("MEDIA_STORAGE=s3: copy DATA_DIR/media to the bucket (docs/operations.md, Media storage)");
    if (summary.keys.length) log(`keys: ${summary.keys.join(", ")}`);
    log(
      `restored ${path.resolve(file)} (app ${manifest.app.version}, taken ${manifest.createdAt}) in ${(summary.ms / 1000).toFixed(1)} s: ` +
        `${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows in ${manifest.tables.length} tables`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof RestoreRefused)) throw err;
    console.error(err.message);
    return 1;
  } finally {
    await location?.stop?.();
  }
}
