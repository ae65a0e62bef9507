import { z } from "zod";

/**
 * The database: the embedded PostgreSQL in DATA_DIR unless DATABASE_URL names a server, and how long a serving
 * process's statement may run (docs/operations.md; docs/architecture.md "Processes").
 */
export const databaseSettings = {
  DATABASE_URL: z.string().url().optional(),
  /**
   * The longest a serving process's SQL statement may run (lock waits included) before PostgreSQL stops it
   * and the request answers 503 + Retry-After: a slow database costs bounded time, never a pile-up. 0: none.
   * Job processes (the jobs worker, `npm run worker`) and the CLI have no limit; the development process, which
   * serves and runs jobs at once, has it.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
};
