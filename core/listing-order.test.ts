import { describe, expect, it } from "vitest";
import {
  DEFAULT_DURATION_BOUNDS,
  durationLabels,
  durationOf,
  formatBound,
  isDefaultOrder,
  type ListingTexts,
  listingSearch,
} from "./listing-order";
import { input } from "./params";

const { sort: sortParam, duration: durationParam } = input;

/**
 * The messages' ids with their arguments: what the labels ask of the page's language (the texts themselves are
 * server/i18n/messages/listing.json's, formatted in app/components/video/ListingControls.test.tsx).
 */
const ids: ListingTexts = (id, values) =>
  `${id}(${Object.entries(values)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ")})`;

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

  it("labels each choice with the bounds it uses, as message arguments", () => {
    expect(durationLabels(DEFAULT_DURATION_BOUNDS, ids)).toEqual({
      short: "durationShort(bound: boundSeconds(seconds: 45))",
      medium: "durationMedium(from: boundSeconds(seconds: 45), to: boundMinutes(minutes: 1))",
      long: "durationLong(bound: boundMinutes(minutes: 1))",
    });
    expect(durationLabels({ shortUnder: 90, longOver: 1200 }, ids).medium).toBe(
      "durationMedium(from: boundMinutesSeconds(minutes: 1, seconds: 30), to: boundMinutes(minutes: 20))",
    );
    expect([1, 59, 60, 61, 3600].map((s) => formatBound(s, ids))).toEqual([
      "boundSeconds(seconds: 1)",
      "boundSeconds(seconds: 59)",
      "boundMinutes(minutes: 1)",
      "boundMinutesSeconds(minutes: 1, seconds: 1)",
      "boundMinutes(minutes: 60)",
    ]);
  });
});
