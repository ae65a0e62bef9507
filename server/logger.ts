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

/**
 * A warning for refusals that come in bursts: `first` (with the caller's fields) at the first one, then, every
 * `windowMs` while they go on, one `summary` line with how many there were (`refused`), instead of a line each.
 */
export function burstWarning(first: string, summary: string, windowMs = 5_000): (fields?: Record<string, unknown>) => void {
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  return (fields = {}) => {
    refused++;
    if (timer) return;
    logger.warn(fields, first);
    timer = setTimeout(() => {
      timer = undefined;
      if (refused > 1) logger.warn({ refused }, summary);
      refused = 0;
    }, windowMs);
    timer.unref();
  };
}
