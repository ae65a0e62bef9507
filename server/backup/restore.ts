import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { connect } from "../db/connection";
import { MIGRATION_NAMES, migrateToLatest, migrateToLevel } from "../db/migrate";
import { ensureQueueSchema } from "../jobs/queue";
import { queueMigration, quoted } from "./catalog";
import { hasFiles, inside, writeChecked } from "./files";
import { type FileManifest, keyEntry, MANIFEST_ENTRY, type Manifest, mediaEntry, parseManifest, type TableManifest } from "./manifest";
import { COPY_SESSION } from "./snapshot";
import { readTarEntry, readTarIndex, type TarEntry } from "./tar";
import { dropAppObjects, isDatabaseEmpty } from "./target";

/**
 * `npm run restore`: a backup archive onto an empty database and DATA_DIR. The schema is the app's own migrations
 * at the backup's level (never SQL from the archive), the rows go in by COPY in one transaction, sequences are
 * set, then the migrations this release adds run as on any upgrade. A failed restore leaves the database empty.
 */

export class RestoreRefused extends Error {}

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

export interface Archive {
  file: string;
  manifest: Manifest;
  entries: Map<string, TarEntry>;
}

/** Reads an archive's index and manifest, and checks that every entry the manifest names is there, whole. */
export async function openArchive(file: string): Promise<Archive> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`no such file: ${file}`);
  const entries = await readTarIndex(file);
  const manifestEntry = entries.get(MANIFEST_ENTRY);
  if (!manifestEntry) throw new RestoreRefused(`${file} is not a Pleazure backup (no ${MANIFEST_ENTRY})`);
  const manifest = parseManifest(await text(file, manifestEntry));
  const named: [string, number][] = [
    ...manifest.tables.map((t): [string, number] => [t.entry, t.bytes]),
    ...(manifest.media.storage === "local" ? manifest.media.files.map((f): [string, number] => [mediaEntry(f.path), f.size]) : []),
    ...manifest.keys.map((f): [string, number] => [keyEntry(f.path), f.size]),
  ];
  for (const [name, size] of named) {
    if (entries.get(name)?.size !== size)
      throw new RestoreRefused(`the archive lacks ${name} or holds another size than its manifest says`);
  }
  return { file, manifest, entries };
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

/** Every table's rows, in one transaction: all of them or none. */
async function loadTables(archive: Archive, url: string, log: (msg: string) => void): Promise<void> {
  const { tables, sequences } = archive.manifest;
  await withClient(url, async (client) => {
    await client.query(COPY_SESSION);
    await client.query("BEGIN");
    try {
      const names = tables.map((t) => quoted(t.schema, t.name));
      // User triggers check or announce new rows (a reply's parent, ad units' NOTIFY); restored rows were checked
      // when first written, and a trigger that counts would count them twice. Foreign keys stay on: tables come
      // parents first.
      for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
      // Rows the migrations put in (defaults) give way to the backup's.
      if (names.length) await client.query(`TRUNCATE ${names.join(", ")}`);
      for (const table of tables) {
        const rows = await copyTableIn(client, archive, table);
        if (rows !== table.rows) throw new Error(`${table.name}: ${rows} rows read, the manifest says ${table.rows}`);
        log(`  ${table.schema === "public" ? "" : `${table.schema}.`}${table.name}: ${rows} rows`);
      }
      for (const name of names) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
      for (const seq of sequences) {
        await client.query("SELECT setval($1::regclass, $2::bigint, $3)", [quoted(seq.schema, seq.name), seq.lastValue, seq.isCalled]);
      }
      await client.query("COMMIT");
      log(`  sequences: ${sequences.length} set`);
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
  });
}

async function copyTableIn(client: pg.Client, archive: Archive, table: TableManifest): Promise<number> {
  const columns = table.columns.map((c) => quoted(c)).join(", ");
  const into = client.query(copyFrom(`COPY ${quoted(table.schema, table.name)} (${columns}) FROM STDIN`));
  const hash = crypto.createHash("sha256");
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(readTarEntry(archive.file, archive.entries.get(table.entry)!), hashing, zlib.createGunzip(), into);
  } catch (err) {
    // zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR…) mean the bytes are not what was written.
    const damaged = String((err as { code?: unknown }).code ?? "").startsWith("Z_");
    throw new Error(`${table.name}: ${(err as Error).message}${damaged ? " (the archive is damaged)" : ""}`);
  }
  // Checked before COMMIT: rows from a damaged entry never stay.
  if (hash.digest("hex") !== table.sha256) throw new Error(`${table.entry}: does not match its manifest (damaged archive?)`);
  return into.rowCount;
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

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function text(file: string, entry: TarEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of readTarEntry(file, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
