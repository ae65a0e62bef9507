import { sql } from "kysely";
import type { ModeratedComment } from "../../core/console-rows";
import { paths } from "../../core/paths";
import { getDb } from "../db/connection";
import { invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { escapeLike } from "./categories";
import { titleContains } from "./videos";

/**
 * The console's comment moderation (issue 11): every comment newest first, filtered by video and author,
 * soft delete and its undo. A soft delete is the state `soft_delete_comment` (0007_community) leaves: the
 * row stays with `is_deleted` and the first `deleted_at`; the public page then shows the deleted
 * placeholder. The console's authority is the admin check in front of it, so these write directly (in one
 * transaction with their audit entry) instead of going through the author-or-creator function.
 */

export const COMMENTS_PER_PAGE = 25;

export interface CommentFilter {
  /** A video id (exact) or a piece of its title. */
  video?: string;
  /** A piece of the author's e-mail. */
  user?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Filters are cut to this many characters: longer than any title or address worth typing. */
const FILTER_MAX = 200;

export class CommentNotFoundError extends Error {
  constructor() {
    super("This comment no longer exists.");
  }
}

/** One page (1-based) of comments, newest first, with the total that match. */
export async function listCommentsForModeration(
  filter: CommentFilter,
  page: number,
): Promise<{ comments: ModeratedComment[]; total: number }> {
  let query = getDb()
    .selectFrom("comments as c")
    .innerJoin("videos as v", "v.id", "c.video_id")
    .leftJoin("users as u", "u.id", "c.user_id");
  const video = filter.video?.trim().slice(0, FILTER_MAX);
  if (video) {
    query = UUID.test(video) ? query.where("c.video_id", "=", video.toLowerCase()) : query.where(titleContains("v.title_lower", video));
  }
  const user = filter.user?.trim().slice(0, FILTER_MAX);
  if (user) query = query.where("u.email", "ilike", `%${escapeLike(user)}%`);
  const [rows, count] = await Promise.all([
    query
      .select([
        "c.id",
        "c.content",
        "c.created_at",
        "c.is_deleted",
        "c.deleted_at",
        "c.parent_id",
        "c.video_id",
        "v.title as video_title",
        "u.email as author_email",
      ])
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(COMMENTS_PER_PAGE)
      .offset((Math.max(1, page) - 1) * COMMENTS_PER_PAGE)
      .execute(),
    query.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: count.n,
    comments: rows.map((r) => ({
      id: r.id,
      content: r.content,
      createdAt: r.created_at,
      isDeleted: r.is_deleted,
      deletedAt: r.deleted_at,
      isReply: r.parent_id !== null,
      videoId: r.video_id,
      videoTitle: r.video_title,
      authorEmail: r.author_email,
    })),
  };
}

/** Soft-deletes a comment (again: keeps the first deleted_at) and records `comment.delete`. */
export function moderateDeleteComment(commentId: string, actor: Actor): Promise<void> {
  return setDeleted(commentId, true, actor);
}

/** Undoes a soft delete (the text shows again) and records `comment.restore`. */
export function restoreComment(commentId: string, actor: Actor): Promise<void> {
  return setDeleted(commentId, false, actor);
}

/** The video pages show the change at once, also those the page micro-cache keeps. */
async function setDeleted(commentId: string, deleted: boolean, actor: Actor): Promise<void> {
  if (!UUID.test(commentId)) throw new CommentNotFoundError();
  const videoId = await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("comments")
        .select(["is_deleted", "deleted_at", "video_id"])
        .where("id", "=", commentId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new CommentNotFoundError();
      const after = await trx
        .updateTable("comments")
        .set(deleted ? { is_deleted: true, deleted_at: sql`coalesce(deleted_at, now())` } : { is_deleted: false, deleted_at: null })
        .where("id", "=", commentId)
        .returning(["is_deleted", "deleted_at"])
        .executeTakeFirstOrThrow();
      await recordAdminAction(trx, {
        actor,
        action: deleted ? "comment.delete" : "comment.restore",
        target: commentId,
        before: { videoId: before.video_id, isDeleted: before.is_deleted, deletedAt: before.deleted_at },
        after: { isDeleted: after.is_deleted, deletedAt: after.deleted_at },
      });
      return before.video_id;
    });
  await invalidatePages([paths.video(videoId)]);
}
