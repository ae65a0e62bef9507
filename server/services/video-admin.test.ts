import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ATTESTATION_REQUIRED, ATTESTATION_TEXT, ATTESTATION_VERSION } from "../../core/attestation";
import { insertCategory, insertUser, insertVideo } from "../../tests/support/fixtures";
import { HOSTILE_FILES } from "../../tests/support/hostile-media";
import { useHostileMediaLab } from "../../tests/support/hostile-media-suite";
import { makeTestClip } from "../../tests/support/media";
import { useTestDatabase } from "../../tests/support/test-db";
import { NOT_A_VIDEO_FILE } from "../media/inspect";
import { localMediaStorage } from "../media/storage";
import { listAuditEntries } from "./audit-log";
import {
  deleteVideo,
  getAdminVideo,
  listAdminVideos,
  submitUpload,
  updateVideo,
  VideoFieldsError,
  VideoNotFoundError,
} from "./video-admin";
import { getPublicVideo, listVideos } from "./videos";

// Uploads live under DATA_DIR/uploads: this file's own folder, set before any import reads the environment.
const tmp = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "video-admin-test-"));
  process.env.DATA_DIR = dir;
  return dir as string;
});
const uploads = path.join(tmp, "uploads");

const { handle } = useTestDatabase();
const admin = { id: "admin-1", email: "admin@example.com" };
const fields = { title: "Harbour lights", description: "Boats at dusk.", category: "Landscapes", isPublic: "on" };
const attest = { attest: "on", consentNote: "All three dancers are generated characters." };

/** A finished tus upload as @tus/file-store leaves it: the bytes and the <id>.json record. */
function storeUpload(id: string, bytes: Buffer, name: string) {
  fs.mkdirSync(uploads, { recursive: true });
  fs.writeFileSync(path.join(uploads, id), bytes);
  fs.writeFileSync(
    path.join(uploads, `${id}.json`),
    JSON.stringify({
      id,
      size: bytes.length,
      offset: 0,
      metadata: { filename: name, filetype: "video/mp4" },
      creation_date: new Date().toISOString(),
    }),
  );
}

const auditCount = async (action: string) => (await listAuditEntries({ actionPrefix: action })).length;

