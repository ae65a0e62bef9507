// The test build's server/realtime/notifications.ts (docs/decisions/0018-test-build.md): while
// "ad-units.notified-late" is on, each ad unit change notification reaches this process's subscribers 1 s
// late, as on a loaded machine, so tests see what depends on the notification and what does not.
import * as notifications from "../../../server/realtime/notifications";
import type { AD_UNITS_CHANNEL } from "../../../server/services/ad-units-feed";
import { faults } from "./faults";

export * from "../../../server/realtime/notifications";

const LATE_CHANNEL: typeof AD_UNITS_CHANNEL = "ad_units_changed";
const LATE_MS = 1_000;

export const subscribe: typeof notifications.subscribe = (channel, subscription) => {
  if (channel !== LATE_CHANNEL) return notifications.subscribe(channel, subscription);
  return notifications.subscribe(channel, {
    ...subscription,
    onMessage: (payload) => {
      if (faults.isOn("ad-units.notified-late")) setTimeout(() => subscription.onMessage(payload), LATE_MS);
      else subscription.onMessage(payload);
    },
  });
};
