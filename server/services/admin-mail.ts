import type { Kysely } from "kysely";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";
import { sendMail } from "../mail";

/** Admins' addresses: users with the admin role (server/services/users.ts), in a stable order. */
export async function adminEmails(db: Kysely<Database> = getDb()): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("email")
    .where("role", "=", "admin")
    .where("email", "is not", null)
    .orderBy("email")
    .execute();
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/**
 * Mail to every admin (reports that hide an item): one message per admin address, so one admin's bouncing
 * address does not keep the others from knowing. Throws after trying them all if any failed; callers decide
 * whether that matters (what triggered it is already stored).
 */
export async function mailAdmins(message: { subject: string; text: string }): Promise<void> {
  const admins = await adminEmails();
  const results = await Promise.allSettled(admins.map((to) => sendMail({ to, ...message })));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length)
    throw new AggregateError(
      failed.map((r) => (r as PromiseRejectedResult).reason),
      `mail to ${failed.length} of ${admins.length} admins failed`,
    );
}
