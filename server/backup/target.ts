import type pg from "pg";
import { quoted } from "./catalog";
import { APP_SCHEMAS } from "./manifest";

/**
 * What a restore may find in its target database and take away. Only the app's own objects count: extensions
 * (pg_trgm, which a managed PostgreSQL's administrator may have created for us), and anything outside the
 * `public` and `graphile_worker` schemas, are neither "content" nor dropped.
 */

/** Not created by an extension (pg_depend's 'e' entries tie an extension's members to it). */
const NOT_EXTENSION_MEMBER = (classTable: string, alias: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${classTable}'::regclass AND d.objid = ${alias}.oid AND d.deptype = 'e')`;

/** Whether the database has no table, view or sequence of the app's schemas (and no job queue schema). */
export async function isDatabaseEmpty(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ used: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${NOT_EXTENSION_MEMBER("pg_class", "c")}
     ) OR to_regnamespace('graphile_worker') IS NOT NULL AS used`,
    [APP_SCHEMAS],
  );
  return !rows[0]?.used;
}

/**
 * Other sessions on this database: a site's instances and workers always hold some (their pools, the listener
 * for NOTIFY), so a database in use is never emptied under them; they would serve and queue on a vanishing schema.
 */
export async function otherConnections(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  return rows[0]?.n ?? 0;
}

const DROP_RELATION: Record<string, string> = {
  r: "TABLE",
  p: "TABLE",
  v: "VIEW",
  m: "MATERIALIZED VIEW",
  S: "SEQUENCE",
  f: "FOREIGN TABLE",
};
const DROP_ROUTINE: Record<string, string> = { f: "FUNCTION", p: "PROCEDURE", a: "AGGREGATE", w: "FUNCTION" };

/**
 * Drops what the app's migrations and graphile-worker create: the queue's schema, and in `public` every table,
 * view, sequence, function and type that no extension owns. The database, its extensions and grants stay.
 * Waits at most 10 s for locks: a site still using the database holds them (stop it first).
 */
export async function dropAppObjects(client: pg.ClientBase): Promise<void> {
  await client.query("SET lock_timeout = '10s'");
  try {
    await client.query("DROP SCHEMA IF EXISTS graphile_worker CASCADE");
    // Tables first: their drop takes the sequences they own and the views on them along; then whatever is left.
    for (const kinds of [
      ["r", "p", "f"],
      ["v", "m", "S"],
    ]) {
      const { rows: relations } = await client.query<{ name: string; relkind: string }>(
        `SELECT c.relname AS name, c.relkind FROM pg_class c
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = ANY($1) AND ${NOT_EXTENSION_MEMBER("pg_class", "c")}`,
        [kinds],
      );
      for (const r of relations) await client.query(`DROP ${DROP_RELATION[r.relkind]} IF EXISTS ${quoted("public", r.name)} CASCADE`);
    }
    const { rows: routines } = await client.query<{ signature: string; prokind: string }>(
      `SELECT p.oid::regprocedure::text AS signature, p.prokind FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace AND ${NOT_EXTENSION_MEMBER("pg_proc", "p")}`,
    );
    for (const r of routines) await client.query(`DROP ${DROP_ROUTINE[r.prokind]} IF EXISTS ${r.signature} CASCADE`);
    const { rows: types } = await client.query<{ name: string }>(
      `SELECT t.typname AS name FROM pg_type t
        WHERE t.typnamespace = 'public'::regnamespace AND ${NOT_EXTENSION_MEMBER("pg_type", "t")}
          AND (t.typtype IN ('e', 'd', 'r', 'm')
               OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))`,
    );
    for (const t of types) await client.query(`DROP TYPE IF EXISTS ${quoted("public", t.name)} CASCADE`);
  } catch (err) {
    if ((err as { code?: string }).code === "55P03") {
      throw new Error("the target database is in use (is the site running on it?): stop it and run the restore again");
    }
    throw err;
  } finally {
    await client.query("RESET lock_timeout");
  }
}
