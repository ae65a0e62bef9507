import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backUpSite, counts, quiet, snapshot, useBackupScratch } from "../../tests/support/backup-site";
import { useTestDatabase } from "../../tests/support/test-db";
import { connect, type DatabaseHandle } from "../db/connection";
import { MIGRATION_NAMES } from "../db/migrate";
import { recordAdminAction } from "../services/audit-log";
import { RestoreRefused } from "./archive";
import { listFiles } from "./files";
import { restoreBackup } from "./restore";

/**
 * Issue 31 item 4, drilled on real PostgreSQL: a site with users, comments, likes, playlists, reports, a takedown,
 * a queued job and media files (tests/support/backup-site.ts) is backed up, restored onto an empty database and a
 * fresh DATA_DIR, and compared table by table, row by row and file by file; then restored again over it with --force.
 * The archive itself: backup.test.ts; the restores that are refused, and an older archive: restore.test.ts.
 */

const source = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-backup-src-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "backup-restore-test-secret-0123456789abcdef";
  return dir as string;
});

const { handle } = useTestDatabase();
const { work, emptyDatabase } = useBackupScratch(source);

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

function filesOf(root: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(root).map((f) => [f.path, crypto.createHash("sha256").update(fs.readFileSync(f.absolute)).digest("hex")]),
  );
}

describe("npm run backup, then npm run restore onto an empty database and DATA_DIR", () => {
  const archive = path.join(work, "site.tar");
  let target: DatabaseHandle;
  const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-backup-dst-"));

  beforeAll(async () => {
    await backUpSite(handle(), source, work, archive);
    target = await emptyDatabase();
  });

  afterAll(async () => {
    await target?.close();
    fs.rmSync(targetDir, { recursive: true, force: true });
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
});
