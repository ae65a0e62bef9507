import { describe, expect, it } from "vitest";
import { mergeRouteHeaders } from "./route-headers";

describe("mergeRouteHeaders", () => {
  it("keeps the loader's headers when the action set none (a page view: React Router passes empty action headers)", () => {
    const merged = mergeRouteHeaders(new Headers({ "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" }), new Headers());
    expect(Object.fromEntries(merged)).toEqual({ "x-robots-tag": "noindex", "cache-control": "private, no-store" });
  });

  it("lets later sources win per header and keeps the rest", () => {
    const merged = mergeRouteHeaders(
      new Headers({ "Cache-Control": "public", "X-Robots-Tag": "noindex" }),
      new Headers({ "Cache-Control": "no-cache", "Retry-After": "5" }),
      { "Cache-Control": "private, no-store" },
    );
    expect(Object.fromEntries(merged)).toEqual({ "cache-control": "private, no-store", "x-robots-tag": "noindex", "retry-after": "5" });
  });
});
