import fs from "node:fs";
import path from "node:path";
import { connect } from "../db/connection";
import { MIGRATION_NAMES, migrateToLatest, migrateToLevel } from "../db/migrate";
import { ensureQueueSchema } from "../db/queue";
import { type Archive, openArchive, RestoreRefused } from "./archive";
import { queueMigration } from "./catalog";
import { withClient } from "./client";
import { hasFiles, inside, writeChecked } from "./files";
import { loadTables } from "./load";
import { type FileManifest, keyEntry, type Manifest, mediaEntry } from "./manifest";
import { readTarEntry } from "./tar";
import { dropAppObjects, isDatabaseEmpty, otherConnections } from "./target";

/**
 * `npm run restore`: a backup archive onto an empty database and DATA_DIR. The schema is the app's own migrations
 * at the backup's level (never SQL from the archive), the rows go in by COPY in one transaction, sequences are
 * set, then the migrations this release adds run as on any upgrade. A failed restore leaves the database empty.
 */

export interface RestoreOptions {
  file: string;
  databaseUrl: string;
  /** DATA_DIR: media go to DATA_DIR/media, keys beside them. */
  dataDir: string;
  /** Empty a database or media folder that has content first, instead of refusing. */
  force: boolean;
  log: (msg: string) => void;
}

export interface RestoreSummary {
  manifest: Manifest;
  /** Migrations of this release the backup did not have, applied after the load. */
  upgradedWith: string[];
  mediaFiles: number;
  mediaBytes: number;
  keys: string[];
  ms: number;
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const archive = await openArchive(opts.file);
  const { manifest } = archive;
  const unknown = manifest.migrations.filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length) {
    throw new RestoreRefused(
      `the backup comes from a newer release (app ${manifest.app.version}; migrations ${unknown.join(", ")} are unknown here): restore it with that release`,
    );
  }
  const mediaRoot = path.join(opts.dataDir, "media");
  await prepareTarget(opts, mediaRoot);

  let upgradedWith: string[];
  try {
    await createSchema(opts.databaseUrl, manifest, opts.log);
    opts.log("database:");
    await loadTables(archive, opts.databaseUrl, opts.log);
    upgradedWith = await finish(opts.databaseUrl);
  } catch (err) {
    // Whatever went in goes out again: the next attempt finds an empty database, not half a restore.
    await withClient(opts.databaseUrl, dropAppObjects).catch((cleanup: unknown) =>
      opts.log(`could not empty the database after the failure (${(cleanup as Error).message}): the next restore needs --force`),
    );
    throw err;
  }
  if (upgradedWith.length) opts.log(`then this release's newer migrations: ${upgradedWith.join(", ")}`);

  const media = manifest.media.storage === "local" ? manifest.media.files : [];
  await restoreFiles(archive, media, mediaEntry, mediaRoot);
  const keys = manifest.keys.filter((k) => opts.force || !fs.existsSync(path.join(opts.dataDir, k.path)));
  await restoreFiles(archive, keys, keyEntry, opts.dataDir, 0o600);
  return {
    manifest,
    upgradedWith,
    mediaFiles: media.length,
    mediaBytes: media.reduce((n, f) => n + f.size, 0),
    keys: keys.map((k) => k.path),
    ms: Date.now() - started,
  };
}

/** Refuses a database or media folder with content (unless forced, when the database is emptied first). */
async function prepareTarget(opts: RestoreOptions, mediaRoot: string): Promise<void> {
  const emptyDatabase = await withClient(opts.databaseUrl, isDatabaseEmpty);
  const emptyMedia = !hasFiles(mediaRoot);
  if (!opts.force && (!emptyDatabase || !emptyMedia)) {
    const what = [!emptyDatabase && "the database has tables", !emptyMedia && `${mediaRoot} has files`].filter(Boolean).join(" and ");
    throw new RestoreRefused(`refusing to restore: ${what}. Restore onto an empty database and DATA_DIR, or pass --force to replace them`);
  }
  if (!emptyDatabase) {
    const others = await withClient(opts.databaseUrl, otherConnections);
    if (others > 0) {
      throw new RestoreRefused(
        `refusing to restore: ${others} other connections use this database (is the site or a worker running on it?). Stop them, then restore`,
      );
    }
    opts.log("--force: emptying the database first");
    await withClient(opts.databaseUrl, dropAppObjects);
  }
}

/** The schema as the backup had it: the app's migrations up to its level, and graphile-worker's queue at its own. */
async function createSchema(url: string, manifest: Manifest, log: (msg: string) => void): Promise<void> {
  const handle = connect(url, 2);
  try {
    await migrateToLevel(handle.db, manifest.migrations);
    log(`schema: ${manifest.migrations.length} migrations, up to ${manifest.migrations.at(-1)}`);
    if (manifest.queueMigration === null) return;
    await ensureQueueSchema(handle.pool);
    const level = await withClient(url, queueMigration);
    if (level !== manifest.queueMigration) {
      // graphile-worker only migrates to its latest schema, so only the same level can take the rows as they are.
      throw new RestoreRefused(
        `the backup's job queue is at graphile-worker schema ${manifest.queueMigration}, this release's at ${level}: restore with app ${manifest.app.version}, then upgrade`,
      );
    }
  } finally {
    await handle.close();
  }
}

/** This release's newer migrations, then fresh planner statistics (a bulk load leaves none). */
async function finish(url: string): Promise<string[]> {
  const handle = connect(url, 1);
  try {
    const applied = await migrateToLatest(handle.db);
    await handle.pool.query("ANALYZE");
    return applied;
  } finally {
    await handle.close();
  }
}

async function restoreFiles(archive: Archive, files: FileManifest[], entryOf: (p: string) => string, root: string, mode?: number) {
  for (const file of files) {
    const entry = archive.entries.get(entryOf(file.path))!;
    await writeChecked(inside(root, file.path), readTarEntry(archive.file, entry), file, mode);
  }
}
