import { AD_SLOT_NAMES, type AdConfiguration, type AdUnitConfig, ZONE_ID_MAX_LENGTH } from "./ad-units";

/**
 * Reading the live ad feed's message in the browser (app/components/ads/live-ad-units.ts): the full banner
 * configuration as the server's feed writes it (server/http/ad-events.ts). Checked by hand rather than by a zod
 * schema: the check is four fields, and zod was 23.8 KB of brotli that every page fetched and ran after hydration
 * for it alone (docs/benchmarks.md "Issue 35: zod out of the public pages' JavaScript"). What the server accepts still passes
 * zod (ad-units-schema.ts).
 */

function isUnit(value: unknown): value is AdUnitConfig {
  if (typeof value !== "object" || value === null) return false;
  const unit = value as Record<string, unknown>;
  return (
    typeof unit.id === "string" &&
    unit.id.length >= 1 &&
    unit.id.length <= 100 &&
    typeof unit.isActive === "boolean" &&
    typeof unit.zoneId === "string" &&
    unit.zoneId.length <= ZONE_ID_MAX_LENGTH &&
    Number.isInteger(unit.duration) &&
    (unit.duration as number) >= 0
  );
}

/**
 * One message's data as a configuration: every entry must be a unit, slots this build does not know are dropped,
 * and a unit keeps its four fields only. Undefined when the data is not that (the page keeps what it has).
 */
export function readAdConfiguration(data: string): AdConfiguration | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  if (!Object.values(record).every(isUnit)) return undefined;
  const config: AdConfiguration = {};
  for (const name of AD_SLOT_NAMES) {
    const unit = Object.hasOwn(record, name) ? record[name] : undefined;
    if (isUnit(unit)) config[name] = { id: unit.id, isActive: unit.isActive, zoneId: unit.zoneId, duration: unit.duration };
  }
  return config;
}
