import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertUser, insertVideo } from "../../tests/support/fixtures";
import { startTestS3 } from "../../tests/support/s3-server";
import { useTestDatabase } from "../../tests/support/test-db";
import { createPostgresRateLimiter } from "../db/rate-limit";
import { s3MediaStorage } from "../media/s3-storage";
import { localMediaStorage } from "../media/storage";
import { listAuditEntries } from "./audit-log";
import { CaptionError, CaptionVideoNotFoundError, captionTracks, listVideoCaptions, removeCaption, saveCaption } from "./captions";
import { deleteVideo } from "./video-admin";
import { removeVideo } from "./video-removal";

const tmp = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "captions-test-"));
  process.env.DATA_DIR = dir;
  return dir as string;
});
const { handle } = useTestDatabase();
const mediaRoot = path.join(tmp, "media");
const storage = localMediaStorage(mediaRoot, { scratchRoot: path.join(tmp, "media-work") });
const admin = { id: "captions-admin", email: "captions-admin@example.com" };
const vtt = (text: string) => new TextEncoder().encode(`WEBVTT\n\nNOTE dropped\n\n00:00:01.000 --> 00:00:03.000 align:start\n${text}\n`);
const filesOf = (videoId: string) => storage.listKeys(`captions/${videoId}`);

describe("captions service", () => {
  beforeAll(() => insertUser(handle().db, { ...admin, role: "admin" }));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("stores the canonical file, lists it, replaces it under a new name and removes it, auditing each change", async () => {
    const { id } = await insertVideo(handle().db, { duration: 30 });
    const saved = await saveCaption(id, "en", vtt("Hello <script>x</script><b>there</b>"), admin, { storage });
    expect(saved).toMatchObject({ language: "en", label: "English", cues: 1 });
    const [first] = await filesOf(id);
    expect(first).toMatch(new RegExp(`^captions/${id}/en-[0-9a-f]{16}\\.vtt$`));
    expect(await storage.readText(first ?? "")).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello x<b>there</b>\n");
    expect(await captionTracks(id, storage)).toEqual([{ language: "en", label: "English", src: `/media/${first}` }]);

    await saveCaption(id, "en", vtt("Hello again"), admin, { storage });
    const after = await filesOf(id);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
    await saveCaption(id, "fr", vtt("Bonjour"), admin, { storage });
    expect((await listVideoCaptions(id, storage)).map((c) => [c.language, c.label])).toEqual([
      ["en", "English"],
      ["fr", "Français"],
    ]);

    expect(await removeCaption(id, "en", admin, { storage })).toBe(true);
    expect(await removeCaption(id, "en", admin, { storage })).toBe(false);
    expect((await filesOf(id)).map((k) => path.basename(k).slice(0, 3))).toEqual(["fr-"]);
    const audit = (await listAuditEntries({ actionPrefix: "video.captions" })).filter((e) => e.target === id);
    expect(audit).toHaveLength(4);
  });

  it("refuses a bad file with its line, an unknown language, a missing or removed video; nothing is stored", async () => {
    const { id } = await insertVideo(handle().db, { duration: 30 });
    await expect(
      saveCaption(id, "en", new TextEncoder().encode("WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nx\n"), admin, { storage }),
    ).rejects.toThrow(new CaptionError("Line 3: the cue ends (00:00:01.000) before or when it starts (00:00:05.000)."));
    await expect(saveCaption(id, "xx", vtt("x"), admin, { storage })).rejects.toThrow(CaptionError);
    await expect(saveCaption("0b3e5c1e-0000-4000-8000-000000000000", "en", vtt("x"), admin, { storage })).rejects.toThrow(
      CaptionVideoNotFoundError,
    );
    expect(await filesOf(id)).toEqual([]);
    await removeVideo(id, { actor: admin, reason: "test", cause: "console" }, { storage });
    await expect(saveCaption(id, "en", vtt("x"), admin, { storage })).rejects.toThrow(/removed/);
    expect(await filesOf(id)).toEqual([]);
  });

  it("goes with the video: taken down or deleted", async () => {
    const removed = await insertVideo(handle().db, { duration: 30 });
    await saveCaption(removed.id, "en", vtt("x"), admin, { storage });
    await removeVideo(removed.id, { actor: admin, reason: "test", cause: "console" }, { storage });
    expect(await filesOf(removed.id)).toEqual([]);
    expect(await listVideoCaptions(removed.id, storage)).toEqual([]);

    const deleted = await insertVideo(handle().db, { duration: 30 });
    await saveCaption(deleted.id, "de", vtt("x"), admin, { storage });
    await deleteVideo(deleted.id, admin, storage);
    expect(await filesOf(deleted.id)).toEqual([]);
    expect(await handle().db.selectFrom("video_captions").select("language").where("video_id", "=", deleted.id).execute()).toEqual([]);
  });

  it("works the same on object storage: stored, replaced and removed in the bucket, at the bucket's URL", async () => {
    const s3 = await startTestS3();
    try {
      const settings = s3.settings("captions-test");
      const bucket = s3MediaStorage(settings, { scratchRoot: path.join(tmp, "s3-scratch") });
      const { id } = await insertVideo(handle().db, { duration: 30 });
      const first = await saveCaption(id, "en", vtt("Hello"), admin, { storage: bucket });
      expect(first.url.startsWith(settings.baseUrl)).toBe(true);
      const [key] = await bucket.listKeys(`captions/${id}`);
      expect(await bucket.readText(key ?? "")).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello\n");
      await saveCaption(id, "en", vtt("Hello again"), admin, { storage: bucket });
      const keys = await bucket.listKeys(`captions/${id}`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toBe(key);
      expect(await captionTracks(id, bucket)).toEqual([{ language: "en", label: "English", src: bucket.url(keys[0] ?? "") }]);
      await removeCaption(id, "en", admin, { storage: bucket });
      expect(await bucket.listKeys(`captions/${id}`)).toEqual([]);
    } finally {
      await s3.stop();
    }
  });

  it("rate limits an admin's caption writes", async () => {
    const { id } = await insertVideo(handle().db, { duration: 30 });
    const limiter = createPostgresRateLimiter({ pool: handle().pool, keyPrefix: "captions-test", points: 1, durationSeconds: 3600 });
    await saveCaption(id, "en", vtt("one"), admin, { storage, limiter });
    await expect(saveCaption(id, "en", vtt("two"), admin, { storage, limiter })).rejects.toThrow(/Too many caption changes/);
  });
});
