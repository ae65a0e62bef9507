import { sql } from "kysely";
import type { DashboardTotals, TopEntry } from "../../core/console-rows";
import { getDb } from "../db/connection";
import { type DailyViews, viewsPerDay } from "./views";

/**
 * The console's dashboard (issue 11): site totals, views per UTC day and the most watched videos and
 * categories over a period, all read from the counters and the per-day table (`video_views_daily`).
 */

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** How many videos and categories the top lists show. */
export const TOP_LIST_SIZE = 10;

export async function dashboardTotals(): Promise<DashboardTotals> {
  const { rows } = await sql<Record<keyof DashboardTotals, string>>`
    SELECT
      (SELECT count(*) FROM videos) AS videos,
      (SELECT count(*) FROM videos WHERE is_public) AS "publicVideos",
      (SELECT coalesce(sum(views), 0) FROM videos) AS views,
      (SELECT coalesce(sum(likes), 0) FROM videos) AS likes,
      (SELECT count(*) FROM comments WHERE NOT is_deleted) AS comments,
      (SELECT count(*) FROM contact_messages WHERE read_at IS NULL) AS messages`.execute(getDb());
  const row = rows[0];
  return {
    videos: Number(row?.videos ?? 0),
    publicVideos: Number(row?.publicVideos ?? 0),
    views: Number(row?.views ?? 0),
    likes: Number(row?.likes ?? 0),
    comments: Number(row?.comments ?? 0),
    messages: Number(row?.messages ?? 0),
  };
}

/** The UTC days ("YYYY-MM-DD") of a period ending today, oldest first. */
export function periodDays(days: DashboardPeriod, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Views per day over the period, every day present (0 for days without views). */
export async function viewsChart(days: DashboardPeriod, now = new Date()): Promise<DailyViews[]> {
  const all = periodDays(days, now);
  const counted = await viewsPerDay({ from: all[0] as string, to: all[all.length - 1] as string });
  const byDay = new Map(counted.map((d) => [d.day, Number(d.views)]));
  return all.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

/** The videos with the most views counted in the period (per-day table), most first. */
export async function topVideos(days: DashboardPeriod, now = new Date()): Promise<TopEntry[]> {
  const all = periodDays(days, now);
  const rows = await getDb()
    .selectFrom("video_views_daily as d")
    .innerJoin("videos as v", "v.id", "d.video_id")
    .select(["v.id", "v.title as name", sql<string>`sum(d.views)`.as("views")])
    .where("d.day", ">=", all[0] as string)
    .where("d.day", "<=", all[all.length - 1] as string)
    .groupBy(["v.id", "v.title"])
    .having(sql<boolean>`sum(d.views) > 0`)
    .orderBy(sql`sum(d.views)`, "desc")
    .orderBy("v.title")
    .limit(TOP_LIST_SIZE)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, views: Number(r.views) }));
}

/** The categories whose videos had the most views counted in the period, most first. */
export async function topCategories(days: DashboardPeriod, now = new Date()): Promise<TopEntry[]> {
  const all = periodDays(days, now);
  const rows = await getDb()
    .selectFrom("video_views_daily as d")
    .innerJoin("videos as v", "v.id", "d.video_id")
    .innerJoin("categories as c", "c.id", "v.category_id")
    .select(["c.id", "c.name", sql<string>`sum(d.views)`.as("views")])
    .where("d.day", ">=", all[0] as string)
    .where("d.day", "<=", all[all.length - 1] as string)
    .groupBy(["c.id", "c.name"])
    .having(sql<boolean>`sum(d.views) > 0`)
    .orderBy(sql`sum(d.views)`, "desc")
    .orderBy("c.name")
    .limit(TOP_LIST_SIZE)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, views: Number(r.views) }));
}
