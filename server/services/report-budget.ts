import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import { env } from "../env";

/**
 * The budget on automatic hiding (issue 32 item 2, docs/decisions/0040-report-hiding-budget.md). A report whose
 * reason hides at once (reports.ts) hides its item only while the budget lasts: visitors and accounts not in good
 * standing together hide at most REPORT_HIDES_PER_HOUR items in the last hour site-wide, and at most
 * REPORT_HIDES_PER_NETWORK_PER_HOUR from one network (IPv4 /24, IPv6 /48). Reports of accounts in good standing
 * (standing.ts) hide whatever the budget. Past it a report queues without hiding, marked `over-budget`, and the
 * first such report in an hour alerts the admins once.
 *
 * Counted from the reports themselves, under one transaction-scoped advisory lock, so concurrent reports on
 * every instance see each other's hides: the budget is exact, not a per-process estimate.
 */

export interface HidingBudget {
  perHour: number;
  perNetworkPerHour: number;
}

export function hidingBudget(): HidingBudget {
  return { perHour: env().REPORT_HIDES_PER_HOUR, perNetworkPerHour: env().REPORT_HIDES_PER_NETWORK_PER_HOUR };
}

/** Any 64-bit constant of our own: the lock every budget decision takes in its transaction. */
const BUDGET_LOCK = 0x5265_706f_7274n; // "Report"

export type BudgetDecision =
  /** It may hide its item. */
  | { hide: true }
  /** Past the budget: it queues. `firstInBurst`: no report was over budget in the last hour, so alert. */
  | { hide: false; firstInBurst: boolean; hiddenLastHour: number };

/**
 * Whether a report that would hide its item may, inside the report's transaction (the lock is held until it
 * ends, so the caller records its `auto_hide` before another report decides).
 */
export async function decideHide(
  trx: Kysely<Database>,
  reporter: { network: string; trusted: boolean },
  budget: HidingBudget = hidingBudget(),
): Promise<BudgetDecision> {
  if (reporter.trusted) return { hide: true };
  await sql`SELECT pg_advisory_xact_lock(${BUDGET_LOCK.toString()}::bigint)`.execute(trx);
  const { rows } = await sql<{ site: number; network: number; over: number }>`
    SELECT count(*) FILTER (WHERE auto_hide = 'hid')::int AS site,
           count(*) FILTER (WHERE auto_hide = 'hid' AND reporter_network = ${reporter.network})::int AS network,
           count(*) FILTER (WHERE auto_hide = 'over-budget')::int AS over
    FROM reports
    WHERE auto_hide IS NOT NULL AND NOT reporter_trusted AND created_at > clock_timestamp() - interval '1 hour'`.execute(trx);
  const { site = 0, network = 0, over = 0 } = rows[0] ?? {};
  if (site < budget.perHour && network < budget.perNetworkPerHour) return { hide: true };
  return { hide: false, firstInBurst: over === 0, hiddenLastHour: site };
}
