import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, inject } from "vitest";
import { WATCH_LATER } from "../../core/playlists";
import { createBackup } from "../../server/backup/backup";
import type { Manifest } from "../../server/backup/manifest";
import { connect, type DatabaseHandle } from "../../server/db/connection";
import { ensureQueueSchema } from "../../server/db/queue";
import type { RateLimiter } from "../../server/db/rate-limit";
import { seedDemoContent } from "../../server/seed/demo-content";
import { recordAdminAction } from "../../server/services/audit-log";
import { addComment } from "../../server/services/comments";
import { addFavorite } from "../../server/services/favorites";
import { issueFormToken, REPORT_FORM_PURPOSE } from "../../server/services/form-token";
import { recordPosition } from "../../server/services/history";
import { setLike } from "../../server/services/likes";
import { createPlaylist } from "../../server/services/playlist-edits";
import { addToPlaylist } from "../../server/services/playlist-items";
import { submitReport } from "../../server/services/reports";
import { submitTakedown, TAKEDOWN_FORM_PURPOSE } from "../../server/services/takedown-intake";
import { insertUser } from "./fixtures";
import { withDatabase } from "./global-setup";

/**
 * What the tests of server/backup (backup.test.ts, restore.test.ts, backup-restore-drill.test.ts) share: a site with
 * users, comments, likes, playlists, reports, a takedown, a queued job and media files, backed up into one archive;
 * empty databases to restore onto; and a database's rows, table by table, to compare.
 */

/** A report form's single-use token, as the page hands it out. */
const reportToken = () => issueFormToken(Date.now(), REPORT_FORM_PURPOSE);

const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
export const quiet = () => {};

/**
 * A scratch folder and the empty databases of one test file. After the file they are deleted, and with them
 * `source`, the file's DATA_DIR.
 */
export function useBackupScratch(source: string): { work: string; emptyDatabase: () => Promise<DatabaseHandle> } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-backup-work-"));
  const databases: string[] = [];

  /** A new, empty database on the tests' server (nothing in it but what CREATE DATABASE gives). */
  async function emptyDatabase(): Promise<DatabaseHandle> {
    const name = `t_restore_${crypto.randomBytes(5).toString("hex")}`;
    const admin = connect(inject("adminDatabaseUrl"), 1);
    await admin.pool.query(`CREATE DATABASE ${name}`);
    await admin.close();
    databases.push(name);
    return connect(withDatabase(inject("adminDatabaseUrl"), name), 2);
  }

  afterAll(async () => {
    const admin = connect(inject("adminDatabaseUrl"), 1);
    for (const name of databases) await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
    for (const dir of [work, source]) fs.rmSync(dir, { recursive: true, force: true });
  });

  return { work, emptyDatabase };
}

/** Builds the site in `handle`'s database and in `source` (its DATA_DIR), backs it up to `archive`; returns the manifest. */
export async function backUpSite(handle: DatabaseHandle, source: string, work: string, archive: string): Promise<Manifest> {
  await buildSite(handle, source, work);
  const summary = await createBackup({
    databaseUrl: handle.url,
    out: archive,
    media: { storage: "local", root: path.join(source, "media") },
    dataDir: source,
    log: quiet,
  });
  console.info(`backup: ${summary.bytes} bytes in ${summary.ms} ms`);
  return summary.manifest;
}

