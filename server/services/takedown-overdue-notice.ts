import { sql } from "kysely";
import { getDb } from "../db/connection";
import { logger } from "../logger";
import { sendMail } from "../mail";
import { adminEmails } from "./admin-mail";
import { overdueMail } from "./takedown-mails";

/**
 * The admins' notice of takedown requests past their 48 hours (docs/decisions/0029-takedowns-and-fingerprints.md,
 * docs/trust-and-safety.md §3), once per request; server/jobs/takedown-overdue.ts runs it every minute.
 */

/**
 * E-mails every admin about each open request past its due time, once per request: the row is claimed
 * (`overdue_notified_at`) in the transaction that sends, so a failed send is retried at the next run and
 * two runners never both send. Returns the references notified.
 */
export async function notifyOverdueTakedowns(): Promise<string[]> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const overdue = await trx
        .updateTable("takedown_requests")
        .set({ overdue_notified_at: sql`now()` })
        .where("status", "=", "open")
        .where("due_at", "<", sql<Date>`now()`)
        .where("overdue_notified_at", "is", null)
        .returning(["reference", "kind", "created_at", "due_at", "urls"])
        .execute();
      if (!overdue.length) return [];
      const admins = await adminEmails(trx);
      for (const to of admins) await sendMail({ to, ...overdueMail(overdue) });
      if (!admins.length) logger.error({ references: overdue.map((r) => r.reference) }, "overdue takedown requests, and no admin to tell");
      return overdue.map((r) => r.reference);
    });
}
