import { type Kysely, sql } from "kysely";
import type { QueuedReport, QueueItem } from "../../core/console-rows";
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
 * The moderation queue (issue 22 item 2): open reports grouped by item, oldest first, and what a moderator
 * does with an item. Every decision closes the item's open reports, is audited with the moderator and
 * their reason in the same transaction, and shows on the public pages at once. Keeping an item (dismiss,
 * restore) marks it reviewed, so later reports queue it without hiding it again.
 */

export const QUEUE_ITEMS_PER_PAGE = 20;
/** The reports listed under one item (the counts cover all of them). */
const REPORTS_SHOWN_PER_ITEM = 10;

export class QueueItemNotFoundError extends Error {
  override name = "QueueItemNotFoundError";
  constructor() {
    super("This item has no open reports any more: another moderator may have decided it.");
  }
}

export class ModerationRefusedError extends Error {
  override name = "ModerationRefusedError";
}

/** One page of reported items, the item reported longest ago first. */
export async function listReportQueue(page: number): Promise<{ items: QueueItem[]; total: number }> {
  const db = getDb();
  const offset = (Math.max(1, page) - 1) * QUEUE_ITEMS_PER_PAGE;
  const [groups, count] = await Promise.all([
    sql<{ target_type: ReportTarget["type"]; target_id: string; first_at: Date; total: number; reasons: Record<string, number> }>`
      WITH per_reason AS (
        SELECT target_type, target_id, reason, count(*)::int AS n, min(created_at) AS first_at
        FROM reports WHERE resolved_at IS NULL
        GROUP BY target_type, target_id, reason
      )
      SELECT target_type, target_id, min(first_at) AS first_at, sum(n)::int AS total, jsonb_object_agg(reason, n) AS reasons
      FROM per_reason
      GROUP BY target_type, target_id
      ORDER BY min(first_at), target_id
      LIMIT ${QUEUE_ITEMS_PER_PAGE} OFFSET ${offset}`.execute(db),
    sql<{ n: number }>`SELECT count(DISTINCT (target_type, target_id))::int AS n FROM reports WHERE resolved_at IS NULL`.execute(db),
  ]);
  const targets = groups.rows;
  if (targets.length === 0) return { items: [], total: count.rows[0]?.n ?? 0 };
  const videoIds = targets.filter((t) => t.target_type === "video").map((t) => t.target_id);
  const commentIds = targets.filter((t) => t.target_type === "comment").map((t) => t.target_id);
  const playlistIds = targets.filter((t) => t.target_type === "playlist").map((t) => t.target_id);
  const [videos, comments, playlists, reports] = await Promise.all([
    videoIds.length
      ? db.selectFrom("videos").select(["id", "title", "is_public", "held_at", "thumbnail_url"]).where("id", "in", videoIds).execute()
      : [],
    commentIds.length
      ? db
          .selectFrom("comments as c")
          .innerJoin("videos as v", "v.id", "c.video_id")
          .leftJoin("users as u", "u.id", "c.user_id")
          .select([
            "c.id",
            "c.content",
            "c.is_deleted",
            "c.held_at",
            "c.user_id",
            "u.email",
            "u.banned_at",
            "v.id as video_id",
            "v.title",
            "v.is_public",
          ])
          .where("c.id", "in", commentIds)
          .execute()
      : [],
    playlistIds.length
      ? db
          .selectFrom("playlists as p")
          .innerJoin("users as u", "u.id", "p.user_id")
          .select(["p.id", "p.title", "p.description", "p.is_public", "p.held_at", "p.user_id", "u.email", "u.banned_at"])
          .where("p.id", "in", playlistIds)
          .execute()
      : [],
    openReportsOf(
      db,
      targets.map((t) => t.target_id),
    ),
  ]);
  const videoById = new Map(videos.map((v) => [v.id, v]));
  const commentById = new Map(comments.map((c) => [c.id, c]));
  const playlistById = new Map(playlists.map((p) => [p.id, p]));
  const items = targets.map((t): QueueItem => {
    const base = {
      target: { type: t.target_type, id: t.target_id },
      firstReportedAt: new Date(t.first_at),
      total: t.total,
      reasons: Object.entries(t.reasons)
        .map(([reason, n]) => ({ reason, count: n }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      reports: reports.get(t.target_id) ?? [],
    };
    if (t.target_type === "video") {
      const v = videoById.get(t.target_id);
      return {
        ...base,
        held: v?.held_at != null,
        gone: !v,
        videoId: v?.id ?? null,
        videoTitle: v?.title ?? null,
        videoPublic: v?.is_public ?? false,
        thumbnailUrl: v?.thumbnail_url ?? null,
        comment: null,
        playlist: null,
      };
    }
    if (t.target_type === "playlist") {
      const p = playlistById.get(t.target_id);
      return {
        ...base,
        held: p?.held_at != null,
        gone: !p,
        videoId: null,
        videoTitle: null,
        videoPublic: false,
        thumbnailUrl: null,
        comment: null,
        playlist: p
          ? {
              title: p.title,
              description: p.description,
              isPublic: p.is_public,
              authorId: p.user_id,
              authorEmail: p.email,
              authorBanned: p.banned_at != null,
            }
          : null,
      };
    }
    const c = commentById.get(t.target_id);
    return {
      ...base,
      held: c?.held_at != null,
      gone: !c,
      videoId: c?.video_id ?? null,
      videoTitle: c?.title ?? null,
      videoPublic: c?.is_public ?? false,
      thumbnailUrl: null,
      comment: c
        ? { text: c.content, deleted: c.is_deleted, authorId: c.user_id, authorEmail: c.email, authorBanned: c.banned_at != null }
        : null,
      playlist: null,
    };
  });
  return { items, total: count.rows[0]?.n ?? 0 };
}

async function openReportsOf(db: Kysely<Database>, targetIds: string[]): Promise<Map<string, QueuedReport[]>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("reports as r")
        .leftJoin("users as u", "u.id", "r.reporter_user_id")
        .select(["r.target_id", "r.reference", "r.reason", "r.details", "r.created_at", "u.email"])
        .select(sql<number>`row_number() OVER (PARTITION BY r.target_id ORDER BY r.created_at, r.id)`.as("n"))
        .where("r.target_id", "in", targetIds)
        .where("r.resolved_at", "is", null)
        .as("x"),
    )
    .selectAll()
    .where("n", "<=", REPORTS_SHOWN_PER_ITEM)
    .orderBy("created_at")
    .execute();
  const byTarget = new Map<string, QueuedReport[]>();
  for (const r of rows) {
    const list = byTarget.get(r.target_id) ?? [];
    list.push({ reference: r.reference, reason: r.reason, details: r.details, createdAt: r.created_at, reporterEmail: r.email });
    byTarget.set(r.target_id, list);
  }
  return byTarget;
}

/** The dashboard's figures: open reports and how long the oldest has waited. */
export async function openReportStats(): Promise<{ open: number; items: number; oldestAt: Date | null }> {
  const { rows } = await sql<{ open: number; items: number; oldest_at: Date | null }>`
    SELECT count(*)::int AS open, count(DISTINCT (target_type, target_id))::int AS items, min(created_at) AS oldest_at
    FROM reports WHERE resolved_at IS NULL`.execute(getDb());
  const row = rows[0];
  return { open: row?.open ?? 0, items: row?.items ?? 0, oldestAt: row?.oldest_at ? new Date(row.oldest_at) : null };
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

/** Lifts a ban (the Users page). */
export async function liftBan(userId: string, actor: Actor): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select(["banned_at", "ban_reason"])
        .where("id", "=", userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user?.banned_at) return;
      await trx.updateTable("users").set({ banned_at: null, ban_reason: null }).where("id", "=", userId).execute();
      await recordAdminAction(trx, {
        actor,
        action: "user.unban",
        target: userId,
        before: { banned: true, reason: user.ban_reason },
        after: { banned: false },
      });
    });
}
