import { ZONE_ID_MAX_LENGTH } from "./ad-units";
import { z } from "./zod";

/**
 * What the console posts about banner units: the zone-id form (validated in the browser and again by the server
 * with this same schema) and the toggle. The live feed's message is read without zod (ad-configuration-message.ts).
 */

/** Ad networks number their zones; letters, digits, '-' and '_' cover the ones we know. */
export const zoneIdSchema = z
  .string()
  .trim()
  .min(1, "Enter the zone id")
  .max(ZONE_ID_MAX_LENGTH, `The zone id must be at most ${ZONE_ID_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, "The zone id may contain only letters, digits, '-' and '_'");

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
