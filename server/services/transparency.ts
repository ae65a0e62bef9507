import { sql } from "kysely";
import { REPORT_REASONS } from "../../core/report-schema";
import { getDb } from "../db/connection";

/**
 * The transparency page's figures (issue 22 item 7), read from the database for a window ending now: what
 * was reported and why, what was taken down, and how fast reports were decided. Every figure is a count of
 * rows, never an estimate; the page says which window it covers.
 */

export const TRANSPARENCY_WINDOW_DAYS = 30;

export interface TransparencyFigures {
  windowDays: number;
  from: Date;
  to: Date;
  /** Reports received in the window, per reason (every reason listed, 0 included), in the form's order. */
  reportsByReason: { reason: string; count: number }[];
  reportsReceived: number;
  /** Reported items decided in the window, per outcome. */
  decisions: { removed: number; kept: number };
  /** Comments taken down after a report (removed, or removed with a ban) in the window. */
  commentsRemoved: number;
  /** From the first report of an item to the decision, over items decided in the window; null if none. */
  reportHandling: { decided: number; medianSeconds: number | null; worstSeconds: number | null };
  /** Videos taken down in the window, whatever the cause (report, takedown request, console). */
  videosRemoved: number;
  /**
   * Takedown requests received in the window and those decided in it; handling time from receipt to
   * decision over the decided ones, and the requests still open past their deadline.
   */
  takedowns: {
    received: number;
    removed: number;
    rejected: number;
    medianSeconds: number | null;
    worstSeconds: number | null;
    overdueOpen: number;
  };
}

export async function transparencyFigures(now = new Date(), windowDays = TRANSPARENCY_WINDOW_DAYS): Promise<TransparencyFigures> {
  const from = new Date(now.getTime() - windowDays * 86_400_000);
  const db = getDb();
  const [byReason, decided, removedVideos, takedownsReceived, takedownsDecided, overdue] = await Promise.all([
    db
      .selectFrom("reports")
      .select(["reason", sql<number>`count(*)::int`.as("n")])
      .where("created_at", ">=", from)
      .where("created_at", "<=", now)
      .groupBy("reason")
      .execute(),
    // One row per item decided in the window: its outcome and how long its first report waited.
    sql<{ target_type: string; resolution: string; waited: number }>`
      SELECT target_type, max(resolution) AS resolution,
             extract(epoch FROM max(resolved_at) - min(created_at))::float8 AS waited
      FROM reports
      WHERE resolved_at >= ${from} AND resolved_at <= ${now}
      GROUP BY target_type, target_id, resolved_at`.execute(db),
    db
      .selectFrom("videos")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("removed_at", ">=", from)
      .where("removed_at", "<=", now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("takedown_requests")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("created_at", ">=", from)
      .where("created_at", "<=", now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("takedown_requests")
      .select(["status", sql<number>`extract(epoch FROM resolved_at - created_at)::float8`.as("waited")])
      .where("resolved_at", ">=", from)
      .where("resolved_at", "<=", now)
      .execute(),
    db
      .selectFrom("takedown_requests")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("status", "=", "open")
      .where("due_at", "<", now)
      .executeTakeFirstOrThrow(),
  ]);
  const takedownWaits = takedownsDecided.map((r) => Number(r.waited)).sort((a, b) => a - b);
  const counts = new Map(byReason.map((r) => [r.reason, r.n]));
  const reportsByReason = REPORT_REASONS.map((r) => ({ reason: r.value as string, count: counts.get(r.value) ?? 0 }));
  const items = decided.rows;
  const removedOutcome = (r: { resolution: string }) => r.resolution === "removed" || r.resolution === "banned";
  const waits = items.map((r) => Number(r.waited)).sort((a, b) => a - b);
  return {
    windowDays,
    from,
    to: now,
    reportsByReason,
    reportsReceived: reportsByReason.reduce((sum, r) => sum + r.count, 0),
    decisions: { removed: items.filter(removedOutcome).length, kept: items.filter((r) => !removedOutcome(r)).length },
    commentsRemoved: items.filter((r) => r.target_type === "comment" && removedOutcome(r)).length,
    reportHandling: { decided: waits.length, medianSeconds: median(waits), worstSeconds: waits.at(-1) ?? null },
    videosRemoved: removedVideos.n,
    takedowns: {
      received: takedownsReceived.n,
      removed: takedownsDecided.filter((r) => r.status === "removed").length,
      rejected: takedownsDecided.filter((r) => r.status === "rejected").length,
      medianSeconds: median(takedownWaits),
      worstSeconds: takedownWaits.at(-1) ?? null,
      overdueOpen: overdue.n,
    },
  };
}

/** The middle value of sorted numbers (the mean of the two middle ones for an even count); null for none. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
