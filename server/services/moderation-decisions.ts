import { type Kysely, sql } from "kysely";
import { paths } from "../../core/paths";
import type { ReportTarget } from "../../core/report-target";
import { getDb } from "../db/connection";
import type { Database, ReportResolution } from "../db/schema";
import { invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { closeReports } from "./report-closing";
import { removeVideo, VideoRemovalNotFoundError } from "./video-removal";
import { invalidateVideoListCaches } from "./videos";

/**
 * What a moderator does with a reported item (issue 22 item 2, docs/decisions/0030-reports-hide-then-review.md,
 * docs/trust-and-safety.md §2): dismiss, restore, remove, or remove and ban its author. Every decision closes the
 * item's open reports, is audited with the moderator and their reason in the same transaction, and shows on the
 * public pages at once. Keeping an item (dismiss, restore) marks it reviewed, so later reports queue it without
 * hiding it again. The queue the items come from: moderation-queue.ts.
 */

export class QueueItemNotFoundError extends Error {
  override name = "QueueItemNotFoundError";
  constructor() {
    super("This item has no open reports any more: another moderator may have decided it.");
  }
}

export class ModerationRefusedError extends Error {
  override name = "ModerationRefusedError";
}

export type ModerationAction = "dismiss" | "restore" | "remove" | "ban";

type Trx = Kysely<Database>;

/**
 * Applies a moderator's decision to a reported item. `dismiss` and `restore` keep the item (shown again if
 * it was held); `remove` takes a comment down, deletes a playlist, or takes a video down through removeVideo
 * (unpublished, fingerprinted, media deleted); `ban` removes a comment or a playlist and bars its author from
 * publishing (standing.ts), with `note` as the reason shown to them.
 */
export async function decideReportedItem(target: ReportTarget, action: ModerationAction, note: string, actor: Actor): Promise<void> {
  if (target.type === "video" && action === "remove") return removeReportedVideo(target.id, note, actor);
  const videoId = await getDb()
    .transaction()
    .execute(async (trx) => {
      const open = await lockOpenReports(trx, target);
      if (open.length === 0) throw new QueueItemNotFoundError();
      let resolution: ReportResolution;
      let videoId: string | null = open[0]?.video_id ?? null;
      let detail: Record<string, unknown> = {};
      if (action === "dismiss" || action === "restore") {
        const wasHeld = await keep(trx, target);
        resolution = wasHeld ? "restored" : "dismissed";
        detail = { shownAgain: wasHeld };
      } else if (target.type === "comment" || target.type === "playlist") {
        const taken = target.type === "comment" ? await takeDownComment(trx, target.id) : await takeDownPlaylist(trx, target.id);
        if (taken && "video_id" in taken) videoId = taken.video_id;
        resolution = "removed";
        if (taken && "title" in taken) detail = { title: taken.title };
        if (action === "ban") {
          if (!taken?.user_id)
            throw new ModerationRefusedError(`This ${target.type}'s author has deleted their account: there is nobody to ban.`);
          await ban(trx, taken.user_id, note, actor);
          resolution = "banned";
          detail = { ...detail, banned: taken.user_id };
        }
      } else {
        throw new ModerationRefusedError("Only the author of a comment or a playlist can be banned here.");
      }
      await closeReports(trx, target, resolution, actor);
      await recordAdminAction(trx, {
        actor,
        action: `report.${action}`,
        target: `${target.type}:${target.id}`,
        before: { reports: open.map((r) => r.reference), reasons: [...new Set(open.map((r) => r.reason))] },
        after: { resolution, note, ...detail },
      });
      return videoId;
    });
  if (target.type === "video") await invalidateVideoListCaches();
  else await invalidatePages(videoId ? [paths.video(videoId), paths.trust()] : [paths.trust()]);
}

async function lockOpenReports(trx: Trx, target: ReportTarget) {
  return trx
    .selectFrom("reports")
    .select(["id", "reference", "reason", "video_id"])
    .where("target_type", "=", target.type)
    .where("target_id", "=", target.id)
    .where("resolved_at", "is", null)
    .orderBy("created_at")
    .forUpdate()
    .execute();
}

/**
 * A reported video goes the one way every video is taken down (removeVideo: it settles the video's open
 * reports in its own transaction); the queue's entry names the reports it answered.
 */
async function removeReportedVideo(videoId: string, note: string, actor: Actor): Promise<void> {
  const target: ReportTarget = { type: "video", id: videoId };
  const open = await lockOpenReports(getDb(), target);
  if (open.length === 0) throw new QueueItemNotFoundError();
  try {
    await removeVideo(videoId, { actor, reason: note, cause: "report" });
  } catch (err) {
    if (err instanceof VideoRemovalNotFoundError) throw new QueueItemNotFoundError();
    throw err;
  }
  await recordAdminAction(getDb(), {
    actor,
    action: "report.remove",
    target: `video:${videoId}`,
    before: { reports: open.map((r) => r.reference), reasons: [...new Set(open.map((r) => r.reason))] },
    after: { resolution: "removed", note },
  });
}

/** Shows a held item again and marks it reviewed; true if it was held. */
export async function keep(trx: Trx, target: ReportTarget): Promise<boolean> {
  if (target.type === "video") {
    const before = await trx.selectFrom("videos").select("held_at").where("id", "=", target.id).forUpdate().executeTakeFirst();
    await trx
      .updateTable("videos")
      .set({
        reviewed_at: sql`now()`,
        held_at: null,
        // Only a held video becomes public again: one an admin had made private, or one taken down, stays so.
        is_public: sql<boolean>`(held_at IS NOT NULL OR is_public) AND removed_at IS NULL`,
      })
      .where("id", "=", target.id)
      .execute();
    return before?.held_at != null;
  }
  const table = target.type === "comment" ? "comments" : "playlists";
  const before = await trx.selectFrom(table).select("held_at").where("id", "=", target.id).forUpdate().executeTakeFirst();
  await trx.updateTable(table).set({ reviewed_at: sql`now()`, held_at: null }).where("id", "=", target.id).execute();
  return before?.held_at != null;
}

async function takeDownComment(trx: Trx, commentId: string) {
  return trx
    .updateTable("comments")
    .set({ is_deleted: true, deleted_at: sql`coalesce(deleted_at, now())`, held_at: null, reviewed_at: sql`now()` })
    .where("id", "=", commentId)
    .returning(["video_id", "user_id"])
    .executeTakeFirst();
}

/** A removed playlist is deleted (its items with it); the audit entry keeps its title. */
async function takeDownPlaylist(trx: Trx, playlistId: string) {
  return trx.deleteFrom("playlists").where("id", "=", playlistId).returning(["user_id", "title"]).executeTakeFirst();
}

async function ban(trx: Trx, userId: string, reason: string, actor: Actor): Promise<void> {
  const user = await trx.selectFrom("users").select(["role", "banned_at"]).where("id", "=", userId).forUpdate().executeTakeFirst();
  if (!user) throw new ModerationRefusedError("This comment's author has deleted their account: there is nobody to ban.");
  if (user.role === "admin") throw new ModerationRefusedError("Admins cannot be banned: change their role on the Users page first.");
  if (user.banned_at) return;
  await trx.updateTable("users").set({ banned_at: sql`now()`, ban_reason: reason }).where("id", "=", userId).execute();
  await recordAdminAction(trx, { actor, action: "user.ban", target: userId, before: { banned: false }, after: { banned: true, reason } });
}
