import { getDb } from "../db/connection";
import { sendMail } from "../mail";

/**
 * Mail to every admin (reports that hide an item, overdue takedowns): one message per admin address, so
 * one admin's bouncing address does not keep the others from knowing. Throws after trying them all if any
 * failed; callers decide whether that matters (what triggered it is already stored).
 */
export async function mailAdmins(message: { subject: string; text: string }): Promise<void> {
  const admins = await getDb()
    .selectFrom("users")
    .select("email")
    .where("role", "=", "admin")
    .where("email", "is not", null)
    .orderBy("email")
    .execute();
  const results = await Promise.allSettled(admins.map((a) => sendMail({ to: a.email as string, ...message })));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length)
    throw new AggregateError(
      failed.map((r) => (r as PromiseRejectedResult).reason),
      `mail to ${failed.length} of ${admins.length} admins failed`,
    );
}
