import { type Kysely, sql } from "kysely";

/**
 * Live ad switching and the console's audit trail.
 *
 * - Any change to ad_units (the console, the CLI, a reseed, hand-written SQL) announces itself on the
 *   `ad_units_changed` channel, so every app process re-reads the units and pushes them to its open pages
 *   (Server-Sent Events). A statement-level trigger: one notification per statement, payload-free, since
 *   listeners re-read the whole (tiny) table anyway.
 * - admin_audit_log records every console action: who (id and e-mail, kept even if the account goes),
 *   what, when, and the state before and after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_ad_units_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('ad_units_changed', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ad_units_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ad_units
    FOR EACH STATEMENT EXECUTE FUNCTION notify_ad_units_changed()`.execute(db);
  await sql`
    CREATE TABLE admin_audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id text,
      actor_email text NOT NULL,
      action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
      target text NOT NULL CHECK (length(target) <= 200),
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`CREATE INDEX admin_audit_log_at ON admin_audit_log (at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS admin_audit_log`.execute(db);
  await sql`DROP TRIGGER IF EXISTS ad_units_changed ON ad_units`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_ad_units_changed()`.execute(db);
}
