import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect, ensureDatabase } from "../../server/db/connection";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { migrateToLatest } from "../../server/db/migrate";

export const TEMPLATE_DB = "pleazure_test_template";

/**
 * One real PostgreSQL for the whole run: the embedded server by default, or the server named by
 * TEST_DATABASE_URL (an admin connection, e.g. postgres://u:p@127.0.0.1:5433/postgres). A migrated
 * template database lets every test file clone its own database in milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let tmp: string | undefined;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-test-pg-"));
    const server = await startEmbeddedPostgres(path.join(tmp, "postgres"));
    adminUrl = server.url("postgres");
    stop = server.stop;
  }
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const admin = connect(adminUrl, 1);
  await admin.pool.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.close();
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const template = connect(templateUrl, 1);
  await migrateToLatest(template.db);
  await template.close();
  project.provide("adminDatabaseUrl", adminUrl);
  return async () => {
    await stop?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
