import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { backUpSite, counts, quiet, snapshot, useBackupScratch } from "../../tests/support/backup-site";
import { useTestDatabase } from "../../tests/support/test-db";
import { MIGRATION_NAMES } from "../db/migrate";
import { createBackup } from "./backup";
import { MANIFEST_ENTRY, type Manifest } from "./manifest";
import { restoreBackup } from "./restore";
import { readTarIndex } from "./tar";

/**
 * Issue 31 item 4 on real PostgreSQL: what `npm run backup` writes of a site with users, comments, likes, playlists,
 * reports, a takedown, a queued job and media files (tests/support/backup-site.ts), with local media and with S3,
 * and what it refuses to write. Restoring it: backup-restore-drill.test.ts and restore.test.ts.
 */

const source = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-backup-src-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "backup-restore-test-secret-0123456789abcdef";
  return dir as string;
});

const { handle } = useTestDatabase();
const { work, emptyDatabase } = useBackupScratch(source);

describe("npm run backup: one archive of the database, the media and the keys", () => {
  const archive = path.join(work, "site.tar");
  let manifest: Manifest;

  beforeAll(async () => {
    manifest = await backUpSite(handle(), source, work, archive);
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
});
