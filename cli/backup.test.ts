import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect } from "../server/db/connection";
import { insertCategory, insertUser, insertVideo } from "../tests/support/fixtures";
import { withDatabase } from "../tests/support/global-setup";
import { useTestDatabase } from "../tests/support/test-db";

/**
 * `npm run backup` and `npm run restore` as an operator types them, on DATABASE_URL (the embedded database under
 * DATA_DIR, beside a running site, is tests/e2e/backup-restore.spec.ts). The data side is server/backup's tests.
 */

const { handle } = useTestDatabase();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cli-backup-"));
const target = `t_cli_restore_${crypto.randomBytes(5).toString("hex")}`;
const targetUrl = withDatabase(inject("adminDatabaseUrl"), target);

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "cli/index.ts", ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("npm run backup / npm run restore", () => {
  const archive = path.join(tmp, "nightly.tar");
  const source = { DATABASE_URL: "", DATA_DIR: path.join(tmp, "source") };
  const restored = { DATABASE_URL: targetUrl, DATA_DIR: path.join(tmp, "restored") };

  beforeAll(async () => {
    source.DATABASE_URL = handle().url;
    const category = await insertCategory(handle().db, "Backed Up");
    await insertVideo(handle().db, { title: "In the archive", category_id: category.id });
    await insertUser(handle().db, { id: "cli-user", email: "cli@example.com" });
    fs.mkdirSync(path.join(source.DATA_DIR, "media", "og"), { recursive: true });
    fs.writeFileSync(path.join(source.DATA_DIR, "media", "og", "image.png"), "png bytes");
    const admin = connect(inject("adminDatabaseUrl"), 1);
    await admin.pool.query(`CREATE DATABASE ${target}`);
    await admin.close();
  });

  afterAll(async () => {
    const admin = connect(inject("adminDatabaseUrl"), 1);
    await admin.pool.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    await admin.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("backs up into --out, says what it wrote, and never overwrites a file", async () => {
    const { code, output } = await cli(["backup", "--out", archive], source);
    expect(code, output).toBe(0);
    expect(output).toMatch(/^ {2}videos: 1 rows$/m);
    expect(output).toContain("media: 1 files");
    expect(output).toMatch(/backup written: .*nightly\.tar \(.* MB in .* s\): \d+ tables, \d+ rows, migration \d{4}_\w+, 1 media files/);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const again = await cli(["backup", "--out", archive], source);
    expect(again.code).toBe(1);
    expect(again.output).toContain("nightly.tar exists: choose another --out");
  });

  it("restores onto an empty database and DATA_DIR, printing the counts; refuses to do it twice without --force", async () => {
    const { code, output } = await cli(["restore", archive], restored);
    expect(code, output).toBe(0);
    expect(output).toMatch(/^ {2}videos: 1 rows$/m);
    expect(output).toMatch(/^ {2}users: 1 rows$/m);
    expect(output).toMatch(/^ {2}categories: 1 rows$/m);
    expect(output).toContain("media: 1 files");
    expect(output).toMatch(/restored .*nightly\.tar \(app .*, taken .*\) in .* s: \d+ rows in \d+ tables/);
    expect(fs.readFileSync(path.join(restored.DATA_DIR, "media", "og", "image.png"), "utf8")).toBe("png bytes");

    const refused = await cli(["restore", archive], restored);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("refusing to restore: the database has tables and");
    expect(refused.output).toContain("--force");

    const forced = await cli(["restore", archive, "--force"], restored);
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toContain("--force: emptying the database first");
    const db = connect(targetUrl, 1);
    try {
      expect(await db.db.selectFrom("videos").select("title").execute()).toEqual([{ title: "In the archive" }]);
    } finally {
      await db.close();
    }
  });

  it("says what is wrong with its arguments or its file", async () => {
    expect(await cli(["restore"], restored)).toMatchObject({ code: 2, output: expect.stringContaining("usage: npm run restore <file>") });
    expect(await cli(["backup", "--into", "x"], source)).toMatchObject({
      code: 2,
      output: expect.stringContaining("usage: npm run backup"),
    });
    const notAnArchive = path.join(tmp, "notes.txt");
    fs.writeFileSync(notAnArchive, "x".repeat(2048));
    expect(await cli(["restore", notAnArchive], restored)).toMatchObject({ code: 1, output: expect.stringContaining("not a tar archive") });
  });
});
