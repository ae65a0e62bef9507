import { type CronItem, parseCronItems } from "graphile-worker";
import { logger } from "../logger";
import { notifyOverdueTakedowns } from "../services/takedown-overdue-notice";

/**
 * The takedown clock's alarm: every minute, graphile-worker's cron (one run per minute across every runner:
 * the library dedupes its cron jobs) e-mails the admins about open requests past their deadline (core/takedown-clock.ts), once per
 * request (notifyOverdueTakedowns claims each row). A run waits behind a transcode in progress (runners take
 * one job at a time), so a notice can be a few minutes late; the console's clock is live either way.
 */
export const TAKEDOWN_OVERDUE_TASK = "takedown-overdue";

const CRON: CronItem[] = [
  // No backfill: a runner that was down does not send a burst of catch-up runs (one run finds every overdue request).
  { task: TAKEDOWN_OVERDUE_TASK, match: "* * * * *", options: { backfillPeriod: 0, maxAttempts: 3 } },
];

export const cronItems = () => parseCronItems(CRON);

export async function runTakedownOverdue(): Promise<void> {
  const notified = await notifyOverdueTakedowns();
  if (notified.length) logger.warn({ references: notified }, "overdue takedown requests: admins e-mailed");
}
