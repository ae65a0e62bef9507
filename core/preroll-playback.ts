/**
 * What the player needs of the pre-roll (the video page's browser code): its timing and the configuration the
 * page hands it. No zod here, so the video page's scripts do not carry it; the operator's settings schema is
 * core/preroll.ts.
 */

/** docs/product.md "Pre-roll": a pre-roll runs at most 15 s by default and can be skipped after 5 s. */
export const PRE_ROLL_DEFAULT_SECONDS = 15;
export const SKIP_AFTER_SECONDS = 5;
/** The ad time-out of docs/product.md "Pre-roll": a VAST tag (with its wrappers) that has not answered by then is given up. */
export const VAST_TIMEOUT_MS = 4_000;

export const PRE_ROLL_SOURCES = ["house", "vast"] as const;
export type PreRollSource = (typeof PRE_ROLL_SOURCES)[number];

/** What the video page hands the player: present only while a pre-roll is switched on and playable. */
export interface PreRollConfig {
  source: PreRollSource;
  /** The tag to fetch when `source` is vast. */
  vastTagUrl: string | null;
  /** Cap on the pre-roll's running time, seconds. */
  durationSeconds: number;
  /** The house clip: the ad when `source` is house, the fallback when a VAST tag fails. Null when not rendered. */
  houseClip: { src: string; clickThrough: string | null } | null;
}

/** The seconds left before Skip is allowed, as 'Skip in {n}s' shows them (never 0 while still waiting). */
export function skipCountdown(elapsedSeconds: number, skipAfterSeconds: number): number {
  return Math.max(0, Math.ceil(skipAfterSeconds - elapsedSeconds));
}
