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

/** Every table of the app's schemas, parents before the tables that reference them (the order a load needs). */
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
  const tables = rows
    .filter((t) => !MIGRATOR_TABLES.has(`${t.schema}.${t.name}`))
    .map((t) => ({ schema: t.schema, name: t.name, columns: t.columns ?? [] }));
  const { rows: references } = await client.query<{ from: string; to: string }>(
    `SELECT cn.nspname || '.' || c.relname AS from, fn.nspname || '.' || f.relname AS to
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_class f ON f.oid = k.confrelid JOIN pg_namespace fn ON fn.oid = f.relnamespace
      WHERE k.contype = 'f' AND cn.nspname = ANY($1)`,
    [APP_SCHEMAS],
  );
  return loadOrder(tables, references);
}

/**
 * Orders tables so that each comes after every table it references (a self-reference is fine: foreign keys are
 * checked at the end of each COPY). Ties keep the given order (listTables': by name), so the same schema gives
 * the same archive layout.
 * A cycle between tables would need deferred constraints; there is none, and a migration adding one fails here.
 */
export function loadOrder<T extends { schema: string; name: string }>(tables: T[], references: { from: string; to: string }[]): T[] {
  const key = (t: T) => `${t.schema}.${t.name}`;
  const waitingFor = new Map(tables.map((t) => [key(t), new Set<string>()]));
  for (const { from, to } of references) if (from !== to && waitingFor.has(to)) waitingFor.get(from)?.add(to);
  const ordered: T[] = [];
  let rest = [...tables];
  while (rest.length) {
    const ready = rest.filter((t) => waitingFor.get(key(t))!.size === 0);
    if (!ready.length) throw new Error(`foreign keys form a cycle between ${rest.map(key).join(", ")}`);
    for (const t of ready) {
      ordered.push(t);
      for (const waits of waitingFor.values()) waits.delete(key(t));
    }
    rest = rest.filter((t) => !ready.includes(t));
  }
  return ordered;
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
