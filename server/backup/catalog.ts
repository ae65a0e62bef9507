import type pg from "pg";
import { APP_SCHEMAS, type AppSchema } from "./manifest";

/** What a backup copies, read from PostgreSQL's catalog rather than listed by hand, so new tables are never missed. */

export interface TableInfo {
  schema: AppSchema;
  name: string;
  /** Stored columns in order; generated columns are left out (PostgreSQL computes them again). */
  columns: string[];
}

export interface SequenceInfo {
  schema: AppSchema;
  name: string;
}

/**
 * Written by the migrators themselves: a restore recreates them by running the migrations at the backup's
 * level, so their rows are never copied.
 */
const MIGRATOR_TABLES = new Set(["public.kysely_migration", "public.kysely_migration_lock", "graphile_worker.migrations"]);

/** Every table of the app's schemas, by name (the archive's order; a load sets foreign keys aside, so any order does). */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ schema: AppSchema; name: string; columns: string[] | null }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind = 'r' AND n.nspname = ANY($1)
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    [APP_SCHEMAS],
  );
  return rows
    .filter((t) => !MIGRATOR_TABLES.has(`${t.schema}.${t.name}`))
    .map((t) => ({ schema: t.schema, name: t.name, columns: t.columns ?? [] }));
}

/** Every sequence of the app's schemas (serial and identity columns' included). */
export async function listSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<SequenceInfo>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = ANY($1)
      ORDER BY 1, 2`,
    [APP_SCHEMAS],
  );
  return rows;
}

/** graphile-worker's schema level, or null when the database has no queue schema. */
export async function queueMigration(client: pg.ClientBase): Promise<number | null> {
  if (!(await exists(client, "graphile_worker.migrations"))) return null;
  const { rows } = await client.query<{ level: number | null }>("SELECT max(id) AS level FROM graphile_worker.migrations");
  return rows[0]?.level ?? null;
}

/** The app's migrations applied in this database, in name order (the order they are listed and numbered). */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  if (!(await exists(client, "public.kysely_migration"))) return [];
  const { rows } = await client.query<{ name: string }>("SELECT name FROM public.kysely_migration ORDER BY name");
  return rows.map((r) => r.name);
}

async function exists(client: pg.ClientBase, table: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [table]);
  return rows[0]?.found ?? false;
}

/** A quoted identifier, schema-qualified when given two parts. */
export function quoted(...parts: string[]): string {
  return parts.map((p) => `"${p.replaceAll('"', '""')}"`).join(".");
}
