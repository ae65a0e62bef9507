import { describe, expect, it } from "vitest";
import { labelledDays, niceTicks, shortDay } from "./chart-scale";

describe("chart scale", () => {
  it("ticks are round numbers from 0 past the maximum", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });

  it("labels every day of a week and about six days of longer periods, always the last", () => {
    expect([...labelledDays(7)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const month = labelledDays(30);
    expect(month.has(29)).toBe(true);
    expect(month.size).toBeLessThanOrEqual(6);
    expect(labelledDays(90).size).toBeLessThanOrEqual(6);
  });

  it("short days are UTC", () => {
    expect(shortDay("2026-03-05")).toBe("5 Mar");
    expect(shortDay("nonsense")).toBe("nonsense");
  });
});
