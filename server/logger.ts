import pino from "pino";

/** JSON logs; LOG_LEVEL controls verbosity (read directly so the logger exists before env validation). */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  base: undefined,
});
