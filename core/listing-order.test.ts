import { describe, expect, it } from "vitest";
import { DEFAULT_DURATION_BOUNDS, durationLabels, durationOf, formatBound, isDefaultOrder, listingSearch } from "./listing-order";
import { input } from "./params";

const { sort: sortParam, duration: durationParam } = input;

describe("listing order in the URL", () => {
  it("parses sort and duration, defaults when absent or empty, refuses anything else", () => {
    expect(sortParam.parse(undefined)).toBe("newest");
    expect(sortParam.parse("")).toBe("newest");
    expect(sortParam.parse("views")).toBe("views");
    expect(sortParam.safeParse("VIEWS").success).toBe(false);
    expect(sortParam.safeParse("rating").success).toBe(false);
    expect(durationParam.parse(undefined)).toBeNull();
    expect(durationParam.parse("")).toBeNull();
    expect(durationParam.parse("long")).toBe("long");
    expect(durationParam.safeParse("epic").success).toBe(false);
  });

  it("writes one address per listing: defaults left out, a fixed parameter order", () => {
    expect(listingSearch({ sort: "newest", duration: null })).toBe("");
    expect(listingSearch({ sort: "newest", duration: null }, 2)).toBe("?page=2");
    expect(listingSearch({ sort: "likes", duration: "short" }, 3)).toBe("?sort=likes&duration=short&page=3");
    expect(listingSearch({ sort: "views", duration: null }, 1, { q: "a b&c" })).toBe("?q=a+b%26c&sort=views");
    expect(isDefaultOrder({ sort: "newest", duration: null })).toBe(true);
    expect(isDefaultOrder({ sort: "newest", duration: "long" })).toBe(false);
  });

  it("puts durations into buckets at the bounds", () => {
    const bucket = (s: number) => durationOf(s, DEFAULT_DURATION_BOUNDS);
    expect([0, 44, 45, 60, 61, 3600].map(bucket)).toEqual(["short", "short", "medium", "medium", "long", "long"]);
    const long = { shortUnder: 300, longOver: 1200 };
    expect([299, 300, 1200, 1201].map((s) => durationOf(s, long))).toEqual(["short", "medium", "medium", "long"]);
  });

  it("labels each choice with the bounds it uses", () => {
    expect(durationLabels(DEFAULT_DURATION_BOUNDS)).toEqual({
      short: "Short (under 45 s)",
      medium: "Medium (45 s to 1 min)",
      long: "Long (over 1 min)",
    });
    expect(durationLabels({ shortUnder: 90, longOver: 1200 }).medium).toBe("Medium (1 min 30 s to 20 min)");
    expect([1, 59, 60, 61, 3600].map(formatBound)).toEqual(["1 s", "59 s", "1 min", "1 min 1 s", "60 min"]);
  });
});
