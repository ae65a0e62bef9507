import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { appliedMigrations, listSequences, listTables, queueMigration, quoted, type TableInfo } from "./catalog";
import type { SequenceManifest } from "./manifest";

/**
 * Settings both ends of a backup run with, so the text COPY format reads back exactly what was written whatever
 * the servers' or roles' defaults (dates in ISO, floats in full precision, no time-out cutting a long copy).
 */
export const COPY_SESSION = [
  "SET DateStyle = ISO",
  "SET IntervalStyle = postgres",
  "SET TimeZone = 'UTC'",
  "SET extra_float_digits = 3",
  "SET client_encoding = 'UTF8'",
  "SET bytea_output = 'hex'",
  "SET statement_timeout = 0",
  "SET idle_in_transaction_session_timeout = 0",
].join("; ");

export interface TableDump extends TableInfo {
  rows: number;
  /** The staged file: COPY text format, gzip. */
  file: string;
}

export interface DatabaseSnapshot {
  serverVersion: string;
  migrations: string[];
  queueMigration: number | null;
  tables: TableDump[];
  sequences: SequenceManifest[];
}

/**
 * Copies every table of the app's schemas out of one snapshot (a REPEATABLE READ transaction on one connection:
 * every COPY sees the database as of its first query, while the site goes on writing) into `dir`, one gzip file
 * per table.
 */
export async function snapshotDatabase(url: string, dir: string, log: (msg: string) => void): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(COPY_SESSION);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const migrations = await appliedMigrations(client);
    if (!migrations.length) throw new Error("this database has no Pleazure schema (no kysely_migration table): nothing to back up");
    const tables = await listTables(client);
    // As pg_dump does: no table can be dropped or altered until the copy ends; reads and writes carry on.
    if (tables.length) await client.query(`LOCK TABLE ${tables.map((t) => quoted(t.schema, t.name)).join(", ")} IN ACCESS SHARE MODE`);
    const dumps: TableDump[] = [];
    for (const table of tables) {
      const file = path.join(dir, `${table.schema}.${table.name}.copy.gz`);
      const rows = await copyTableOut(client, table, file);
      dumps.push({ ...table, rows, file });
      log(`  ${table.schema === "public" ? "" : `${table.schema}.`}${table.name}: ${rows} rows`);
    }
    // Sequences are not transactional: this reads their current values, at or past the snapshot's (gaps, never reuse).
    const sequences: SequenceManifest[] = [];
    for (const seq of await listSequences(client)) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${quoted(seq.schema, seq.name)}`,
      );
      sequences.push({ ...seq, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    const { rows: version } = await client.query<{ server_version: string }>("SHOW server_version");
    const level = await queueMigration(client);
    await client.query("COMMIT");
    return { serverVersion: version[0]!.server_version, migrations, queueMigration: level, tables: dumps, sequences };
  } finally {
    await client.end();
  }
}

async function copyTableOut(client: pg.Client, table: TableInfo, file: string): Promise<number> {
  const columns = table.columns.map((c) => quoted(c)).join(", ");
  const out = client.query(copyTo(`COPY ${quoted(table.schema, table.name)} (${columns}) TO STDOUT`));
  await pipeline(out, zlib.createGzip(), fs.createWriteStream(file));
  return out.rowCount;
}
