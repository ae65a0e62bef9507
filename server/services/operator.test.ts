import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { runFfmpeg } from "../media/ffmpeg";
import { ContentSafetyError } from "./content-safety";
import { IngestError, ingestVideo } from "./ingest";
import { setUserRole } from "./users";
import { resetAllViews } from "./views";

const { handle } = useTestDatabase();

describe("operator commands' services", () => {
  it("user:role sets the role and keeps is_creator in step; unknown e-mail → undefined", async () => {
    const db = handle().db;
    await db.insertInto("users").values({ id: "u1", email: "Ada@Example.com" }).execute();
    expect(await setUserRole("ada@example.com", "creator")).toMatchObject({ role: "creator" });
    expect((await db.selectFrom("users").select(["is_creator"]).where("id", "=", "u1").executeTakeFirstOrThrow()).is_creator).toBe(true);
    await setUserRole("ada@example.com", "user");
    expect((await db.selectFrom("users").select(["is_creator"]).where("id", "=", "u1").executeTakeFirstOrThrow()).is_creator).toBe(false);
    expect(await setUserRole("nobody@example.com", "admin")).toBeUndefined();
  });

  it("views:reset zeroes every view count", async () => {
    const db = handle().db;
    await insertVideo(db, { views: 10 });
    await insertVideo(db, { views: 0 });
    await insertVideo(db, { views: 3, is_public: false });
    expect(await resetAllViews()).toBe(2);
    const views = await db.selectFrom("videos").select("views").execute();
    expect(views.every((v) => v.views === 0)).toBe(true);
  });

  it("video:ingest transcodes a file to HLS and adds a playable row; bad input is refused before any work", async () => {
    const db = handle().db;
    await insertCategory(db, "Abstract Art");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ingest-"));
    const source = path.join(tmp, "clip.mp4");
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=640x360:rate=24:duration=3",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=220:duration=3",
      "-shortest",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      source,
    ]);
    const mediaRoot = path.join(tmp, "media");
    const base = { file: source, categoryName: "abstract art", description: "A test pattern.", isPublic: true, mediaRoot, log: () => {} };

    const added = await ingestVideo({ ...base, title: "Colour Test" });
    expect(added.duration).toBe(3);
    const row = await db.selectFrom("videos").selectAll().where("id", "=", added.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: "Colour Test", is_public: true, video_url: `/media/videos/${added.id}/master.m3u8` });
    const master = fs.readFileSync(path.join(mediaRoot, "videos", added.id, "master.m3u8"), "utf8");
    expect(master).toContain("#EXT-X-STREAM-INF");
    expect(fs.existsSync(path.join(mediaRoot, "videos", added.id, "thumb.jpg"))).toBe(true);

    await expect(ingestVideo({ ...base, title: "Teen Party" })).rejects.toBeInstanceOf(ContentSafetyError);
    await expect(ingestVideo({ ...base, title: "Fine", categoryName: "Nope" })).rejects.toBeInstanceOf(IngestError);
    await expect(ingestVideo({ ...base, title: "Fine", file: path.join(tmp, "missing.mp4") })).rejects.toBeInstanceOf(IngestError);
    expect(fs.readdirSync(path.join(mediaRoot, "videos"))).toEqual([added.id]); // failures leave nothing behind
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
