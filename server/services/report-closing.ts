import { type Kysely, sql } from "kysely";
import type { ReportTarget } from "../../core/report-target";
import type { Database, ReportResolution } from "../db/schema";
import type { Actor } from "./audit-log";

/**
 * Closes an item's open reports with a decision, inside the caller's transaction: the moderation queue's
 * decisions and removeVideo (whatever its cause, a removed video's reports are settled) share it. Returns
 * how many were closed.
 */
export async function closeReports(
  trx: Kysely<Database>,
  target: ReportTarget,
  resolution: ReportResolution,
  actor: Actor,
): Promise<number> {
  const closed = await trx
    .updateTable("reports")
    .set({ resolved_at: sql`now()`, resolution, resolved_by: actor.id })
    .where("target_type", "=", target.type)
    .where("target_id", "=", target.id)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows);
}
