import { type Kysely, sql } from "kysely";
import { MAX_REPLIES_PER_THREAD, MAX_THREADS, THREADS_PER_PAGE } from "../../core/comment-limits";
import { commentContent } from "../../core/comment-schema";
import type { CommentPage, CommentThread, CommentView } from "../../core/community-answer";
import { ContentSafetyError, findMinorSuggestingTerm } from "../../core/content-safety";
import { paths } from "../../core/paths";
import { getDb } from "../db/connection";
import { prepared } from "../db/prepared";
import { type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../db/rate-limit";
import type { Database } from "../db/schema";
import { invalidatePages } from "../realtime/shared-caches";
import { banReason } from "./standing";

/**
 * Comments (docs/product.md "Comments"): top-level comments oldest first, one level of replies,
 * soft delete by the author or a creator. The database holds the hard rules too (0007_community): text
 * length, replies only to top-level comments of the same video, `soft_delete_comment`.
 */

export type { CommentPage, CommentThread, CommentView };
/** Threads per page ("Load more" asks for the next 50), the most one answer carries, replies per thread. */
export { MAX_REPLIES_PER_THREAD, MAX_THREADS, THREADS_PER_PAGE };

/** Issue 10: at most 10 comments (replies included) a minute per user. */
export const COMMENT_RATE_LIMIT: RateLimitRule = { points: 10, durationSeconds: 60 };

/**
 * The first `limit` threads of a public video, oldest first, each with its replies (oldest first, at most
 * MAX_REPLIES_PER_THREAD even for a thread from before the cap). Undefined when there is no such public video.
 */
// Every video page runs these two (server/db/prepared.ts: built and compiled once).
const publicVideoExists = prepared((videoId: string) =>
  getDb().selectFrom("videos").select("id").where("id", "=", videoId).where("is_public", "=", true),
);
const firstThreads = prepared((videoId: string, limit: number) =>
  getDb()
    .selectFrom("comments")
    .select(["id", "parent_id", "content", "created_at", "is_deleted", "held_at"])
    .where("video_id", "=", videoId)
    .where("parent_id", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit),
);

export async function listThreads(videoId: string, limit = THREADS_PER_PAGE): Promise<CommentPage | undefined> {
  const db = getDb();
  const take = Math.min(Math.max(1, Math.floor(limit)), MAX_THREADS);
  const [video] = await publicVideoExists(videoId);
  if (!video) return undefined;
  const tops = await firstThreads(videoId, take + 1);
  const more = tops.length > take;
  const shown = tops.slice(0, take);
  const replies = shown.length
    ? await db
        .selectFrom((eb) =>
          eb
            .selectFrom("comments")
            .select(["id", "parent_id", "content", "created_at", "is_deleted", "held_at"])
            .select(sql<number>`row_number() OVER (PARTITION BY parent_id ORDER BY created_at, id)`.as("n"))
            .where(
              "parent_id",
              "in",
              shown.map((t) => t.id),
            )
            .as("r"),
        )
        .select(["id", "parent_id", "content", "created_at", "is_deleted", "held_at"])
        .where("n", "<=", MAX_REPLIES_PER_THREAD)
        .orderBy("created_at")
        .orderBy("id")
        .limit(shown.length * MAX_REPLIES_PER_THREAD)
        .execute()
    : [];
  const view = (row: (typeof tops)[number]): CommentView => ({
    id: row.id,
    parentId: row.parent_id,
    content: row.is_deleted || row.held_at ? null : row.content,
    createdAt: new Date(row.created_at).toISOString(),
    isDeleted: row.is_deleted,
    isHeld: !row.is_deleted && row.held_at !== null,
  });
  const byParent = new Map<string, CommentView[]>();
  for (const r of replies) {
    const list = byParent.get(r.parent_id as string) ?? [];
    list.push(view(r));
    byParent.set(r.parent_id as string, list);
  }
  return { threads: shown.map((t) => ({ ...view(t), replies: byParent.get(t.id) ?? [] })), more };
}

export type AddCommentOutcome =
  | { status: "added"; id: string }
  | { status: "invalid" }
  /** No such public video, or the parent is not a top-level comment of it. */
  | { status: "not-found" }
  /** The parent already has MAX_REPLIES_PER_THREAD replies. */
  | { status: "thread-full" }
  | { status: "rate-limited"; retryAfterMs: number }
  /** A moderator banned the author (moderation-decisions.ts); `reason` is theirs. */
  | { status: "banned"; reason: string }
  /** The text suggests minors (core/content-safety.ts): `message` names the term. */
  | { status: "refused-term"; message: string };

export interface NewComment {
  videoId: string;
  userId: string;
  parentId: string | null;
  content: string;
}

/**
 * Stores a comment or a reply. The text is checked again here (trimmed, 1-2,000 characters, the content policy
 * on terms that suggest minors) whatever the route did; the rate limit counts only comments that would really be stored. A reply to a thread that has
 * MAX_REPLIES_PER_THREAD replies is refused: counted and inserted under a lock on the parent row, so
 * concurrent replies cannot pass the cap together.
 */
export async function addComment(input: NewComment, deps: { limiter?: RateLimiter } = {}): Promise<AddCommentOutcome> {
  const content = commentContent.safeParse(input.content);
  if (!content.success) return { status: "invalid" };
  const term = findMinorSuggestingTerm(content.data);
  if (term !== null) return { status: "refused-term", message: new ContentSafetyError("comment", term).message };
  const banned = await banReason(input.userId);
  if (banned !== null) return { status: "banned", reason: banned };
  const db = getDb();
  const video = await db.selectFrom("videos").select("id").where("id", "=", input.videoId).where("is_public", "=", true).executeTakeFirst();
  if (!video) return { status: "not-found" };
  const parentId = input.parentId;
  if (parentId) {
    const parent = await db
      .selectFrom("comments")
      .select("id")
      .where("id", "=", parentId)
      .where("video_id", "=", input.videoId)
      .where("parent_id", "is", null)
      .executeTakeFirst();
    if (!parent) return { status: "not-found" };
    // Early, so a refused reply does not count against the rate limit; checked again under the lock below.
    if ((await replyCount(db, parentId)) >= MAX_REPLIES_PER_THREAD) return { status: "thread-full" };
  }
  const limiter = deps.limiter ?? sharedRateLimiter("comments", COMMENT_RATE_LIMIT);
  const decision = await limiter.consume(input.userId);
  if (!decision.allowed) return { status: "rate-limited", retryAfterMs: decision.retryAfterMs };
  const outcome = await insertComment(db, { video_id: input.videoId, user_id: input.userId, parent_id: parentId, content: content.data });
  // The cached video pages show it at once, to its author first: signed-in users get the shared shell too (ADR 0021).
  if (outcome.status === "added") await invalidatePages([paths.video(input.videoId)]);
  return outcome;
}

async function insertComment(
  db: Kysely<Database>,
  values: { video_id: string; user_id: string; parent_id: string | null; content: string },
): Promise<AddCommentOutcome> {
  const parentId = values.parent_id;
  try {
    if (!parentId) {
      const row = await db.insertInto("comments").values(values).returning("id").executeTakeFirstOrThrow();
      return { status: "added", id: row.id };
    }
    return await db.transaction().execute(async (trx): Promise<AddCommentOutcome> => {
      const parent = await trx.selectFrom("comments").select("id").where("id", "=", parentId).forUpdate().executeTakeFirst();
      if (!parent) return { status: "not-found" };
      if ((await replyCount(trx, parentId)) >= MAX_REPLIES_PER_THREAD) return { status: "thread-full" };
      const row = await trx.insertInto("comments").values(values).returning("id").executeTakeFirstOrThrow();
      return { status: "added", id: row.id };
    });
  } catch (err) {
    // The parent was deleted for good between the check and the insert (the database trigger refused it).
    if ((err as { code?: string }).code === "23514" || (err as { code?: string }).code === "23503") return { status: "not-found" };
    throw err;
  }
}

async function replyCount(db: Kysely<Database>, parentId: string): Promise<number> {
  const row = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("parent_id", "=", parentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type DeleteCommentOutcome = { status: "deleted"; videoId: string } | { status: "forbidden" } | { status: "not-found" };

/**
 * Soft-deletes a comment if `userId` wrote it or is a creator: the decision and the write are one call of
 * the database function `soft_delete_comment` (docs/product.md "Data"), so a role revoked a moment ago is already seen.
 * A removed text leaves the cached video pages at once (as a new comment appears at once: addComment).
 */
export async function deleteComment(commentId: string, userId: string): Promise<DeleteCommentOutcome> {
  const db = getDb();
  const comment = await db.selectFrom("comments").select(["video_id"]).where("id", "=", commentId).executeTakeFirst();
  if (!comment) return { status: "not-found" };
  const { rows } = await sql<{ ok: boolean }>`SELECT soft_delete_comment(${commentId}::uuid, ${userId}) AS ok`.execute(db);
  if (!rows[0]?.ok) return { status: "forbidden" };
  await invalidatePages([paths.video(comment.video_id)]);
  return { status: "deleted", videoId: comment.video_id };
}
