import { type Kysely, sql } from "kysely";
import type { QueueEntry } from "../../core/console-rows";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";

/**
 * The console's takedown queue (docs/decisions/0029-takedowns-and-fingerprints.md, docs/trust-and-safety.md §3):
 * open requests on their 48-hour clock, the one due soonest first, the latest resolved below, and the
 * dashboard's figures. Deciding a request is takedown-resolution.ts.
 */

function queueQuery(db: Kysely<Database>) {
  return db
    .selectFrom("takedown_requests as t")
    .leftJoin("videos as v", "v.id", "t.video_id")
    .leftJoin("users as u", "u.id", "t.resolved_by")
    .select([
      "t.id",
      "t.reference",
      "t.kind",
      "t.name",
      "t.email",
      "t.urls",
      "t.description",
      "t.signature",
      "t.video_id",
      "v.title as video_title",
      "v.removed_at as video_removed_at",
      "t.created_at",
      "t.due_at",
      "t.status",
      "t.resolved_at",
      "t.outcome",
      "u.email as resolver_email",
    ]);
}

type QueueRow = Awaited<ReturnType<ReturnType<typeof queueQuery>["execute"]>>[number];

function toEntry(r: QueueRow): QueueEntry {
  return {
    id: r.id,
    reference: r.reference,
    kind: r.kind,
    name: r.name,
    email: r.email,
    urls: r.urls.split("\n"),
    description: r.description,
    signature: r.signature,
    videoId: r.video_id,
    videoTitle: r.video_title,
    videoRemoved: r.video_removed_at !== null,
    createdAt: r.created_at,
    dueAt: r.due_at,
    status: r.status,
    resolvedAt: r.resolved_at,
    outcome: r.outcome,
    resolvedBy: r.resolver_email,
  };
}

export const MAX_QUEUE = 200;

/** Open requests, the one due soonest first (the overdue ones on top), and the latest resolved. */
export async function listTakedowns(): Promise<{ open: QueueEntry[]; resolved: QueueEntry[]; now: Date }> {
  const db = getDb();
  const [open, resolved, clock] = await Promise.all([
    queueQuery(db).where("t.status", "=", "open").orderBy("t.due_at").orderBy("t.id").limit(MAX_QUEUE).execute(),
    queueQuery(db).where("t.status", "<>", "open").orderBy("t.resolved_at", "desc").orderBy("t.id").limit(50).execute(),
    sql<{ now: Date }>`SELECT now() AS now`.execute(db),
  ]);
  // The clock is the database's, as due_at is: every instance shows the same remaining time.
  return { open: open.map(toEntry), resolved: resolved.map(toEntry), now: clock.rows[0]?.now ?? new Date() };
}

/** The dashboard's figures: open requests and how long the oldest has waited. */
export async function takedownSummary(): Promise<{ open: number; overdue: number; oldestCreatedAt: Date | null }> {
  const row = await getDb()
    .selectFrom("takedown_requests")
    .select((eb) => [
      eb.fn.countAll<string>().as("open"),
      sql<string>`count(*) FILTER (WHERE due_at < now())`.as("overdue"),
      eb.fn.min("created_at").as("oldest"),
    ])
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue), oldestCreatedAt: row.oldest ? new Date(row.oldest) : null };
}

/** One request as the queue shows it (after it was resolved, for instance). */
export async function queueEntry(db: Kysely<Database>, id: string): Promise<QueueEntry> {
  return toEntry(await queueQuery(db).where("t.id", "=", id).executeTakeFirstOrThrow());
}
