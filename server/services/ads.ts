import type { PreRollUnit } from "../../core/console-rows";
import { paths } from "../../core/paths";
import type { PreRollSettings, PreRollSettingsInput } from "../../core/preroll";
import { preRollSettingsSchema } from "../../core/preroll";
import { PRE_ROLL_DEFAULT_SECONDS, type PreRollConfig } from "../../core/preroll-playback";
import { syncWebWorkers } from "../cluster/worker-sync";
import { getDb } from "../db/connection";
import { env } from "../env";

/**
 * The ad configuration (ad_units, docs/product.md "Data"): one table read by the player and, later, by the banner
 * slots and the admin console. The pre-roll is the `Pre_Roll` unit at location `player`.
 */
export const PRE_ROLL_UNIT = "Pre_Roll";
export const PRE_ROLL_LOCATION = "player";

/** A refused setting, with the field it concerns (for the console's error next to the field). */
export class AdConfigError extends Error {
  constructor(
    message: string,
    readonly field: keyof PreRollSettings | "unit",
  ) {
    super(message);
    this.name = "AdConfigError";
  }
}

/**
 * What the player gets from the pre-roll unit: its settings when active, or null when none should play.
 * `houseClipUrl`: the house clip's address, null when the media storage has none (server/media/house-ad.ts).
 * Pages read it through the live ad copy (ad-units-feed.ts currentPreRollConfig).
 */
export function preRollConfigOf(unit: PreRollUnit | undefined, houseClipUrl: string | null): PreRollConfig | null {
  if (!unit?.active) return null;
  const houseClip = houseClipUrl ? { src: houseClipUrl, clickThrough: paths.home() } : null;
  // A house pre-roll without its clip (demo media not generated) has nothing to show.
  if (unit.source === "house" && !houseClip) return null;
  return { source: unit.source, vastTagUrl: unit.vastTagUrl, durationSeconds: unit.durationSeconds, houseClip };
}

/** The pre-roll unit's settings (uncached: for the console and the CLI), or undefined when the row is missing. */
export async function getPreRollUnit(): Promise<PreRollUnit | undefined> {
  const row = await getDb()
    .selectFrom("ad_units")
    .select(["id", "name", "is_active", "duration", "preroll_source", "vast_tag_url", "updated_at"])
    .where("name", "=", PRE_ROLL_UNIT)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    active: row.is_active,
    source: row.preroll_source ?? "house",
    vastTagUrl: row.vast_tag_url,
    durationSeconds: row.duration ?? PRE_ROLL_DEFAULT_SECONDS,
    updatedAt: row.updated_at,
  };
}

/**
 * Validates and saves the pre-roll settings (the schema shared with the console, plus the server-only
 * rule that a VAST tag must be on a host the CSP allows); every web worker's live ad copy has it before this returns.
 * Creates the unit when missing. Throws AdConfigError for refused input.
 */
export async function setPreRoll(input: PreRollSettingsInput, adHosts: readonly string[] = env().AD_HOSTS): Promise<PreRollUnit> {
  const parsed = preRollSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdConfigError(issue?.message ?? "Invalid pre-roll settings", (issue?.path[0] as keyof PreRollSettings) ?? "unit");
  }
  const settings = parsed.data;
  const vastTagUrl = settings.vastTagUrl ?? null;
  // Checked when the tag would be used: switching off always works, even after AD_HOSTS changed.
  if (settings.active && settings.source === "vast" && vastTagUrl) assertAllowedAdHost(vastTagUrl, adHosts);
  const values = {
    is_active: settings.active,
    duration: settings.durationSeconds,
    preroll_source: settings.source,
    vast_tag_url: vastTagUrl,
    updated_at: new Date(),
  };
  await getDb()
    .insertInto("ad_units")
    .values({ name: PRE_ROLL_UNIT, zone_id: "", location: PRE_ROLL_LOCATION, ...values })
    .onConflict((oc) => oc.column("name").doUpdateSet(values))
    .execute();
  await syncWebWorkers("ad-units"); // every worker's live copy has it before the console hears back
  const saved = await getPreRollUnit();
  if (!saved) throw new Error("pre-roll unit vanished after saving");
  return saved;
}

/**
 * A VAST tag is fetched by the browser, which the CSP only lets reach AD_HOSTS: a tag elsewhere would
 * silently fail on every page view, so it is refused when configured.
 */
export function assertAllowedAdHost(url: string, adHosts: readonly string[]): void {
  const origin = new URL(url).origin;
  if (adHosts.includes(origin)) return;
  const allowed = adHosts.length ? `AD_HOSTS allows only ${adHosts.join(", ")}` : "AD_HOSTS is empty";
  throw new AdConfigError(
    `The VAST tag's host ${origin} is not an allowed ad host (${allowed}). Add it to AD_HOSTS so the Content-Security-Policy lets the player reach it.`,
    "vastTagUrl",
  );
}
