import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "../../core/paths";
import { insertUser, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { onAnyInvalidation, PAGES, pagePaths } from "../realtime/shared-caches";
import { listAuditEntries } from "./audit-log";
import { CHAPTERS_RATE_LIMIT, ChaptersError, ChaptersRateLimitedError, chaptersForEditing, getChapters, saveChapters } from "./chapters";
import { deleteVideo, VideoNotFoundError } from "./video-admin";

const { handle } = useTestDatabase();
const admin = { id: "chapters-admin", email: "chapters-admin@example.com" };

/** The pages dropped by invalidatePages(paths) while `fn` runs. */
async function droppedPages(fn: () => Promise<unknown>): Promise<string[]> {
  const paths: string[] = [];
  const stop = onAnyInvalidation((name, key) => {
    if (name === PAGES && key) paths.push(...pagePaths(key));
  });
  try {
    await fn();
  } finally {
    stop();
  }
  return paths;
}

describe("chapters", () => {
  beforeAll(async () => {
    await insertUser(handle().db, { ...admin, role: "admin" });
  });

  it("replaces a video's chapters as a whole, reads them in order, audits the change and drops the video's cached page", async () => {
    const video = await insertVideo(handle().db, { duration: 56 });
    const dropped = await droppedPages(() =>
      saveChapters(video.id, "0:00 Opening\n0:40 Finale\n0:20 - Colour shift", admin).catch((e) => e),
    );
    // Out of order is refused (nothing saved, nothing dropped)…
    expect(dropped).toEqual([]);
    expect(await getChapters(video.id)).toEqual([]);
    // …in order it is saved.
    const saved = await droppedPages(() => saveChapters(video.id, "0:00 Opening\n0:20 - Colour shift\n0:40 Finale", admin));
    expect(saved).toEqual([paths.video(video.id)]);
    const first = [
      { start: 0, title: "Opening" },
      { start: 20, title: "Colour shift" },
      { start: 40, title: "Finale" },
    ];
    expect(await getChapters(video.id)).toEqual(first);
    expect(await chaptersForEditing(video.id)).toEqual({ duration: 56, chapters: first });

    await saveChapters(video.id, "0:00 Start\n30 Middle", admin);
    expect(await getChapters(video.id)).toEqual([
      { start: 0, title: "Start" },
      { start: 30, title: "Middle" },
    ]);
    const audit = await listAuditEntries({ actionPrefix: "video.chapters" });
    const mine = audit.filter((e) => e.target === video.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      actorEmail: admin.email,
      before: { chapters: "0:00 Opening\n0:20 Colour shift\n0:40 Finale" },
      after: { chapters: "0:00 Start\n0:30 Middle" },
    });
    expect(mine[1]).toMatchObject({ before: { chapters: "" }, after: { chapters: "0:00 Opening\n0:20 Colour shift\n0:40 Finale" } });

    // An empty list removes them.
    await saveChapters(video.id, "", admin);
    expect(await getChapters(video.id)).toEqual([]);
  });

  it("checks against the video's own length and says every problem", async () => {
    const video = await insertVideo(handle().db, { duration: 40 });
    const refused = await saveChapters(video.id, "0:05 Late start\n0:50 Past the end", admin).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChaptersError);
    expect((refused as ChaptersError).problems).toEqual([
      "Line 1: the first chapter must start at 0:00 (search engines show chapters as key moments only then); this one starts at 0:05.",
      "Line 2: 0:50 is not inside the video, which ends at 0:40.",
    ]);
    expect(await getChapters(video.id)).toEqual([]);
  });

  it("refuses unknown videos, and chapters go with their video", async () => {
    await expect(saveChapters("00000000-0000-4000-8000-000000000000", "0:00 A", admin)).rejects.toBeInstanceOf(VideoNotFoundError);
    await expect(saveChapters("not-a-uuid", "0:00 A", admin)).rejects.toBeInstanceOf(VideoNotFoundError);
    expect(await getChapters("not-a-uuid")).toEqual([]);
    expect(await chaptersForEditing("00000000-0000-4000-8000-000000000000")).toBeUndefined();
    const video = await insertVideo(handle().db, { duration: 60 });
    await saveChapters(video.id, "0:00 A\n0:30 B", admin);
    await deleteVideo(video.id, admin, { removePrefix: async () => {} } as never);
    const left = await handle().db.selectFrom("video_chapters").selectAll().where("video_id", "=", video.id).execute();
    expect(left).toEqual([]);
  });

  it("shows only chapters that still fit a shortened video", async () => {
    const video = await insertVideo(handle().db, { duration: 60 });
    await saveChapters(video.id, "0:00 A\n0:45 B", admin);
    await handle().db.updateTable("videos").set({ duration: 30 }).where("id", "=", video.id).execute();
    expect(await chaptersForEditing(video.id)).toEqual({ duration: 30, chapters: [{ start: 0, title: "A" }] });
  });

  it("limits saves per admin (the shared store's limiter), valid or not", async () => {
    const video = await insertVideo(handle().db, { duration: 60 });
    const counted: string[] = [];
    let left = 2;
    const limiter: RateLimiter = {
      consume: async (key) => {
        counted.push(key);
        return left-- > 0 ? { allowed: true, remaining: left } : { allowed: false, retryAfterMs: 90_000 };
      },
    };
    await saveChapters(video.id, "0:00 A", admin, { limiter });
    await expect(saveChapters(video.id, "0:09 B", admin, { limiter })).rejects.toBeInstanceOf(ChaptersError);
    const limited = await saveChapters(video.id, "0:00 C", admin, { limiter }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ChaptersRateLimitedError);
    expect((limited as ChaptersRateLimitedError).retryAfterMs).toBe(90_000);
    expect(counted).toEqual([admin.id, admin.id, admin.id]);
    expect(await getChapters(video.id)).toEqual([{ start: 0, title: "A" }]);
    expect(CHAPTERS_RATE_LIMIT.points).toBeGreaterThanOrEqual(30);
  });
});
