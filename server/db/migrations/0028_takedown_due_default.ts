import { type Kysely, sql } from "kysely";

/**
 * The takedown clock has one home (issue 33): `TAKEDOWN_HOURS` in core/takedown-clock.ts, from which the insert
 * writes `due_at` (server/services/takedown-intake.ts). 0018's column default said the same 48 hours a second time;
 * it was kept for one release so that the release before the one that writes `due_at` could still insert during a
 * rolling upgrade. That release is no longer in service, so the default goes: a due time is now always the code's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // contract step: the release in service and this one both write due_at on every insert; no insert relies on the default
  await sql`ALTER TABLE takedown_requests ALTER COLUMN due_at DROP DEFAULT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE takedown_requests ALTER COLUMN due_at SET DEFAULT now() + interval '48 hours'`.execute(db);
}
