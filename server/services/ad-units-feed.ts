import type { AdConfiguration } from "../../core/ad-units";
import type { PreRollUnit } from "../../core/console-rows";
import type { PreRollConfig } from "../../core/preroll-playback";
import { onSync } from "../cluster/worker-sync";
import { logger } from "../logger";
import { appMediaStorage } from "../media/app-storage";
import { houseAdUrl } from "../media/house-ad";
import { subscribe } from "../realtime/notifications";
import { readAdConfiguration } from "./ad-units";
import { getPreRollUnit, preRollConfigOf } from "./ads";

/**
 * This process's view of the ad configuration (the banner slots and the pre-roll: the one way pages read it),
 * kept current by the database: ad_units' trigger (migration 0009) notifies `ad_units_changed` after every
 * change made anywhere (any worker, any app instance, the CLI), and this module re-reads the units and hands
 * the banners to its watchers (the SSE streams of server/http/ad-events.ts, the page cache). Pages render from
 * the same copy, so a page and its live feed agree.
 */
export const AD_UNITS_CHANNEL = "ad_units_changed";

type Watcher = (config: AdConfiguration) => void;
const watchers = new Set<Watcher>();
let current: AdConfiguration | undefined;
let preRoll: PreRollUnit | undefined;
let reading: Promise<AdConfiguration> | undefined;
let rereadAfter = false;
/**
 * Whether a page may have been rendered with something other than the next configuration read: after a read, or a
 * failed one (pages then fall back to no ads). The process's first read changes nothing anyone was shown, so its
 * watchers are not told: the page cache kept its first pages instead of clearing them as they were rendered
 * (docs/benchmarks.md "Issue 35: the LCP image alone on the line").
 */
let shownBefore = false;

subscribe(AD_UNITS_CHANNEL, {
  onMessage: () => void refresh().catch(() => {}),
  // Changes made while the listener was away were missed: read again and push the full state.
  onResync: () => void refresh().catch(() => {}),
});

/** The configuration as this process knows it (read once, then kept current by notifications). */
export function currentAdConfiguration(): Promise<AdConfiguration> {
  if (current) return Promise.resolve(current);
  return refresh();
}

/**
 * What the video page gives the player: the active pre-roll, or null when none should play. From the same copy
 * as the banners; whether the house clip exists is looked at each time (demo media may be rendered after the
 * units were read).
 */
export async function currentPreRollConfig(): Promise<PreRollConfig | null> {
  if (!current) await refresh();
  return preRollConfigOf(preRoll, preRoll?.active ? await houseAdUrl(appMediaStorage()) : null);
}

/**
 * Reads the units now, or right after a read in flight (which may have begun before the caller's write),
 * and hands them to the watchers (the page cache is cleared, the live streams get them).
 */
export async function applyLatestAdConfiguration(): Promise<void> {
  await reading?.catch(() => {});
  await refresh();
}
// A console change waits for every worker to apply it (services/ad-units.ts), not for the notification.
onSync("ad-units", applyLatestAdConfiguration);

/** Calls `watcher` with every new configuration; returns the unsubscribe function. */
export function watchAdConfiguration(watcher: Watcher): () => void {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

/** Re-reads the units; a notification arriving mid-read triggers one more read, so none is lost. */
function refresh(): Promise<AdConfiguration> {
  if (reading) {
    rereadAfter = true;
    return reading;
  }
  reading = Promise.all([readAdConfiguration(), getPreRollUnit()])
    .then(([config, unit]) => {
      preRoll = unit;
      current = config;
      if (shownBefore) for (const w of watchers) w(config);
      shownBefore = true;
      return config;
    })
    .catch((err: unknown) => {
      // Pages fall back to no ads; the next notification or resync tries again.
      current = undefined;
      shownBefore = true;
      logger.warn({ err }, "could not read the ad units");
      throw err;
    })
    .finally(() => {
      reading = undefined;
      if (rereadAfter) {
        rereadAfter = false;
        void refresh().catch(() => {});
      }
    });
  return reading;
}

/** Forgets the cached configuration (tests that swap databases). */
export function resetAdConfigurationForTests(): void {
  current = undefined;
  preRoll = undefined;
  shownBefore = false;
}
