import { AD_SLOT_NAMES, type AdConfiguration, type AdSlotName } from "../../core/ad-units";
import { zoneIdSchema } from "../../core/ad-units-schema";
import type { AdUnitRow, PreRollUnit } from "../../core/console-rows";
import type { PreRollSettingsInput } from "../../core/preroll";
import { syncWebWorkers } from "../cluster/worker-sync";
import { getDb } from "../db/connection";
import { AdConfigError, getPreRollUnit, setPreRoll } from "./ads";
import { type Actor, recordAdminAction } from "./audit-log";

/**
 * The banner ad units (docs/product.md "Ad slots": Billboard_1, Billboard_2, Med_Rect_1..3) as the console edits
 * them and the pages read them. Every change is one transaction with its audit record; the table's
 * trigger (migration 0009) then announces it to every process (ad-units-feed.ts), and the
 * change returns once every web worker of this instance shows it (cluster/worker-sync.ts): the admin's next
 * page, whichever worker renders it, never shows the old units.
 */

/** A unit the console asked for does not exist (any more). */
export class AdUnitNotFoundError extends Error {
  constructor(id: string) {
    super(`No ad unit with id ${id}`);
    this.name = "AdUnitNotFoundError";
  }
}

const COLUMNS = ["id", "name", "zone_id", "location", "is_active", "duration", "updated_at"] as const;

type Row = { id: string; name: string; zone_id: string; location: string; is_active: boolean; duration: number; updated_at: Date };

function toUnit(r: Row): AdUnitRow {
  return {
    id: r.id,
    name: r.name,
    zoneId: r.zone_id,
    location: r.location,
    isActive: r.is_active,
    duration: r.duration,
    updatedAt: r.updated_at,
  };
}

/** Every unit, banners first in slot order, then the others (the pre-roll) by name. */
export async function listAdUnits(): Promise<AdUnitRow[]> {
  const rows = await getDb().selectFrom("ad_units").select(COLUMNS).orderBy("name").execute();
  const rank = (name: string) => {
    const i = AD_SLOT_NAMES.indexOf(name as AdSlotName);
    return i < 0 ? AD_SLOT_NAMES.length : i;
  };
  return rows.map(toUnit).sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** The ad configuration of docs/product.md "Ad slots": slot name → { isActive, zoneId, id, duration }; missing slots absent. */
export async function readAdConfiguration(): Promise<AdConfiguration> {
  const rows = await getDb()
    .selectFrom("ad_units")
    .select(COLUMNS)
    .where("name", "in", [...AD_SLOT_NAMES])
    .execute();
  const config: AdConfiguration = {};
  for (const r of rows) config[r.name as AdSlotName] = { id: r.id, isActive: r.is_active, zoneId: r.zone_id, duration: r.duration };
  return config;
}

/** The toggle of docs/product.md "Data": sets is_active and updated_at, returns id, name, is_active (audited). */
export async function setAdUnitActive(id: string, active: boolean, actor: Actor): Promise<AdUnitRow> {
  return changeUnit(id, actor, "ad_unit.toggle", { is_active: active }, (u) => ({ isActive: u.isActive }));
}

/** Changes the ad network zone a banner unit shows (audited). Throws AdConfigError for a bad zone id. */
export async function setAdUnitZone(id: string, zoneId: string, actor: Actor): Promise<AdUnitRow> {
  const parsed = zoneIdSchema.safeParse(zoneId);
  if (!parsed.success) throw new AdConfigError(parsed.error.issues[0]?.message ?? "Invalid zone id", "unit");
  return changeUnit(id, actor, "ad_unit.zone", { zone_id: parsed.data }, (u) => ({ zoneId: u.zoneId }));
}

async function changeUnit(
  id: string,
  actor: Actor,
  action: string,
  set: { is_active?: boolean; zone_id?: string },
  summary: (u: AdUnitRow) => Record<string, unknown>,
): Promise<AdUnitRow> {
  const changed = await getDb()
    .transaction()
    .execute(async (trx) => {
      // Locked so that two admins' changes are recorded in the order they were made, each with its true "before".
      const before = await trx.selectFrom("ad_units").select(COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
      if (!before) throw new AdUnitNotFoundError(id);
      const after = await trx
        .updateTable("ad_units")
        .set({ ...set, updated_at: new Date() })
        .where("id", "=", id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      const unit = toUnit(after);
      await recordAdminAction(trx, { actor, action, target: unit.name, before: summary(toUnit(before)), after: summary(unit) });
      return unit;
    });
  await syncWebWorkers("ad-units");
  return changed;
}

/** The pre-roll's settings through the existing service (same schema and AD_HOSTS rule), audited. */
export async function setPreRollAudited(input: PreRollSettingsInput, actor: Actor): Promise<PreRollUnit> {
  const before = await getPreRollUnit();
  const after = await setPreRoll(input);
  const view = (u: PreRollUnit | undefined) =>
    u && { active: u.active, source: u.source, vastTagUrl: u.vastTagUrl, durationSeconds: u.durationSeconds };
  await recordAdminAction(getDb(), {
    actor,
    action: "ad_unit.preroll",
    target: after.name,
    before: view(before) ?? null,
    after: view(after),
  });
  return after;
}
