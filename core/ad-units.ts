/**
 * The banner ad configuration (docs/product.md "Ad slots": keyed by slot name, each with isActive, zoneId, id, duration)
 * and its constants ("Limits"), shared by the server (root loader, SSE feed) and the browser (slots).
 * No zod here: this module ships in every page's initial JavaScript. What the console posts is validated by
 * ad-units-schema.ts (zod, on the server and in the console's forms); the live feed's message is read by
 * ad-configuration-message.ts, loaded with the live connection after the page has loaded.
 */

export const AD_SLOT_NAMES = ["Billboard_1", "Billboard_2", "Med_Rect_1", "Med_Rect_2", "Med_Rect_3"] as const;
export type AdSlotName = (typeof AD_SLOT_NAMES)[number];

export interface AdUnitConfig {
  id: string;
  isActive: boolean;
  zoneId: string;
  duration: number;
}

/** Slot name → unit; a slot without a row is simply absent (nothing is shown for it). */
export type AdConfiguration = Partial<Record<AdSlotName, AdUnitConfig>>;

/** The longest zone id a unit may have (the console's form and the live feed's check). */
export const ZONE_ID_MAX_LENGTH = 64;

/** docs/product.md "Ad slots": an ad that has not rendered after this long gives way to the fallback banner. */
export const AD_LOAD_TIMEOUT_MS = 4_000;
/** docs/product.md "Ad slots": billboard height; sidebar slot 300x250 with a 30 px bottom margin. */
export const BILLBOARD_HEIGHT_PX = 250;
export const MED_RECT = { width: 300, height: 250, marginBottom: 30 } as const;

/** The SSE event carrying the full configuration (sent on connect and after every change). */
export const AD_STATE_EVENT = "ad-units";

/** The zone id placeholder in AD_SCRIPT_URL (e.g. https://ads.example.com/zone.js?id={zoneId}). */
export const ZONE_PLACEHOLDER = "{zoneId}";

/** The ad network's script for one zone: the configured pattern with the zone id put in, URL-encoded. */
export function adScriptSrc(pattern: string, zoneId: string): string {
  return pattern.split(ZONE_PLACEHOLDER).join(encodeURIComponent(zoneId));
}

export function isBillboard(name: AdSlotName): boolean {
  return name.startsWith("Billboard");
}

/** Whether a slot is filled: its unit exists and is active, and ads are visible at all. */
export function slotIsShown(config: AdConfiguration, name: AdSlotName, visible: boolean): boolean {
  return visible && config[name]?.isActive === true;
}
