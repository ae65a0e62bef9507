import { describe, expect, it } from "vitest";
import { backoffDelay, sleep } from "./backoff";

describe("backoffDelay", () => {
  const limits = { baseMs: 500, capMs: 5_000 };

  it("doubles from the base and stops at the cap, jittered within [ceiling / 2, ceiling]", () => {
    const low = (n: number) => backoffDelay(n, limits, () => 0);
    const high = (n: number) => backoffDelay(n, limits, () => 1);
    expect([0, 1, 2, 3, 4, 5, 50].map(high)).toEqual([500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000]);
    expect([0, 1, 2, 3, 4, 5, 50].map(low)).toEqual([250, 500, 1_000, 2_000, 2_500, 2_500, 2_500]);
  });

  it("spreads processes that retry at the same attempt", () => {
    const delays = new Set(Array.from({ length: 20 }, () => Math.round(backoffDelay(3, limits))));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe("sleep", () => {
  it("ends early when its signal aborts", async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal);
    controller.abort();
    await slept; // would time the test out otherwise
  });
});
