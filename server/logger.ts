import pino from "pino";
import pretty from "pino-pretty";
import { env } from "./env";

/**
 * JSON lines for machines (log collectors, tests); readable lines when a person watches a terminal.
 * LOG_LEVEL controls verbosity.
 */
export const logger = process.stdout.isTTY
  ? pino({ level: env().LOG_LEVEL }, pretty({ sync: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" }))
  : pino({ level: env().LOG_LEVEL, base: undefined });
