import type { Kysely } from "kysely";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";

/** Who did something in the console (the signed-in admin). */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditEntry {
  id: string;
  at: Date;
  actorEmail: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * Records one admin action. Pass the transaction that makes the change, so the record and the change
 * are saved together or not at all.
 */
export async function recordAdminAction(
  db: Kysely<Database>,
  entry: { actor: Actor; action: string; target: string; before: unknown; after: unknown },
): Promise<void> {
  await db
    .insertInto("admin_audit_log")
    .values({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target: entry.target,
      before: JSON.stringify(entry.before ?? null),
      after: JSON.stringify(entry.after ?? null),
    })
    .execute();
}

/** The newest entries first, optionally only actions starting with `actionPrefix` (e.g. "ad_unit."). */
export async function listAuditEntries(opts: { limit?: number; actionPrefix?: string } = {}): Promise<AuditEntry[]> {
  let query = getDb()
    .selectFrom("admin_audit_log")
    .select(["id", "at", "actor_email", "action", "target", "before", "after"])
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(opts.limit ?? 50, 1), 500));
  if (opts.actionPrefix) query = query.where("action", "like", `${opts.actionPrefix.replace(/[\\%_]/g, "\\$&")}%`);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at,
    actorEmail: r.actor_email,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
  }));
}
