import { startMetrics } from "../cluster/metrics";
import { env } from "../env";
import { startJobRunner } from "../jobs/runner";
import { logger } from "../logger";
import { ffmpegToolsWarning } from "../media/ffmpeg";
import { attachDatabase } from "./attach-database";
import { startAppDatabase } from "./database";

/**
 * Development: one process (Vite's) holds the database and serves. Returns a stop function.
 * The handle lives on globalThis (setDatabase), so module reloads keep using one pool.
 */
export async function bootSingleProcess(): Promise<() => Promise<void>> {
  const ffmpegWarning = ffmpegToolsWarning();
  if (ffmpegWarning) logger.warn(ffmpegWarning);
  startMetrics();
  const database = await startAppDatabase({ onDown: () => {}, onUp: () => {} });
  const detachDatabase = await attachDatabase(database.url, { statementTimeoutMs: env().DATABASE_STATEMENT_TIMEOUT_MS, role: "web" });
  // Development runs the job queue in the same process (production gives it a process of its own).
  const runner = await startJobRunner({ databaseUrl: database.url });
  return async () => {
    await runner.stop();
    await detachDatabase();
    await database.stop();
  };
}
