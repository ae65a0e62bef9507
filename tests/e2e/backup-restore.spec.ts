import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "kysely";
import { connect, type DatabaseHandle } from "../../server/db/connection";
import { serverOfRunningApp } from "../../server/db/embedded";
import { type AppProcess, errorLines, startApp } from "../support/app-process";
import { insertUser } from "../support/fixtures";

/**
 * Issue 31 item 4 as an operator runs it: `npm run backup` beside a running site on the embedded database,
 * `npm run restore` into a fresh DATA_DIR (the restore starts its own embedded PostgreSQL; it refuses the running
 * site's), and the restored site started on it serves the same pages as the original, counts included.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

/** `npm run <script> -- args` as an operator types it (tsx on the CLI), with DATA_DIR set. */
function npmRun(script: "backup" | "restore", args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  // The embedded database under DATA_DIR, whatever this shell has.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_MEDIA: "none", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn(path.join("node_modules", ".bin", "tsx"), ["cli/index.ts", script, ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** A page's HTML with what differs between any two servers or requests masked: origins (ports), nonces, tokens. */
async function page(app: AppProcess, pathname: string): Promise<string> {
  const res = await fetch(`${app.origin}${pathname}`, { headers: { cookie: "ageVerified=true" } });
  expect(res.status, pathname).toBe(200);
  return (await res.text())
    .replaceAll(app.origin, "ORIGIN")
    .replaceAll(encodeURIComponent(app.origin), "ORIGIN")
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, renderTime)
    .replace(/("?(?:formToken|_token|token|csrf)"?\s*[:=]\s*)"[^"]*"/gi, '$1""');
}

const started = Date.now();
const THIRTY_DAYS = 30 * 86_400_000;

/**
 * Instants of the render rather than of the data: the transparency page's 30-day window ends now. Anything
 * from this test's run (or 30 days before it) is masked; every stored date of the demo content is older.
 */
function renderTime(iso: string): string {
  const t = Date.parse(iso);
  const during = (from: number) => t >= from - 1_000 && t <= from + (Date.now() - started) + 1_000;
  return during(started) || during(started - THIRTY_DAYS) ? "RENDER-TIME" : iso;
}

/** Where two pages first differ, with some context either side (a whole page in a failure message says nothing). */
function difference(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  let i = 0;
  while (a[i] === b[i]) i++;
  return `at ${i}:\n  restored: …${a.slice(i - 120, i + 120)}…\n  original: …${b.slice(i - 120, i + 120)}…`;
}

let original: AppProcess | undefined;
let restored: AppProcess | undefined;
let db: DatabaseHandle | undefined;
let work = "";

test.beforeAll(() => {
  // Made here, not at load: Playwright also loads spec files in its main process, which runs no hook.
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-backup-e2e-"));
  // As root, PostgreSQL runs as "postgres", which must reach the restored DATA_DIR inside this folder.
  fs.chmodSync(work, 0o755);
});

test.afterAll(async () => {
  await db?.close();
  await original?.stop();
  await restored?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test("a site backed up while it runs and restored into a fresh DATA_DIR serves the same pages and counts", async () => {
  original = await startApp({ WEB_CONCURRENCY: "1", PAGE_CACHE_TTL_MS: "0" });
  // What people and moderators add, written into the running site's own embedded database.
  const server = serverOfRunningApp(path.join(original.dataDir, "postgres"));
  if (!server) throw new Error("the app's embedded PostgreSQL was not found");
  db = connect(server.url("pleazure"), 2);
  const video = await db.db
    .selectFrom("videos")
    .select("id")
    .where("is_public", "=", true)
    .orderBy("views", "desc")
    .executeTakeFirstOrThrow();
  const category = await db.db.selectFrom("categories").select("slug").orderBy("name").executeTakeFirstOrThrow();
  await insertUser(db.db, { id: "backup-alice", email: "alice@example.com" });
  await db.db
    .insertInto("comments")
    .values({ video_id: video.id, user_id: "backup-alice", content: "Still here after a restore" })
    .execute();
  await db.db.insertInto("video_likes").values({ video_id: video.id, user_id: "backup-alice" }).execute();
  const list = await db.db
    .insertInto("playlists")
    .values({ user_id: "backup-alice", kind: "playlist", title: "Kept", description: "", is_public: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.db.insertInto("playlist_items").values({ playlist_id: list.id, video_id: video.id, position: 1 }).execute();
  await sql`INSERT INTO reports (reference, target_type, target_id, video_id, reason, reporter_key)
            VALUES ('R-BACKUP01', 'video', ${video.id}, ${video.id}, 'spam', 'ip:198.51.100.1')`.execute(db.db);
  await sql`INSERT INTO takedown_requests (reference, kind, name, email, urls, description, signature, due_at)
            VALUES ('TD-BACK-UP01', 'copyright', 'Rosa Example', 'rosa@example.com', 'https://x.example/1', 'mine', 'Rosa Example',
                    now() + interval '48 hours')`.execute(db.db);
  await db.close();
  db = undefined;

  const pages = ["/", `/video/${video.id}`, `/category/${category.slug}`, `/playlists/${list.id}`, "/blog", "/trust"];
  const before = await Promise.all(pages.map((p) => page(original!, p)));
  expect(before[1]).toContain("Still here after a restore");

  const archive = path.join(work, "site.tar");
  const backup = await npmRun("backup", ["--out", archive], original.dataDir);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain("the site is running: backing up its database as it serves");
  expect(backup.output).toMatch(/backup written: .*site\.tar/);
  console.info(
    backup.output
      .split("\n")
      .filter((l) => l.startsWith("backup written"))
      .join("\n"),
  );

  // Never under a live site: it would go on serving and queueing on a schema being replaced.
  const underLiveSite = await npmRun("restore", [archive, "--force"], original.dataDir);
  expect(underLiveSite.code).toBe(1);
  expect(underLiveSite.output).toContain("the site is running on this DATA_DIR: stop it first");

  const fresh = path.join(work, "restored");
  const restore = await npmRun("restore", [archive], fresh);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toMatch(/^ {2}comments: 1 rows$/m);
  expect(restore.output).toMatch(/^ {2}takedown_requests: 1 rows$/m);
  expect(restore.output).toMatch(/^ {2}playlist_items: 1 rows$/m);
  console.info(
    restore.output
      .split("\n")
      .filter((l) => l.startsWith("restored"))
      .join("\n"),
  );
  // The same archive again: the database is no longer empty.
  const again = await npmRun("restore", [archive], fresh);
  expect(again.code).toBe(1);
  expect(again.output).toContain("refusing to restore: the database has tables");

  restored = await startApp({ WEB_CONCURRENCY: "1", PAGE_CACHE_TTL_MS: "0" }, { dataDir: fresh });
  expect(restored.log()).not.toContain("empty database: creating demo content");
  const after = await Promise.all(pages.map((p) => page(restored!, p)));
  for (const [i, p] of pages.entries()) expect(difference(after[i]!, before[i]!), p).toBeUndefined();
  expect(errorLines(restored.log())).toEqual([]);
});
