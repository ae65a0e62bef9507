import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { backUpSite, quiet, useBackupScratch } from "../../tests/support/backup-site";
import { insertUser } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { MIGRATION_NAMES, migrateToLevel } from "../db/migrate";
import { createBackup } from "./backup";
import { listFiles } from "./files";
import { MANIFEST_ENTRY, type Manifest } from "./manifest";
import { restoreBackup } from "./restore";
import { readTarEntry, readTarIndex, type TarEntry, TarWriter } from "./tar";
import { isDatabaseEmpty } from "./target";

/**
 * Issue 31 item 4 on real PostgreSQL: `npm run restore` refuses a damaged or hand-edited archive of the site
 * (tests/support/backup-site.ts) and leaves the database empty, and brings an archive taken at an older migration
 * up to this release. The whole round trip: backup-restore-drill.test.ts.
 */

const source = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-backup-src-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "backup-restore-test-secret-0123456789abcdef";
  return dir as string;
});

const { handle } = useTestDatabase();
const { work, emptyDatabase } = useBackupScratch(source);

async function entryBytes(file: string, entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readTarEntry(file, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("npm run restore: refused archives leave nothing behind, older ones are upgraded", () => {
  const archive = path.join(work, "site.tar");
  let manifest: Manifest;

  beforeAll(async () => {
    manifest = await backUpSite(handle(), source, work, archive);
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
