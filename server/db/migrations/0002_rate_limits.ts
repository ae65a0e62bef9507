import { type Kysely, sql } from "kysely";

/**
 * The store of rate-limiter-flexible's RateLimiterPostgres (server/db/rate-limit.ts), with exactly the columns
 * the library expects (its own CREATE TABLE statement). The limiter runs with `tableCreated: true`, so the
 * app issues no DDL at run time. IF NOT EXISTS: databases from before this migration already have the table,
 * created by the library itself with the same definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE IF NOT EXISTS rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limits`.execute(db);
}
