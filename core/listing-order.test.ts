import { describe, expect, it } from "vitest";
import { durationOf, isDefaultOrder, listingSearch } from "./listing-order";
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
    expect([0, 44, 45, 60, 61, 3600].map(durationOf)).toEqual(["short", "short", "medium", "medium", "long", "long"]);
  });
});
