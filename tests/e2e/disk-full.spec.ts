import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { paths } from "../../core/paths";
import { connect, type DatabaseHandle } from "../../server/db/connection";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";
import { codeFromOutbox, uniqueEmail } from "../support/account-session";
import { type AppProcess, startApp } from "../support/app-process";
import { signInFormToken } from "../support/form-token";
import { postForm } from "../support/scale-out";

// Issue 31's fault matrix, DATA_DIR's disk full: an instance whose DATA_DIR is a 160 MiB tmpfs of its own
// (mounted here; the tests run as root), its database elsewhere. Uploads are refused with a clear message
// before their first byte, or stopped mid-way keeping what they had; pages keep being served; once space is
// freed the upload resumes from where it stopped.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const MiB = 1024 * 1024;
let mountPoint: string;
let pgDir: string;
let pg: EmbeddedServer;
let db: DatabaseHandle;
let app: AppProcess;
let cookie: string;

const filler = () => path.join(mountPoint, "filler");
/** Fills the disk until `leave` bytes are free (a file of the tests' own, beside DATA_DIR). */
function fillDiskLeaving(leave: number): void {
  fs.rmSync(filler(), { force: true });
  const { bavail, bsize } = fs.statfsSync(mountPoint);
  execFileSync("fallocate", ["-l", String(Math.max(0, bavail * bsize - leave)), filler()]);
}
const uploadFiles = () => (fs.existsSync(path.join(app.dataDir, "uploads")) ? fs.readdirSync(path.join(app.dataDir, "uploads")) : []);

function tus(url: string, init: { method: string; headers?: Record<string, string>; body?: Buffer }) {
  return fetch(url, {
    method: init.method,
    headers: { cookie, "Tus-Resumable": "1.0.0", ...init.headers },
    body: init.body ? new Uint8Array(init.body) : undefined,
  });
}

function createUpload(size: number) {
  const metadata = `filename ${Buffer.from("clip.mp4").toString("base64")},filetype ${Buffer.from("video/mp4").toString("base64")}`;
  return tus(`${app.origin}/admin/uploads`, { method: "POST", headers: { "Upload-Length": String(size), "Upload-Metadata": metadata } });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-diskfull-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=160m", "tmpfs", mountPoint]);
  pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-diskfull-pg-"));
  pg = await startEmbeddedPostgres(pgDir);
  db = connect(pg.url("postgres"), 2);
  app = await startApp(
    { DATABASE_URL: pg.url("postgres"), WEB_CONCURRENCY: "1", JOBS_IN_PROCESS: "false" },
    { dataDir: path.join(mountPoint, "data") },
  );
  // An administrator, signed in while there is room for the code's mail in the outbox.
  const email = uniqueEmail("disk-full-admin");
  await postForm(`${app.origin}/login`, { intent: "request-code", email, redirectTo: "/", formToken: await signInFormToken(app.origin) });
  const code = await codeFromOutbox(email, { dataDir: app.dataDir });
  const verified = await postForm(`${app.origin}/login`, { intent: "verify-code", email, code, redirectTo: "/" });
  cookie = `ageVerified=true; ${
    verified.headers
      .getSetCookie()
      .find((c) => c.startsWith("better-auth.session_token"))
      ?.split(";")[0]
  }`;
  await db.db.updateTable("users").set({ role: "admin", is_creator: true }).where("email", "=", email).execute();
});

test.afterAll(async () => {
  await app?.stop();
  await db?.close();
  await pg?.stop();
  if (mountPoint) {
    execFileSync("umount", [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
  if (pgDir) fs.rmSync(pgDir, { recursive: true, force: true });
});

test("a disk too full for an upload: 507 with a clear message before its first byte, nothing stored, pages still served", async () => {
  fillDiskLeaving(50 * MiB);
  const before = uploadFiles();
  const refused = await createUpload(10 * MiB);
  expect(refused.status).toBe(507);
  expect(await refused.text()).toContain("The server's disk is too full to take this upload (10 MB). Nothing of it was stored");
  expect(uploadFiles()).toEqual(before);
  for (const page of ["/", "/blog", "/terms", "/search?q=clip"]) {
    expect((await fetch(`${app.origin}${page}`, { headers: { cookie: "ageVerified=true" } })).status, page).toBe(200);
  }
});

test("the disk filling up during an upload: 507, the part received is kept, and it resumes once space is freed", async () => {
  fs.rmSync(filler(), { force: true });
  const size = 20 * MiB;
  const created = await createUpload(size);
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get("location") as string, app.origin).toString();

  fillDiskLeaving(4 * MiB);
  const body = Buffer.alloc(size, 7);
  const stopped = await tus(location, {
    method: "PATCH",
    headers: { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body,
  });
  expect(stopped.status).toBe(507);
  expect(await stopped.text()).toContain("The part received so far is kept");
  const kept = Number((await tus(location, { method: "HEAD" })).headers.get("upload-offset"));
  expect(kept).toBeLessThan(size);
  expect((await fetch(`${app.origin}${paths.home()}`, { headers: { cookie: "ageVerified=true" } })).status).toBe(200);

  fs.rmSync(filler());
  const resumed = await tus(location, {
    method: "PATCH",
    headers: { "Upload-Offset": String(kept), "Content-Type": "application/offset+octet-stream" },
    body: body.subarray(kept),
  });
  expect(resumed.status).toBe(204);
  expect(Number((await tus(location, { method: "HEAD" })).headers.get("upload-offset"))).toBe(size);
  expect(app.log()).not.toMatch(/"level":(50|60)/);
});
