import { describe, expect, it } from "vitest";
import { formatWaitTime } from "./format";

// Intl puts narrow or no-break spaces between a number and its unit in some languages and ICU versions.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatWaitTime", () => {
  it.each([
    [null, "none decided"],
    [0, "under a minute"],
    [59, "under a minute"],
    [60, "1 min"],
    [45 * 60 + 30, "45 min"],
    [3600, "1 h 0 min"],
    [3 * 3600 + 20 * 60, "3 h 20 min"],
    [47 * 3600 + 59 * 60, "47 h 59 min"],
    [52 * 3600, "2 d 4 h"],
  ])("%s s → %s in English", (seconds, expected) => {
    expect(formatWaitTime(seconds)).toBe(expected);
  });

  it("words other languages' durations through Intl, and takes the page's words for none and under a minute", () => {
    const words = { none: "keine entschieden", underAMinute: "unter einer Minute" };
    expect(formatWaitTime(null, "de", words)).toBe("keine entschieden");
    expect(formatWaitTime(30, "de", words)).toBe("unter einer Minute");
    expect(spaced(formatWaitTime(3 * 3600 + 20 * 60, "de", words))).toBe("3 Std., 20 Min.");
    expect(spaced(formatWaitTime(45 * 60, "de", words))).toBe("45 Min.");
    expect(spaced(formatWaitTime(3600, "de", words))).toBe("1 Std.");
    expect(spaced(formatWaitTime(52 * 3600, "de", words))).toBe("2 Tg., 4 Std.");
    expect(spaced(formatWaitTime(3 * 3600 + 20 * 60, "ja", words))).toBe("3 時間 20 分");
    expect(spaced(formatWaitTime(3 * 3600 + 20 * 60, "ar", words))).toBe("3 س و20 د");
    expect(spaced(formatWaitTime(52 * 3600, "ar", words))).toBe("يومان و4 س");
  });
});
