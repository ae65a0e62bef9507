import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertCategory, insertUser, insertVideo } from "../../tests/support/fixtures";
import { makeTestClip } from "../../tests/support/media";
import { useTestDatabase } from "../../tests/support/test-db";
import { runTranscodeJob } from "../jobs/transcode";
import { localMediaStorage } from "../media/storage";
import { listAuditEntries } from "./audit-log";
import { FINGERPRINT_REFUSAL, sha256File } from "./fingerprints";
import { IngestError, submitIngest } from "./ingest";
import { REMOVED_STAYS_PRIVATE, updateVideo, type VideoFieldsError } from "./video-admin";
import { removeVideo, VideoRemovalNotFoundError } from "./video-removal";
import { getPublicVideo } from "./videos";

// Media, scratch and the development signing certificate in this file's own DATA_DIR, set before any import reads it.
const tmp = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "video-removal-test-"));
  process.env.DATA_DIR = dir;
  return dir as string;
});
const { handle } = useTestDatabase();
const mediaRoot = path.join(tmp, "media");
const storage = localMediaStorage(mediaRoot, { scratchRoot: path.join(tmp, "media-work") });
const admin = { id: "removal-admin", email: "removal-admin@example.com" };
const ctx = () => ({ storage, maxBytes: 100 * 1024 * 1024, signal: new AbortController().signal });

/** Ingests and transcodes a file the way the console does, returning the published video's id. */
async function publish(file: string, title: string): Promise<string> {
  const { job } = await submitIngest({ file, title, category: "Abstract Art", publish: true }, { actor: admin, storage });
  await runTranscodeJob(job.id, ctx());
  return job.video_id;
}

