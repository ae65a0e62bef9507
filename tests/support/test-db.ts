import crypto from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { connect, type DatabaseHandle, setDatabase } from "../../server/db/connection";
import { TEMPLATE_DB, withDatabase } from "./global-setup";

/**
 * Gives the calling test file its own freshly migrated database (cloned from the template) and makes
 * it the app's database, so services run against real PostgreSQL in isolation from other files.
 */
export function useTestDatabase(): { handle: () => DatabaseHandle } {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    const admin = connect(adminUrl, 1);
    // Parallel files clone the same template; PostgreSQL refuses a clone while another one reads it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.pool.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
        break;
      } catch (err) {
        if (attempt > 50 || (err as { code?: string }).code !== "55006") throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
    await admin.close();
    handle = connect(withDatabase(adminUrl, name), 10);
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
    const admin = connect(adminUrl, 1);
    await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });
  return {
    handle: () => {
      if (!handle) throw new Error("test database not ready");
      return handle;
    },
  };
}