/** Every table of both schemas, each as its rows in JSON, sorted: two databases with equal snapshots hold the same rows. */
export async function snapshot(db: DatabaseHandle): Promise<Map<string, string[]>> {
  const { rows: tables } = await db.pool.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname IN ('public', 'graphile_worker') ORDER BY 1`,
  );
  const out = new Map<string, string[]>();
  for (const { name } of tables) {
    // The migrators' own bookkeeping carries the time each migration ran: compare what ran, not when.
    const column = name.endsWith("kysely_migration") ? "name" : name === "graphile_worker.migrations" ? "id" : null;
    const select = column ? `SELECT ${column}::text AS row FROM ${name}` : `SELECT to_jsonb(t)::text AS row FROM ${name} t`;
    const { rows } = await db.pool.query<{ row: string }>(`${select} ORDER BY 1`);
    out.set(
      name,
      rows.map((r) => r.row),
    );
  }
  return out;
}

export const counts = (s: Map<string, string[]>) => Object.fromEntries([...s].map(([table, rows]) => [table, rows.length]));

/** The site: the demo catalogue plus what people and moderators add, a queued job, and media on disk. */
async function buildSite(handle: DatabaseHandle, source: string, work: string): Promise<void> {
  const db = handle.db;
  await ensureQueueSchema(handle.pool);
  await seedDemoContent(db, { dataDir: source, media: "none", log: quiet });
  const videos = await db.selectFrom("videos").select("id").where("is_public", "=", true).orderBy("id").limit(3).execute();
  const [v1, v2, v3] = videos.map((v) => v.id) as [string, string, string];
  const alice = await insertUser(db, { id: "alice", email: "alice@example.com" });
  const bob = await insertUser(db, { id: "bob", email: "bob@example.com" });
  const admin = await insertUser(db, { id: "admin", email: "admin@example.com", role: "admin" });

  const thread = await addComment({ videoId: v1, userId: alice.id, parentId: null, content: "Lovely colours" }, { limiter: unlimited });
  if (thread.status !== "added") throw new Error(thread.status);
  await addComment(
    { videoId: v1, userId: bob.id, parentId: thread.id, content: "Agreed, tab\there and a\nnewline" },
    { limiter: unlimited },
  );
  await addComment({ videoId: v2, userId: bob.id, parentId: null, content: "Ünïcödé ✓ and a \\ backslash" }, { limiter: unlimited });
  await setLike(alice.id, v1, true);
  await setLike(bob.id, v1, true);
  await setLike(bob.id, v2, true);
  await addFavorite(alice.id, v3);
  await recordPosition(alice.id, v2, 12);
  const list = await createPlaylist(alice.id, { title: "Evening", description: "calm ones", isPublic: true }, v1);
  if (list.status !== "created") throw new Error(list.status);
  await addToPlaylist(alice.id, list.id, v2);
  await addToPlaylist(bob.id, WATCH_LATER, v3);
  const reporter = { userId: bob.id, ip: "198.51.100.9" };
  await submitReport(
    { target: { type: "comment", id: thread.id }, reason: "spam", details: "", website: "", formToken: reportToken() },
    reporter,
    {
      limiter: unlimited,
    },
  );
  await submitReport(
    { target: { type: "video", id: v3 }, reason: "other", details: "looks off", website: "", formToken: reportToken() },
    reporter,
    {
      limiter: unlimited,
    },
  );
  const takedown = await submitTakedown(
    {
      values: {
        kind: "non-consensual",
        name: "Rosa Example",
        email: "rosa@example.com",
        urls: `https://pleazure.example/video/${v2}`,
        description: "This clip was made to look like me; I never agreed to it.",
        goodFaith: "on",
        signature: "Rosa Example",
      },
      website: "",
      formToken: issueFormToken(Date.now() - 10_000, TAKEDOWN_FORM_PURPOSE),
    },
    { ip: "203.0.113.4", userAgent: "BackupSpec" },
    { limiter: unlimited },
  );
  if (takedown.status !== "sent") throw new Error(takedown.status);
  await recordAdminAction(db, { actor: admin, action: "video.edit", target: v1, before: { title: "a" }, after: { title: "b" } });
  await sql`SELECT graphile_worker.add_job('co-views', '{}'::json, run_at => now() + interval '1 hour')`.execute(db);

  // Media as a transcode leaves them, plus a folder linked in from elsewhere (as the demo set is, from its cache).
  const media = path.join(source, "media");
  const rendition = path.join(media, "videos", v1);
  fs.mkdirSync(path.join(rendition, "720p"), { recursive: true });
  fs.writeFileSync(path.join(rendition, "master.m3u8"), "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n720p/index.m3u8\n");
  fs.writeFileSync(path.join(rendition, "720p", "seg_000.ts"), crypto.randomBytes(300_000));
  fs.writeFileSync(path.join(rendition, "poster.jpg"), crypto.randomBytes(40_000));
  fs.writeFileSync(path.join(rendition, "empty.vtt"), "");
  const cache = fs.mkdtempSync(path.join(work, "cache-"));
  fs.writeFileSync(path.join(cache, "house-ad.mp4"), crypto.randomBytes(5_000));
  fs.symlinkSync(cache, path.join(media, "house-ad"), "dir");
  fs.writeFileSync(path.join(source, "secret.key"), crypto.randomBytes(32).toString("hex"));
}
