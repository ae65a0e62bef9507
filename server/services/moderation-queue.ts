import { type Kysely, sql } from "kysely";
import type { QueuedReport, QueueItem } from "../../core/console-rows";
import type { ReportTarget } from "../../core/report-target";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";

/**
 * The moderation queue (issue 22 item 2, docs/trust-and-safety.md §2): open reports grouped by item, oldest
 * first, with what each item is and who reported it, and the dashboard's figures. What a moderator does with an
 * item: moderation-decisions.ts.
 */

export const QUEUE_ITEMS_PER_PAGE = 20;
/** The reports listed under one item (the counts cover all of them). */
const REPORTS_SHOWN_PER_ITEM = 10;

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
