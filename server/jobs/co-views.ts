import { type CronItem, parseCronItems } from "graphile-worker";
import { jobDuration } from "../cluster/metrics";
import { logger } from "../logger";
import { foldCoViews } from "../services/co-views";

/**
 * The co-view fold (server/services/co-views.ts) every minute, through graphile-worker's cron (one run per
 * minute across every runner). A run folds at most FOLD_BATCHES_PER_RUN batches; a backlog (after a pause of
 * the runners) shrinks run by run. Overlapping runs are safe: batches lock the fold's position.
 */
export const CO_VIEWS_TASK = "co-views";

const CRON: CronItem[] = [
  // No backfill: one run folds everything that is due, however many minutes were missed.
  { task: CO_VIEWS_TASK, match: "* * * * *", options: { backfillPeriod: 0, maxAttempts: 1 } },
];

export const coViewCronItems = () => parseCronItems(CRON);

export async function runCoViews(): Promise<void> {
  const timer = jobDuration.startTimer({ task: CO_VIEWS_TASK });
  // A failed run throws to the queue, which logs it; the next minute's run folds from the same position.
  const folded = await foldCoViews();
  timer({ outcome: "ran" });
  // Expected for a while after the first deploy (the last day's views), or after the runners were stopped.
  if (!folded.caughtUp) logger.info({ ...folded }, "co-view fold has a backlog: it continues next minute");
  else if (folded.views) logger.debug({ ...folded }, "co-views folded");
}
