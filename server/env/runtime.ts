import { z } from "zod";
import { flag } from "./values";

/**
 * The process's own settings: where it listens and keeps its files, how many workers it runs, whether it runs
 * the jobs itself, its logs and its signing key (docs/operations.md; processes: docs/architecture.md "Processes").
 */
export const runtimeSettings = {
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  /** Where `npm run build` writes (client files and the server bundle). */
  BUILD_DIR: z.string().default("build"),
  /** Worker processes serving HTTP; default one per available core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Whether the primary forks its own jobs worker (the transcode queue, docs/decisions/0007). Default on;
   * `false` or `0` off: the instance only serves, and `npm run worker` processes run the jobs
   * (docs/decisions/0023-separate-worker.md).
   */
  JOBS_IN_PROCESS: flag("true"),
  // Quiet under Vitest, whose global setup (the test PostgreSQL) runs outside the test environment.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default(process.env.VITEST ? "silent" : "info"),
  /** Secret for signed tokens (play tokens, form timestamps). Generated per data dir when unset. */
  APP_SECRET: z.string().min(32).optional(),
  /** Searched for ffmpeg and ffprobe. */
  PATH: z.string().default(""),
};