describe("console videos", () => {
  let categoryId: string;

  beforeAll(async () => {
    categoryId = (await insertCategory(handle().db, "Landscapes")).id;
    await insertUser(handle().db, { ...admin, role: "admin" });
    await insertCategory(handle().db, "City Life");
  });

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("lists every video newest first, by title and visibility, with the latest transcode job's status", async () => {
    const older = await insertVideo(handle().db, { title: "Quiet river", is_public: false, upload_date: new Date("2026-01-01") });
    const newer = await insertVideo(handle().db, { title: "Quiet forest", is_public: true, upload_date: new Date("2026-02-01") });
    await handle()
      .db.insertInto("transcode_jobs")
      .values({ video_id: newer.id, source_path: "/x", source_name: "forest.mp4", title: "Quiet forest", status: "done", progress: 100 })
      .execute();
    const all = await listAdminVideos({ page: 1, q: "quiet" });
    expect(all.videos.map((v) => v.title)).toEqual(["Quiet forest", "Quiet river"]);
    expect(all.videos.map((v) => v.jobStatus)).toEqual(["done", null]);
    expect((await listAdminVideos({ page: 1, q: "QUIET", visibility: "private" })).videos.map((v) => v.id)).toEqual([older.id]);
    expect((await listAdminVideos({ page: 1, q: "quiet", visibility: "public" })).total).toBe(1);
    // LIKE wildcards in the search are literal.
    expect((await listAdminVideos({ page: 1, q: "%" })).total).toBe(0);
  });

  describe("update", () => {
    it("saves the fields and records video.update with before and after; the public caches see it at once", async () => {
      const { id } = await insertVideo(handle().db, { title: "Old title", is_public: false });
      const before = (await listVideos({ page: 1 })).total;
      const saved = await updateVideo(id, fields, admin);
      expect(saved).toMatchObject({ title: "Harbour lights", description: "Boats at dusk.", categoryName: "Landscapes", isPublic: true });
      expect((await getPublicVideo(id))?.category_id).toBe(categoryId);
      expect((await listVideos({ page: 1 })).total).toBe(before + 1); // the cached count was cleared
      const [entry] = await listAuditEntries({ actionPrefix: "video.update" });
      expect(entry).toMatchObject({
        actorEmail: admin.email,
        action: "video.update",
        target: id,
        before: { title: "Old title", public: false, category: null },
        after: { title: "Harbour lights", public: true, category: "Landscapes" },
      });
    });

    it("refuses a policy violation next to its field and changes and records nothing", async () => {
      const { id } = await insertVideo(handle().db, { title: "Keep me" });
      const audits = await auditCount("video.");
      for (const [field, value] of [
        ["title", "Teen party"],
        ["description", "Filmed by a 16yo"],
      ] as const) {
        const err = await updateVideo(id, { ...fields, [field]: value }, admin).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(VideoFieldsError);
        expect((err as VideoFieldsError).errors[field]).toMatch(/suggests minors/);
      }
      const unknown = await updateVideo(id, { ...fields, category: "Nope" }, admin).catch((e: unknown) => e);
      expect((unknown as VideoFieldsError).errors.category).toBe("Choose one of the categories");
      const blank = await updateVideo(id, { ...fields, title: "  " }, admin).catch((e: unknown) => e);
      expect((blank as VideoFieldsError).errors.title).toBe("Enter a title");
      expect((await getAdminVideo(id))?.title).toBe("Keep me");
      expect(await auditCount("video.")).toBe(audits);
    });

    it("the change and its audit entry are one transaction: a failing audit leaves the video as it was", async () => {
      const { id } = await insertVideo(handle().db, { title: "Unchanged" });
      const noEmail = { id: "admin-2", email: null as unknown as string }; // actor_email is NOT NULL
      await expect(updateVideo(id, fields, noEmail)).rejects.toThrow();
      expect((await getAdminVideo(id))?.title).toBe("Unchanged");
    });

    it("an unknown or malformed id is not found", async () => {
      await expect(updateVideo("00000000-0000-4000-8000-000000000000", fields, admin)).rejects.toBeInstanceOf(VideoNotFoundError);
      await expect(updateVideo("../etc", fields, admin)).rejects.toBeInstanceOf(VideoNotFoundError);
    });
  });

  describe("delete", () => {
    it("removes the row, its media folder and records video.delete; other media stay", async () => {
      const { id } = await insertVideo(handle().db, { title: "Gone soon", is_public: true });
      const storage = localMediaStorage(path.join(tmp, "media"));
      const own = path.join(tmp, "media", "videos", id);
      const other = path.join(tmp, "media", "demo");
      fs.mkdirSync(own, { recursive: true });
      fs.mkdirSync(other, { recursive: true });
      fs.writeFileSync(path.join(own, "master.m3u8"), "#EXTM3U\n");
      fs.writeFileSync(path.join(other, "keep.m3u8"), "#EXTM3U\n");
      await deleteVideo(id, admin, storage);
      expect(await getAdminVideo(id)).toBeUndefined();
      expect(fs.existsSync(own)).toBe(false);
      expect(fs.existsSync(path.join(other, "keep.m3u8"))).toBe(true);
      const [entry] = await listAuditEntries({ actionPrefix: "video.delete" });
      expect(entry).toMatchObject({ action: "video.delete", target: id, before: { title: "Gone soon", public: true }, after: null });
      await expect(deleteVideo(id, admin, storage)).rejects.toBeInstanceOf(VideoNotFoundError);
    });

    it("a failing audit keeps the video and its media", async () => {
      const { id } = await insertVideo(handle().db, { title: "Stays" });
      await expect(deleteVideo(id, { id: "x", email: null as unknown as string })).rejects.toThrow();
      expect((await getAdminVideo(id))?.title).toBe("Stays");
    });
  });

  describe("upload", () => {
    it("a finished upload joins the ingest pipeline (video.upload audited with the job); its tus record is gone, the file kept for the job", async () => {
      const clip = await makeTestClip(path.join(tmp, "clip.mp4"), { size: "160x90", seconds: 1 });
      const id = "a".repeat(32);
      storeUpload(id, fs.readFileSync(clip), "harbour.mp4");
      const { jobId, videoId } = await submitUpload(id, fields, admin, attest);
      const job = await handle().db.selectFrom("transcode_jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
      expect(job).toMatchObject({
        video_id: videoId,
        source_name: "harbour.mp4",
        delete_source: true,
        publish: true,
        title: "Harbour lights",
      });
      expect(job.source_path).toBe(path.join(uploads, id));
      expect(fs.existsSync(path.join(uploads, `${id}.json`))).toBe(false);
      expect(fs.existsSync(path.join(uploads, id))).toBe(true);
      expect(fs.readdirSync(uploads)).toEqual([id]); // no record, no claim marker: only the job's bytes
      // A second submission of the same upload (a double click) queues nothing more.
      const again = await submitUpload(id, fields, admin, attest).catch((e: unknown) => e);
      expect((again as VideoFieldsError).errors.form).toMatch(/already submitted/);
      expect(await handle().db.selectFrom("transcode_jobs").select("id").where("source_path", "=", job.source_path).execute()).toHaveLength(
        1,
      );
      const [entry] = await listAuditEntries({ actionPrefix: "video.upload" });
      expect(entry).toMatchObject({ target: videoId, after: { title: "Harbour lights", file: "harbour.mp4", job: jobId, public: true } });
      // The attestation is stored with the video's id, word for word, and the console shows it.
      const stored = await handle().db.selectFrom("video_attestations").selectAll().where("video_id", "=", videoId).execute();
      expect(stored).toEqual([
        expect.objectContaining({
          user_id: admin.id,
          user_email: admin.email,
          text_version: ATTESTATION_VERSION,
          text: ATTESTATION_TEXT,
          note: attest.consentNote,
        }),
      ]);
    });

    it("no upload without the attestation; the policy runs on its note and on the file name", async () => {
      const clip = await makeTestClip(path.join(tmp, "attest.mp4"), { size: "160x90", seconds: 1 });
      const id = "9".repeat(32);
      storeUpload(id, fs.readFileSync(clip), "dancers.mp4");
      const missing = await submitUpload(id, { ...fields, title: "" }, admin, {}).catch((e: unknown) => e);
      expect((missing as VideoFieldsError).errors).toEqual({ title: "Enter a title", attest: ATTESTATION_REQUIRED });
      const note = await submitUpload(id, fields, admin, { attest: "on", consentNote: "She is a barely legal model" }).catch(
        (e: unknown) => e,
      );
      expect((note as VideoFieldsError).errors.consentNote).toMatch(
        /^Consent note contains a term that suggests minors \("barely legal"\)/,
      );
      expect(fs.existsSync(path.join(uploads, id))).toBe(true); // kept for another try
      const named = "8".repeat(32);
      storeUpload(named, fs.readFileSync(clip), "schoolgirl_dance.mp4");
      const byName = await submitUpload(named, fields, admin, attest).catch((e: unknown) => e);
      expect((byName as VideoFieldsError).errors.form).toMatch(/^File name contains a term that suggests minors \("schoolgirl"\)/);
      expect(fs.existsSync(path.join(uploads, named))).toBe(false); // a name cannot be fixed in the form: dropped
      expect(await handle().db.selectFrom("video_attestations").select("id").execute()).toHaveLength(1);
    });

    it("a file that is not a video is refused and removed; refused fields keep the upload for another try", async () => {
      const id = "b".repeat(32);
      storeUpload(id, Buffer.from("plain notes, not a video\n".repeat(50)), "notes.mp4");
      const policy = await submitUpload(id, { ...fields, title: "Schoolgirl" }, admin, attest).catch((e: unknown) => e);
      expect((policy as VideoFieldsError).errors.title).toMatch(/suggests minors/);
      expect(fs.existsSync(path.join(uploads, id))).toBe(true);
      const refused = await submitUpload(id, fields, admin, attest).catch((e: unknown) => e);
      expect((refused as VideoFieldsError).errors.form).toMatch(/^The file was refused: Not a video file/);
      expect(fs.readdirSync(uploads).filter((f) => f.startsWith("b"))).toEqual([]);
      expect(await auditCount("video.upload")).toBe(1);
    });

    // The console's tus uploads are stored as DATA_DIR/uploads/<id>, without an extension, next to other
    // admins' uploads: the decoys sit there too.
    describe("a hostile upload posing as a video (playlist, manifest, concat list, stream description, picture, text)", () => {
      const lab = useHostileMediaLab({ dir: uploads });

      it.each(HOSTILE_FILES.map((f, i) => [f.label, f, i] as const))(
        "%s: refused and removed, no job, nothing fetched or read",
        async (_, file, i) => {
          const id = `e${i.toString(16).padStart(31, "0")}`;
          const jobsBefore = await handle().db.selectFrom("transcode_jobs").select("id").execute();
          storeUpload(id, Buffer.from(await file.content(lab.ctx())), "holiday.mp4");
          lab.arm();
          const refused = await submitUpload(id, fields, admin, attest).catch((e: unknown) => e);
          expect(refused).toBeInstanceOf(VideoFieldsError);
          expect((refused as VideoFieldsError).errors.form).toBe(`The file was refused: ${NOT_A_VIDEO_FILE}`);
          expect(fs.existsSync(path.join(uploads, id))).toBe(false);
          expect(await handle().db.selectFrom("transcode_jobs").select("id").execute()).toEqual(jobsBefore);
          expect(lab.seen()).toEqual({ requests: [], read: [] });
        },
      );
    });

    it("an unknown or unfinished upload is refused without touching anything", async () => {
      const id = "c".repeat(32);
      fs.writeFileSync(path.join(uploads, id), "partial");
      fs.writeFileSync(path.join(uploads, `${id}.json`), JSON.stringify({ id, size: 100, metadata: { filename: "x.mp4" } }));
      const partial = await submitUpload(id, fields, admin, attest).catch((e: unknown) => e);
      expect((partial as VideoFieldsError).errors.form).toBe("The upload is not complete yet.");
      const unknown = await submitUpload("d".repeat(32), fields, admin, attest).catch((e: unknown) => e);
      expect((unknown as VideoFieldsError).errors.form).toMatch(/not known/);
      expect(fs.existsSync(path.join(uploads, id))).toBe(true);
    });
  });
});
