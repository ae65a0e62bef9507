import { sql } from "kysely";
import type { HidingNetwork } from "../../core/console-rows";
import { paths } from "../../core/paths";
import type { ReportTarget, ReportTargetType } from "../../core/report-target";
import { getDb } from "../db/connection";
import { invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { keep } from "./moderation-decisions";
import { invalidateVideoListCaches } from "./videos";

/**
 * Undoing a burst of bad-faith reports in one step (issue 32 item 2, docs/decisions/0040-report-hiding-budget.md).
 * A burst is the open reports of visitors and accounts not in good standing within a time window, from one
 * network or from all: every item one of them hid is shown again and marked reviewed (later reports queue it
 * without hiding it), the burst's reports are closed, and one audit entry names what changed. Reports of accounts
 * in good standing, and reports outside the window or the network, stay open.
 */

export interface Burst {
  from: Date;
  to: Date;
  /** An IPv4 /24 or IPv6 /48 as reports store it (db/rate-limit.ts ipNetworkKey), or null for every network. */
  network: string | null;
}

/** The networks whose reports hid items, or were over the budget, since `since` (the console lists them). */
export async function hidingNetworks(since: Date): Promise<HidingNetwork[]> {
  const { rows } = await sql<{ network: string; hid: number; over_budget: number; first: Date; last: Date }>`
    SELECT reporter_network AS network,
           count(*) FILTER (WHERE auto_hide = 'hid')::int AS hid,
           count(*) FILTER (WHERE auto_hide = 'over-budget')::int AS over_budget,
           min(created_at) AS first, max(created_at) AS last
    FROM reports
    WHERE auto_hide IS NOT NULL AND NOT reporter_trusted AND created_at >= ${since} AND reporter_network IS NOT NULL
    GROUP BY reporter_network
    ORDER BY count(*) DESC, reporter_network
    LIMIT 50`.execute(getDb());
  return rows.map((r) => ({ network: r.network, hid: r.hid, overBudget: r.over_budget, first: new Date(r.first), last: new Date(r.last) }));
}

export interface BurstRestored {
  /** Items shown again. */
  restored: number;
  /** Reports closed. */
  closed: number;
}

export async function restoreBurst(burst: Burst, note: string, actor: Actor): Promise<BurstRestored> {
  const outcome = await getDb()
    .transaction()
    .execute(async (trx) => {
      let query = trx
        .selectFrom("reports")
        .select(["id", "reference", "target_type", "target_id", "auto_hide", "video_id"])
        .where("resolved_at", "is", null)
        .where("reporter_trusted", "=", false)
        .where("created_at", ">=", burst.from)
        .where("created_at", "<", burst.to);
      if (burst.network !== null) query = query.where("reporter_network", "=", burst.network);
      const reports = await query.orderBy("created_at").forUpdate().execute();
      const hidden = new Map<string, ReportTarget & { videoId: string | null }>();
      for (const r of reports)
        if (r.auto_hide === "hid")
          hidden.set(`${r.target_type}:${r.target_id}`, { type: r.target_type, id: r.target_id, videoId: r.video_id });
      const restored: (ReportTarget & { videoId: string | null })[] = [];
      for (const target of hidden.values()) if (await keep(trx, target)) restored.push(target);
      const restoredKeys = new Set(restored.map((t) => `${t.type}:${t.id}`));
      const ids = reports.map((r) => r.id);
      if (ids.length) {
        await trx
          .updateTable("reports")
          .set({
            resolved_at: sql`now()`,
            resolved_by: actor.id,
            resolution: sql`CASE WHEN (target_type || ':' || target_id::text) = ANY(${[...restoredKeys]}::text[]) THEN 'restored' ELSE 'dismissed' END`,
          })
          .where("id", "in", ids)
          .execute();
      }
      await recordAdminAction(trx, {
        actor,
        action: "report.restore-burst",
        target: `network:${burst.network ?? "all"}`,
        before: {
          from: burst.from.toISOString(),
          to: burst.to.toISOString(),
          reports: reports.length,
          references: reports.slice(0, 50).map((r) => r.reference),
        },
        after: { restored: restored.map((t) => `${t.type}:${t.id}`), closed: ids.length, note },
      });
      return { restored, closed: ids.length };
    });
  const types = new Set<ReportTargetType>(outcome.restored.map((t) => t.type));
  if (types.has("video")) await invalidateVideoListCaches();
  const videoPages = outcome.restored.filter((t) => t.type === "comment" && t.videoId).map((t) => paths.video(t.videoId as string));
  await invalidatePages([...new Set(videoPages), paths.trust()]);
  return { restored: outcome.restored.length, closed: outcome.closed };
}
