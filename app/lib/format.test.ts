import { describe, expect, it } from "vitest";
import { formatDuration, formatIsoDuration, formatLongDate, formatRelativeTime, formatViews } from "./format";

describe("formatViews", () => {
  it.each([
    [0, "0"],
    [1, "1"],
    [999, "999"],
    [999.9, "999"],
    [1000, "1.0K"],
    [1049, "1.0K"],
    [1050, "1.1K"],
    [1500, "1.5K"],
    [12_345, "12.3K"],
    [999_949, "999.9K"],
    [999_950, "1.0M"],
    [999_960, "1.0M"],
    [1_000_000, "1.0M"],
    [2_345_678, "2.3M"],
    [12_000_000, "12.0M"],
  ])("%d → %s", (input, expected) => {
    expect(formatViews(input)).toBe(expected);
  });

  it.each([-1, -1500, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("%d → 0", (input) => {
    expect(formatViews(input)).toBe("0");
  });

  it("never renders 1000.0K", () => {
    for (let n = 999_000; n <= 1_001_000; n += 10) {
      expect(formatViews(n)).not.toMatch(/^1000\.\dK$/);
    }
  });
});

describe("formatDuration", () => {
  it.each([
    [1, "0:01"],
    [5, "0:05"],
    [5.9, "0:05"],
    [59, "0:59"],
    [60, "1:00"],
    [65, "1:05"],
    [599, "9:59"],
    [600, "10:00"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3725, "1:02:05"],
    [36_000, "10:00:00"],
    [90_061, "25:01:01"],
  ])("%d → %s", (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });

  it.each([0, 0.5, -5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])("%s → 0:00", (input) => {
    expect(formatDuration(input)).toBe("0:00");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it.each([
    [0, "Just now"],
    [59, "Just now"],
    [60, "1 minute ago"],
    [119, "1 minute ago"],
    [120, "2 minutes ago"],
    [3599, "59 minutes ago"],
    [3600, "1 hour ago"],
    [7200, "2 hours ago"],
    [86_399, "23 hours ago"],
    [86_400, "1 day ago"],
    [2 * 86_400, "2 days ago"],
    [30 * 86_400 - 1, "29 days ago"],
  ])("%d s ago → %s", (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(expected);
  });

  it("treats future dates as just now", () => {
    expect(formatRelativeTime(ago(-10), now)).toBe("Just now");
    expect(formatRelativeTime(ago(-86_400 * 365), now)).toBe("Just now");
  });

  it("switches to a UTC short date at 30 days", () => {
    expect(formatRelativeTime(ago(30 * 86_400), now)).toBe("Oct 24, 2026");
    expect(formatRelativeTime("2025-01-01T00:30:00Z", now)).toBe("Jan 1, 2025");
    // Late evening UTC-1 is still the previous day in UTC.
    expect(formatRelativeTime("2024-12-31T23:30:00-01:00", now)).toBe("Jan 1, 2025");
  });

  it("accepts ISO strings", () => {
    expect(formatRelativeTime("2026-11-23T11:00:00Z", now)).toBe("1 hour ago");
  });

  it("returns an empty string for invalid dates", () => {
    expect(formatRelativeTime("not a date", now)).toBe("");
    expect(formatRelativeTime("", now)).toBe("");
    expect(formatRelativeTime(new Date(Number.NaN), now)).toBe("");
  });

  it("defaults now to the current time", () => {
    expect(formatRelativeTime(new Date())).toBe("Just now");
  });
});

describe("formatLongDate", () => {
  it.each([
    ["2026-11-23T00:00:00Z", "November 23, 2026"],
    ["2026-11-23T23:59:59Z", "November 23, 2026"],
    ["2026-11-23T23:30:00-05:00", "November 24, 2026"],
    ["2000-02-29", "February 29, 2000"],
  ])("%s → %s", (input, expected) => {
    expect(formatLongDate(input)).toBe(expected);
  });

  it("accepts Date objects", () => {
    expect(formatLongDate(new Date(Date.UTC(2026, 0, 5)))).toBe("January 5, 2026");
  });

  it("returns an empty string for invalid dates", () => {
    expect(formatLongDate("nope")).toBe("");
    expect(formatLongDate(new Date(Number.NaN))).toBe("");
  });
});

describe("formatIsoDuration", () => {
  it.each([
    [0, "PT0S"],
    [5, "PT5S"],
    [60, "PT1M"],
    [65, "PT1M5S"],
    [65.8, "PT1M5S"],
    [3600, "PT1H"],
    [3605, "PT1H5S"],
    [3660, "PT1H1M"],
    [3725, "PT1H2M5S"],
    [90_061, "PT25H1M1S"],
  ])("%d → %s", (input, expected) => {
    expect(formatIsoDuration(input)).toBe(expected);
  });

  it.each([-1, 0.4, Number.NaN, Number.POSITIVE_INFINITY])("%d → PT0S", (input) => {
    expect(formatIsoDuration(input)).toBe("PT0S");
  });
});

describe("in another language (docs/i18n.md)", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it("says relative times and dates in the language's own words", () => {
    expect(formatRelativeTime(ago(10), now, "de")).toBe("jetzt");
    expect(formatRelativeTime(ago(3 * 86_400), now, "de")).toBe("vor 3 Tagen");
    expect(formatRelativeTime(ago(86_400), now, "fr")).toBe("hier");
    expect(formatRelativeTime(ago(2 * 3600), now, "ja")).toBe("2 時間前");
    expect(formatRelativeTime(ago(40 * 86_400), now, "es")).toBe("19 oct 2026");
    expect(formatLongDate("2026-11-23T00:00:00Z", "pt-BR")).toBe("23 de novembro de 2026");
    expect(formatViews(1500, "ja")).toBe("1500");
    expect(formatViews(2_345_678, "de")).toBe("2,3\u00a0Mio.");
  });

  it("keeps English as it was", () => {
    expect(formatRelativeTime(ago(10), now)).toBe("Just now");
    expect(formatRelativeTime(ago(3 * 86_400), now, "en")).toBe("3 days ago");
    expect(formatLongDate("2026-11-23T00:00:00Z")).toBe("November 23, 2026");
  });
});