describe("removeVideo", () => {
  let clip: string;

  beforeAll(async () => {
    await insertUser(handle().db, { ...admin, role: "admin" });
    await insertCategory(handle().db, "Abstract Art");
    clip = await makeTestClip(path.join(tmp, "clip.mp4"), { size: "320x180", seconds: 1.5 });
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("unpublishes, fingerprints the source and every file, deletes the media, audits once; a second call changes nothing", async () => {
    const id = await publish(clip, "Harbour at dusk");
    expect((await getPublicVideo(id))?.title).toBe("Harbour at dusk");
    const row = await handle()
      .db.selectFrom("videos")
      .select(["uploaded_by", "source_sha256"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ uploaded_by: admin.id, source_sha256: await sha256File(clip) });
    const files = await storage.listKeys(`videos/${id}`);
    expect(files.length).toBeGreaterThan(5);

    const first = await removeVideo(id, { actor: admin, reason: "Takedown TD-AAAA-BBBB", cause: "takedown" }, { storage });
    expect(first).toEqual({ removedNow: true, fingerprints: files.length + 1 });
    expect(await getPublicVideo(id)).toBeUndefined();
    expect(fs.existsSync(path.join(mediaRoot, "videos", id))).toBe(false);
    const removed = await handle().db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(removed).toMatchObject({ is_public: false, removed_reason: "Takedown TD-AAAA-BBBB", removed_by: admin.id });
    expect(removed.removed_at).toBeInstanceOf(Date);
    const prints = await handle().db.selectFrom("media_fingerprints").select(["sha256", "what"]).where("video_id", "=", id).execute();
    expect(prints.map((p) => p.what).sort()).toEqual(["source", ...files].sort());

    const again = await removeVideo(id, { actor: admin, reason: "again", cause: "report" }, { storage });
    expect(again.removedNow).toBe(false);
    const audits = await listAuditEntries({ actionPrefix: "video.remove" });
    expect(audits.filter((a) => a.target === id)).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorEmail: admin.email, after: { cause: "takedown", removed: true } });
  });

  it("the same file is refused by ingest with the fingerprint message, and by a transcode queued before the removal", async () => {
    const copy = path.join(tmp, "renamed-copy.mp4");
    fs.copyFileSync(clip, copy);
    // Queued while the first copy was still up...
    const other = path.join(tmp, "second.mp4");
    const second = await makeTestClip(other, { size: "320x180", seconds: 1 });
    const { job: waiting } = await submitIngest(
      { file: second, title: "Queued earlier", category: "Abstract Art", publish: true },
      { storage },
    );
    const secondId = await publish(second, "Second copy");
    await removeVideo(secondId, { actor: admin, reason: "copyright", cause: "console" }, { storage });
    // ...the waiting job of the same file now fails instead of publishing.
    await runTranscodeJob(waiting.id, ctx());
    const failed = await handle()
      .db.selectFrom("transcode_jobs")
      .select(["status", "error"])
      .where("id", "=", waiting.id)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ status: "failed", error: FINGERPRINT_REFUSAL });
    expect(await getPublicVideo(waiting.video_id)).toBeUndefined();

    await expect(submitIngest({ file: copy, title: "Sneaky copy", category: "Abstract Art", publish: true }, { storage })).rejects.toThrow(
      new IngestError(FINGERPRINT_REFUSAL),
    );
  });

  it("keeps a media folder other videos still play from (the demo clips), fingerprinted all the same", async () => {
    const folder = path.join(mediaRoot, "demo", "aurora");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "master.m3u8"), "#EXTM3U\n# shared demo clip\n");
    const url = storage.url("demo/aurora/master.m3u8");
    const a = await insertVideo(handle().db, { title: "Demo A" });
    const b = await insertVideo(handle().db, { title: "Demo B" });
    await handle().db.updateTable("videos").set({ video_url: url }).where("id", "in", [a.id, b.id]).execute();
    const result = await removeVideo(a.id, { actor: admin, reason: "test", cause: "console" }, { storage });
    expect(result.fingerprints).toBe(1);
    expect(fs.existsSync(path.join(folder, "master.m3u8"))).toBe(true);
    expect((await getPublicVideo(b.id))?.title).toBe("Demo B");
  });

  it("settles the video's open reports as removed, whatever the cause", async () => {
    const { id } = await insertVideo(handle().db, { title: "Reported, then taken down" });
    await handle()
      .db.insertInto("reports")
      .values({
        reference: "RP-TEST-0001",
        target_type: "video",
        target_id: id,
        video_id: id,
        reason: "non-consensual",
        reporter_key: "ip:203.0.113.9",
      })
      .execute();
    await removeVideo(id, { actor: admin, reason: "Takedown TD-CCCC-DDDD", cause: "takedown" }, { storage });
    const report = await handle()
      .db.selectFrom("reports")
      .select(["resolution", "resolved_by"])
      .where("target_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(report).toEqual({ resolution: "removed", resolved_by: admin.id });
  });

  it("an edit cannot make a removed video public again", async () => {
    const { id } = await insertVideo(handle().db, { title: "Removed then edited", category_id: null });
    await removeVideo(id, { actor: admin, reason: "test", cause: "console" }, { storage });
    const edit = { title: "Back again", description: "", category: "Abstract Art", isPublic: "on" };
    const refused = await updateVideo(id, edit, admin).catch((e: unknown) => e);
    expect((refused as VideoFieldsError).errors).toEqual({ isPublic: REMOVED_STAYS_PRIVATE });
    const { isPublic: _public, ...privately } = edit;
    expect((await updateVideo(id, privately, admin)).title).toBe("Back again"); // private edits are fine
    expect(await getPublicVideo(id)).toBeUndefined();
  });

  it("an unknown or malformed id is not found", async () => {
    await expect(
      removeVideo("00000000-0000-4000-8000-000000000000", { actor: admin, reason: "x", cause: "console" }, { storage }),
    ).rejects.toBeInstanceOf(VideoRemovalNotFoundError);
    await expect(removeVideo("../etc", { actor: admin, reason: "x", cause: "console" }, { storage })).rejects.toBeInstanceOf(
      VideoRemovalNotFoundError,
    );
  });
});
