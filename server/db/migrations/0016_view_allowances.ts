import { type Kysely, sql } from "kysely";

/**
 * The per-address view allowances (server/services/view-allowance.ts) in a table of their own, UNLOGGED:
 * one counter row is written per address and video on the hot view path, and a counter is worth nothing
 * after a crash or a failover to a replica (unlogged tables are emptied by one and not replicated to the
 * other: everyone gets a fresh hour). Not writing them to the WAL made a counted view 12-20 % cheaper
 * (docs/benchmarks.md, issue 19). Same row format as rate_limits; the rows it held there are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE IF NOT EXISTS view_allowances (
      key text PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint NOT NULL
    )`.execute(db);
  await sql`DELETE FROM rate_limits WHERE key LIKE 'view-tokens:%' OR key LIKE 'view-counts:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS view_allowances`.execute(db);
}
