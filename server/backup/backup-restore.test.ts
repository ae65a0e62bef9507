import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { WATCH_LATER } from "../../core/playlists";
import { insertUser } from "../../tests/support/fixtures";
import { withDatabase } from "../../tests/support/global-setup";
import { useTestDatabase } from "../../tests/support/test-db";
import { connect, type DatabaseHandle } from "../db/connection";
import { MIGRATION_NAMES, migrateToLevel } from "../db/migrate";
import { ensureQueueSchema } from "../db/queue";
import type { RateLimiter } from "../db/rate-limit";
import { seedDemoContent } from "../seed/demo-content";
import { recordAdminAction } from "../services/audit-log";
import { addComment } from "../services/comments";
import { addFavorite } from "../services/favorites";
import { issueFormToken, REPORT_FORM_PURPOSE } from "../services/form-token";
import { recordPosition } from "../services/history";
import { setLike } from "../services/likes";
import { createPlaylist } from "../services/playlist-edits";
import { addToPlaylist } from "../services/playlist-items";
import { submitReport } from "../services/reports";
import { submitTakedown, TAKEDOWN_FORM_PURPOSE } from "../services/takedown-intake";
import { RestoreRefused } from "./archive";
import { createBackup } from "./backup";
import { listFiles } from "./files";
import { MANIFEST_ENTRY, type Manifest } from "./manifest";
import { restoreBackup } from "./restore";
import { readTarEntry, readTarIndex, type TarEntry, TarWriter } from "./tar";
import { isDatabaseEmpty } from "./target";

/**
 * Issue 31 item 4, drilled on real PostgreSQL: a site with users, comments, likes, playlists, reports, a takedown,
 * a queued job and media files is backed up, restored onto an empty database and a fresh DATA_DIR, and compared
 * table by table, row by row and file by file.
 */

const source = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-backup-src-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "backup-restore-test-secret-0123456789abcdef";
  return dir as string;
});

/** A report form's single-use token, as the page hands it out. */
const reportToken = () => issueFormToken(Date.now(), REPORT_FORM_PURPOSE);

const { handle } = useTestDatabase();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-backup-work-"));
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
const quiet = () => {};
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

