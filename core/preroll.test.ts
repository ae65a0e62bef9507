import { describe, expect, it } from "vitest";
import { preRollSettingsSchema } from "./preroll";
import { PRE_ROLL_DEFAULT_SECONDS, SKIP_AFTER_SECONDS, skipCountdown } from "./preroll-playback";

describe("skipCountdown ('Skip in {n}s')", () => {
  it('counts down from 5 and reaches 0 at 5 s of playback (docs/product.md "Pre-roll")', () => {
    expect(SKIP_AFTER_SECONDS).toBe(5);
    expect([0, 0.2, 1, 1.01, 4.99, 5, 7].map((t) => skipCountdown(t, SKIP_AFTER_SECONDS))).toEqual([5, 5, 4, 4, 1, 0, 0]);
  });

  it("follows a VAST skipoffset instead", () => {
    expect(skipCountdown(0, 2)).toBe(2);
    expect(skipCountdown(2, 2)).toBe(0);
  });
});

describe("preRollSettingsSchema (player, CLI and console)", () => {
  it("defaults the duration to 15 s", () => {
    expect(PRE_ROLL_DEFAULT_SECONDS).toBe(15);
    expect(preRollSettingsSchema.parse({ active: true, source: "house" }).durationSeconds).toBe(15);
  });

  it("needs an http(s) tag for a VAST source, and keeps a tag while the house clip is chosen", () => {
    expect(preRollSettingsSchema.safeParse({ active: true, source: "vast" }).success).toBe(false);
    expect(preRollSettingsSchema.safeParse({ active: true, source: "vast", vastTagUrl: "vbscript:x" }).success).toBe(false);
    expect(preRollSettingsSchema.parse({ active: false, source: "house", vastTagUrl: "https://ads.example.com/v" }).vastTagUrl).toBe(
      "https://ads.example.com/v",
    );
  });
});
