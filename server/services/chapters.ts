import { type Chapter, chaptersWithin } from "../../core/chapters";
import { chaptersToText, checkChapters } from "../../core/chapters-schema";
import { paths } from "../../core/paths";
import { getDb } from "../db/connection";
import { prepared } from "../db/prepared";
import { type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../db/rate-limit";
import { invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { VideoNotFoundError } from "./video-admin";
import { isVideoId } from "./videos";

/**
 * A video's chapters (issue 23 item 4): read by the video page, replaced as a whole from the console. The
 * rules are core/chapters.ts's; the video's length they are checked against is read under its row lock, so
 * a check and the save see the same video. Each save is audited and drops the video's cached page.
 */

/** Saves per admin: far above anyone editing by hand, a bound on a script gone wrong. */
export const CHAPTERS_RATE_LIMIT: RateLimitRule = { points: 60, durationSeconds: 10 * 60 };

/** The list was refused: every problem, in plain words, line by line. */
export class ChaptersError extends Error {
  override name = "ChaptersError";
  constructor(readonly problems: string[]) {
    super(problems.join(" "));
  }
}

export class ChaptersRateLimitedError extends Error {
  override name = "ChaptersRateLimitedError";
  constructor(readonly retryAfterMs: number) {
    super("Too many chapter saves in a short time: wait a few minutes and save again. Your text is kept below.");
  }
}

const chaptersOf = prepared((videoId: string) =>
  getDb().selectFrom("video_chapters").select(["start_seconds as start", "title"]).where("video_id", "=", videoId).orderBy("start_seconds"),
);

/** The chapters in order (none for an unknown id). */
export async function getChapters(videoId: string): Promise<Chapter[]> {
  if (!isVideoId(videoId)) return [];
  return chaptersOf(videoId);
}

/** What the console's chapters form starts from: the video's length and its chapters. */
export async function chaptersForEditing(videoId: string): Promise<{ duration: number; chapters: Chapter[] } | undefined> {
  if (!isVideoId(videoId)) return undefined;
  const [video, chapters] = await Promise.all([
    getDb().selectFrom("videos").select("duration").where("id", "=", videoId).executeTakeFirst(),
    getChapters(videoId),
  ]);
  return video && { duration: video.duration, chapters: chaptersWithin(chapters, video.duration) };
}

/**
 * Replaces the video's chapters with those in `text` (core/chapters.ts; empty removes them all), audited as
 * `video.chapters` with the lists before and after (as text).
 */
export async function saveChapters(videoId: string, text: string, actor: Actor, deps: { limiter?: RateLimiter } = {}): Promise<Chapter[]> {
  if (!isVideoId(videoId)) throw new VideoNotFoundError("This video no longer exists.");
  const decision = await (deps.limiter ?? sharedRateLimiter("chapters", CHAPTERS_RATE_LIMIT)).consume(actor.id);
  if (!decision.allowed) throw new ChaptersRateLimitedError(decision.retryAfterMs);
  const saved = await getDb()
    .transaction()
    .execute(async (trx) => {
      const video = await trx.selectFrom("videos").select("duration").where("id", "=", videoId).forUpdate().executeTakeFirst();
      if (!video) throw new VideoNotFoundError("This video no longer exists.");
      const checked = checkChapters(text, video.duration);
      if (!checked.ok) throw new ChaptersError(checked.problems);
      const before = await trx
        .deleteFrom("video_chapters")
        .where("video_id", "=", videoId)
        .returning(["start_seconds as start", "title"])
        .execute();
      if (checked.chapters.length)
        await trx
          .insertInto("video_chapters")
          .values(checked.chapters.map((c) => ({ video_id: videoId, start_seconds: c.start, title: c.title })))
          .execute();
      await recordAdminAction(trx, {
        actor,
        action: "video.chapters",
        target: videoId,
        // As the form shows them ("0:00 Opening" a line): what the audit log lists, compact and readable.
        before: { chapters: chaptersToText(before.sort((a, b) => a.start - b.start)) },
        after: { chapters: chaptersToText(checked.chapters) },
      });
      return checked.chapters;
    });
  await invalidatePages([paths.video(videoId)]);
  return saved;
}
