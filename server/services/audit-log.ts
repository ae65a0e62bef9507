import { type Kysely, sql } from "kysely";
import type { AuditEntry } from "../../core/console-rows";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";
import { escapeLike } from "./categories";

/** Who did something in the console (the signed-in admin). */
export interface Actor {
  id: string;
  email: string;
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

export interface AuditFilter {
  /** Actions starting with this text (e.g. "ad_unit." or "user.role"). */
  actionPrefix?: string;
  /** Actors whose e-mail contains this text, in any case. */
  actorEmail?: string;
}

function filtered(filter: AuditFilter) {
  let query = getDb().selectFrom("admin_audit_log");
  if (filter.actionPrefix) query = query.where("action", "like", `${escapeLike(filter.actionPrefix)}%`);
  const actor = filter.actorEmail?.trim().toLowerCase();
  if (actor) query = query.where(sql<string>`lower(actor_email)`, "like", `%${escapeLike(actor)}%`);
  return query;
}

function toEntry(r: {
  id: string;
  at: Date;
  actor_email: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}): AuditEntry {
  return { id: String(r.id), at: r.at, actorEmail: r.actor_email, action: r.action, target: r.target, before: r.before, after: r.after };
}

const ENTRY_COLUMNS = ["id", "at", "actor_email", "action", "target", "before", "after"] as const;

/** The newest entries first, optionally filtered (see AuditFilter); at most 500. */
export async function listAuditEntries(opts: { limit?: number; offset?: number } & AuditFilter = {}): Promise<AuditEntry[]> {
  const rows = await filtered(opts)
    .select(ENTRY_COLUMNS)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(opts.limit ?? 50, 1), 500))
    .offset(Math.max(opts.offset ?? 0, 0))
    .execute();
  return rows.map(toEntry);
}

/** One page of the console's audit log (newest first) and how many entries match the filter. */
export async function auditLogPage(filter: AuditFilter, page: number, perPage: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const [entries, count] = await Promise.all([
    listAuditEntries({ ...filter, limit: perPage, offset: (Math.max(page, 1) - 1) * perPage }),
    filtered(filter)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries, total: Number(count.n) };
}

/** Every action name recorded so far, sorted (the console's filter choices). */
export async function listAuditActions(): Promise<string[]> {
  const rows = await getDb().selectFrom("admin_audit_log").select("action").distinct().orderBy("action").execute();
  return rows.map((r) => r.action);
}
