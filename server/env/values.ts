import net from "node:net";
import { z } from "zod";

/**
 * How a setting's text is read: the building blocks the setting groups of server/env/ share (every setting is in
 * README's settings table; docs/operations.md). A group exports its settings as a zod shape, and the checks
 * between them as a `SettingsCheck`, which server/env.ts runs once the settings are read.
 */

/** The checks between the settings of one group, run on their parsed values (a problem names its variable). */
export type SettingsCheck<Shape extends z.ZodRawShape> = (e: z.output<z.ZodObject<Shape>>, ctx: z.RefinementCtx) => void;

/** An optional setting: unset and empty are the same. */
export function optionalText() {
  return z
    .string()
    .optional()
    .transform((v) => v || undefined);
}

/** A yes/no setting: `true`/`1` or `false`/`0` (empty: the default). */
export function flag(defaultValue: "true" | "false") {
  return z
    .enum(["true", "false", "1", "0", ""], { message: "must be true or false (1 or 0)" })
    .default(defaultValue)
    .transform((v) => (v === "" ? defaultValue === "true" : v === "true" || v === "1"));
}

/** An IP address, or a CIDR range (10.0.0.0/8, 2001:db8::/32). */
export function addressOrRange(item: string): boolean {
  const [address = "", prefix, extra] = item.split("/");
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Settings that only work as a pair: the one missing is named. */
export function bothOrNeither<T extends Record<string, unknown>>(
  e: T,
  ctx: z.RefinementCtx,
  a: keyof T & string,
  b: keyof T & string,
  message: string,
) {
  if (Boolean(e[a]) !== Boolean(e[b])) ctx.addIssue({ code: "custom", path: [e[a] ? b : a], message });
}
