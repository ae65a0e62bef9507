import { afterEach, describe, expect, it, vi } from "vitest";
import type { Subscription } from "../../../server/realtime/notifications";

/** What the wrapper hands to the real subscribe, by channel; and which switches are on. */
const handed = new Map<string, Subscription>();
const on = new Set<string>();
vi.mock("../../../server/realtime/notifications", () => ({
  subscribe: (channel: string, subscription: Subscription) => {
    handed.set(channel, subscription);
    return () => {};
  },
}));
vi.mock("./faults", () => ({ faults: { isOn: (name: string) => on.has(name) } }));

const { subscribe } = await import("./notifications");

afterEach(() => {
  vi.useRealTimers();
  on.clear();
});

describe("the test build's notifications", () => {
  it("deliver ad unit changes 1 s late while ad-units.notified-late is on, at once otherwise", () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    subscribe("ad_units_changed", { onMessage: (payload) => seen.push(payload) });
    handed.get("ad_units_changed")?.onMessage("now");
    expect(seen).toEqual(["now"]);
    on.add("ad-units.notified-late");
    handed.get("ad_units_changed")?.onMessage("late");
    vi.advanceTimersByTime(999);
    expect(seen).toEqual(["now"]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(["now", "late"]);
  });

  it("leave every other channel alone", () => {
    on.add("ad-units.notified-late");
    const subscription = { onMessage: () => {} };
    subscribe("cache_invalidation", subscription);
    expect(handed.get("cache_invalidation")).toBe(subscription);
  });
});