/** Every table of both schemas, each as its rows in JSON, sorted: two databases with equal snapshots hold the same rows. */
async function snapshot(db: DatabaseHandle): Promise<Map<string, string[]>> {
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

/** Indexes, constraints and triggers (with whether each is enabled) of both schemas. */
async function schemaOf(db: DatabaseHandle): Promise<string[]> {
  const { rows } = await db.pool.query<{ line: string }>(
    `SELECT indexdef AS line FROM pg_indexes WHERE schemaname IN ('public', 'graphile_worker')
     UNION ALL
     SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace IN ('public'::regnamespace, 'graphile_worker'::regnamespace)
     UNION ALL
     SELECT tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
     ORDER BY 1`,
  );
  return rows.map((r) => r.line);
}

const counts = (s: Map<string, string[]>) => Object.fromEntries([...s].map(([table, rows]) => [table, rows.length]));

async function entryBytes(file: string, entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readTarEntry(file, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function filesOf(root: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(root).map((f) => [f.path, crypto.createHash("sha256").update(fs.readFileSync(f.absolute)).digest("hex")]),
  );
}

/** The site: the demo catalogue plus what people and moderators add, a queued job, and media on disk. */
async function buildSite(): Promise<void> {
  const db = handle().db;
  await ensureQueueSchema(handle().pool);
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

describe("npm run backup, then npm run restore onto an empty database and DATA_DIR", () => {
  const archive = path.join(work, "site.tar");
  let manifest: Manifest;
  let target: DatabaseHandle;
  const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-backup-dst-"));

  beforeAll(async () => {
    await buildSite();
    const summary = await createBackup({
      databaseUrl: handle().url,
      out: archive,
      media: { storage: "local", root: path.join(source, "media") },
      dataDir: source,
      log: quiet,
    });
    manifest = summary.manifest;
    console.info(`backup: ${summary.bytes} bytes in ${summary.ms} ms`);
    target = await emptyDatabase();
  });

  afterAll(async () => {
    await target?.close();
    const admin = connect(inject("adminDatabaseUrl"), 1);
    for (const name of databases) await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
    for (const dir of [work, targetDir, source]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes one tar archive: the tables, the media and the keys, then a manifest that counts them", async () => {
    const entries = await readTarIndex(archive);
    expect([...entries.keys()].at(-1)).toBe(MANIFEST_ENTRY);
    expect(manifest.migrations).toEqual(MIGRATION_NAMES);
    expect(manifest.queueMigration).toBeGreaterThan(0);
    const rows = Object.fromEntries(manifest.tables.map((t) => [`${t.schema}.${t.name}`, t.rows]));
    expect(rows).toMatchObject({
      "public.users": 3,
      "public.comments": 3,
      "public.video_likes": 3,
      "public.playlists": 2,
      "public.playlist_items": 3,
      "public.reports": 2,
      "public.takedown_requests": 1,
      "public.admin_audit_log": 1,
      "graphile_worker._private_jobs": 1,
    });
    expect(rows["public.videos"]).toBeGreaterThan(100);
    expect(manifest.media.storage === "local" && manifest.media.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(["house-ad/house-ad.mp4", "og/blog-default.png", expect.stringMatching(/^videos\/.+\/720p\/seg_000\.ts$/)]),
    );
    expect(manifest.keys.map((k) => k.path)).toEqual(["secret.key"]);
  });

  it("restores the same rows in every table, the same media files, at the latest migration with working sequences", async () => {
    const summary = await restoreBackup({ file: archive, databaseUrl: target.url, dataDir: targetDir, force: false, log: quiet });
    console.info(`restore: ${summary.ms} ms`);
    expect(summary.upgradedWith).toEqual([]);

    const before = await snapshot(handle());
    const after = await snapshot(target);
    expect(counts(after)).toEqual(counts(before));
    for (const table of [
      "public.users",
      "public.comments",
      "public.playlists",
      "public.reports",
      "public.takedown_requests",
      "public.videos",
    ]) {
      expect(after.get(table), table).toEqual(before.get(table));
    }
    expect(after).toEqual(before); // every other table too

    // The indexes and foreign keys set aside during the load are back as the migrations made them, triggers on.
    expect(await schemaOf(target)).toEqual(await schemaOf(handle()));

    expect(filesOf(path.join(targetDir, "media"))).toEqual(filesOf(path.join(source, "media")));
    expect(fs.lstatSync(path.join(targetDir, "media", "house-ad")).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(path.join(targetDir, "secret.key"), "utf8")).toBe(fs.readFileSync(path.join(source, "secret.key"), "utf8"));

    const applied = await target.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name).sort()).toEqual(MIGRATION_NAMES);
    // Sequences continue where the source's were: new rows get fresh ids, nothing collides.
    const { max } = await handle().db.selectFrom("admin_audit_log").select(sql<number>`max(id)`.as("max")).executeTakeFirstOrThrow();
    await recordAdminAction(target.db, {
      actor: { id: "admin", email: "admin@example.com" },
      action: "after.restore",
      target: "x",
      before: 0,
      after: 1,
    });
    const added = await target.db
      .selectFrom("admin_audit_log")
      .select("id")
      .where("action", "=", "after.restore")
      .executeTakeFirstOrThrow();
    expect(Number(added.id)).toBe(Number(max) + 1);
    await sql`SELECT graphile_worker.add_job('co-views', '{}'::json)`.execute(target.db);
    const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs`.execute(target.db);
    expect(jobs.rows[0]!.n).toBe(2);
    // Triggers are back on after the load: a reply to a reply is still refused.
    const reply = await target.db
      .selectFrom("comments")
      .select(["id", "video_id"])
      .where("parent_id", "is not", null)
      .executeTakeFirstOrThrow();
    await expect(
      target.db
        .insertInto("comments")
        .values({ video_id: reply.video_id, user_id: "alice", parent_id: reply.id, content: "nested" })
        .execute(),
    ).rejects.toThrow();
  });

  it("refuses a database that has tables, and replaces it with --force", async () => {
    await expect(restoreBackup({ file: archive, databaseUrl: target.url, dataDir: targetDir, force: false, log: quiet })).rejects.toThrow(
      RestoreRefused,
    );
    await expect(restoreBackup({ file: archive, databaseUrl: target.url, dataDir: targetDir, force: false, log: quiet })).rejects.toThrow(
      /the database has tables and .*media has files.*--force/,
    );
    // A connection of this test's own on it, as a running site would have: --force does not empty it.
    const held = await target.pool.connect();
    await expect(restoreBackup({ file: archive, databaseUrl: target.url, dataDir: targetDir, force: true, log: quiet })).rejects.toThrow(
      /other connections use this database \(is the site or a worker running on it\?\)/,
    );
    held.release();
    const url = target.url;
    await target.close();
    const logged: string[] = [];
    await restoreBackup({ file: archive, databaseUrl: url, dataDir: targetDir, force: true, log: (m) => logged.push(m) });
    expect(logged).toContain("--force: emptying the database first");
    target = connect(url, 2);
    expect(await snapshot(target)).toEqual(await snapshot(handle()));
  });

  it("refuses a damaged archive and leaves the database empty", async () => {
    const damaged = path.join(work, "damaged.tar");
    fs.copyFileSync(archive, damaged);
    const videos = (await readTarIndex(damaged)).get("db/public.videos.copy.gz")!;
    const fd = fs.openSync(damaged, "r+");
    fs.writeSync(fd, Buffer.from([0x55, 0xaa, 0x55, 0xaa]), 0, 4, videos.offset + Math.floor(videos.size / 2));
    fs.closeSync(fd);
    const fresh = await emptyDatabase();
    try {
      const dir = fs.mkdtempSync(path.join(work, "damaged-"));
      await expect(restoreBackup({ file: damaged, databaseUrl: fresh.url, dataDir: dir, force: false, log: quiet })).rejects.toThrow(
        /videos/,
      );
      const client = await fresh.pool.connect();
      expect(await isDatabaseEmpty(client)).toBe(true);
      client.release();
      expect(listFiles(path.join(dir, "media"))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("refuses rows that break a foreign key (a hand-edited archive): the keys are checked again, nothing stays", async () => {
    // The same archive with one comment by a user nobody has, its manifest's checksum brought in line.
    const edited = path.join(work, "edited.tar");
    const entries = await readTarIndex(archive);
    const comments = manifest.tables.find((t) => t.name === "comments")!;
    const rows = zlib.gunzipSync(await entryBytes(archive, entries.get(comments.entry)!)).toString();
    const body = zlib.gzipSync(rows.replace(/\talice\t/, "\tnobody-at-all\t"));
    const writer = await TarWriter.create(edited);
    for (const [name, entry] of entries) {
      if (name === MANIFEST_ENTRY) continue;
      await writer.addBuffer(name, name === comments.entry ? body : await entryBytes(archive, entry));
    }
    const sha256 = crypto.createHash("sha256").update(body).digest("hex");
    const tables = manifest.tables.map((t) => (t === comments ? { ...t, bytes: body.length, sha256 } : t));
    await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify({ ...manifest, tables })));
    await writer.close();

    const fresh = await emptyDatabase();
    try {
      const dir = fs.mkdtempSync(path.join(work, "edited-"));
      await expect(restoreBackup({ file: edited, databaseUrl: fresh.url, dataDir: dir, force: false, log: quiet })).rejects.toThrow(
        /violates foreign key constraint "comments_user_id_fkey"/,
      );
      const client = await fresh.pool.connect();
      expect(await isDatabaseEmpty(client)).toBe(true);
      client.release();
    } finally {
      await fresh.close();
    }
  });

  it("with MEDIA_STORAGE=s3 holds the database only, and says the bucket is backed up by the storage's own tooling", async () => {
    const file = path.join(work, "s3.tar");
    const location = "s3://pleazure-media/site/";
    const { manifest: s3 } = await createBackup({
      databaseUrl: handle().url,
      out: file,
      media: { storage: "s3", location },
      dataDir: source,
      log: quiet,
    });
    expect(s3.media).toEqual({ storage: "s3", location, note: expect.stringMatching(/not in this archive.*versioning.*rclone sync/) });
    expect([...(await readTarIndex(file)).keys()].filter((name) => name.startsWith("media/"))).toEqual([]);
    const fresh = await emptyDatabase();
    try {
      const dir = fs.mkdtempSync(path.join(work, "s3-"));
      const summary = await restoreBackup({ file, databaseUrl: fresh.url, dataDir: dir, force: false, log: quiet });
      expect(summary.mediaFiles).toBe(0);
      expect(counts(await snapshot(fresh))).toEqual(counts(await snapshot(handle())));
    } finally {
      await fresh.close();
    }
  });

  it("fails at backup time, leaving no file, on what a restore would refuse (a media name with a backslash)", async () => {
    const odd = path.join(work, "odd");
    fs.mkdirSync(path.join(odd, "media"), { recursive: true });
    fs.writeFileSync(path.join(odd, "media", "back\\slash.jpg"), "x");
    const out = path.join(work, "odd.tar");
    await expect(
      createBackup({
        databaseUrl: handle().url,
        out,
        media: { storage: "local", root: path.join(odd, "media") },
        dataDir: odd,
        log: quiet,
      }),
    ).rejects.toThrow(/cannot archive this: media\.files\.0\.path: must be a plain relative path/);
    expect(fs.readdirSync(work).filter((f) => f.startsWith("odd.tar") || f.startsWith(".pleazure-backup-"))).toEqual([]);
  });

  it("restores a backup taken at an older migration, then applies this release's newer ones", async () => {
    const old = await emptyDatabase();
    const level = MIGRATION_NAMES.slice(0, -1);
    const fresh = await emptyDatabase();
    try {
      await migrateToLevel(old.db, level);
      await insertUser(old.db, { id: "early", email: "early@example.com" });
      const file = path.join(work, "older.tar");
      const emptyMedia = path.join(work, "no-media");
      const { manifest: older } = await createBackup({
        databaseUrl: old.url,
        out: file,
        media: { storage: "local", root: emptyMedia },
        dataDir: emptyMedia,
        log: quiet,
      });
      expect(older.migrations).toEqual(level);
      expect(older.queueMigration).toBeNull();
      const summary = await restoreBackup({
        file,
        databaseUrl: fresh.url,
        dataDir: fs.mkdtempSync(path.join(work, "older-")),
        force: false,
        log: quiet,
      });
      expect(summary.upgradedWith).toEqual([MIGRATION_NAMES.at(-1)]);
      expect(await fresh.db.selectFrom("users").select("email").execute()).toEqual([{ email: "early@example.com" }]);
    } finally {
      await old.close();
      await fresh.close();
    }
  });
});
