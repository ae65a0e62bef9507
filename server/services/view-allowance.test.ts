import { describe, expect, it } from "vitest";
import { retryAfterMs, VIEW_ALLOWANCE } from "./view-allowance";

describe("retryAfterMs", () => {
  const now = 1_800_000_000_000;
  const window = VIEW_ALLOWANCE.windowMs;

  it("is what is left of the open window", () => {
    expect(retryAfterMs(now + 1_234, now)).toBe(1_234);
    expect(retryAfterMs(String(now + window), now)).toBe(window); // the database's int8 comes as text
  });

  it("is never more than a whole window, when the request that opened it read the clock after this one", () => {
    expect(retryAfterMs(now + window + 1, now)).toBe(window);
    expect(retryAfterMs(now + window + 25, now)).toBe(window);
  });

  it("is the whole window when no window is visible or the one seen has ended", () => {
    expect(retryAfterMs(null, now)).toBe(window);
    expect(retryAfterMs(now, now)).toBe(window);
    expect(retryAfterMs(now - 10, now)).toBe(window);
  });
});
