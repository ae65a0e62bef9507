import { AD_SLOT_NAMES, type AdConfiguration } from "./ad-units";
import { z } from "./zod";

/**
 * What crosses a boundary about banner units: the SSE payload (read in the browser) and the console's
 * zone-id form (validated in the browser and again by the server with this same schema).
 */

export const ZONE_ID_MAX_LENGTH = 64;

/** Ad networks number their zones; letters, digits, '-' and '_' cover the ones we know. */
export const zoneIdSchema = z
  .string()
  .trim()
  .min(1, "Enter the zone id")
  .max(ZONE_ID_MAX_LENGTH, `The zone id must be at most ${ZONE_ID_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, "The zone id may contain only letters, digits, '-' and '_'");

const unitSchema = z.object({
  id: z.string().min(1).max(100),
  isActive: z.boolean(),
  zoneId: z.string().max(ZONE_ID_MAX_LENGTH),
  duration: z.number().int().min(0),
});

/** The full banner configuration as the SSE feed sends it; unknown slot names are dropped. */
export const adConfigurationSchema = z.record(z.string(), unitSchema).transform((record) => {
  const config: AdConfiguration = {};
  for (const name of AD_SLOT_NAMES) if (record[name]) config[name] = record[name];
  return config;
});

/** Parses one SSE message's data; undefined when it is not a configuration. */
export function parseAdConfiguration(data: string): AdConfiguration | undefined {
  try {
    const parsed = adConfigurationSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The console's forms, one per action (the action's `intent` field picks the schema). */
export const toggleUnitSchema = z.object({
  intent: z.literal("toggle"),
  unitId: z.uuid("Unknown ad unit"),
  active: z.enum(["true", "false"]).transform((v) => v === "true"),
});
export const zoneFormSchema = z.object({
  intent: z.literal("zone"),
  unitId: z.uuid("Unknown ad unit"),
  zoneId: zoneIdSchema,
});
