import { describe, expect, it } from "vitest";
import { FALLBACK_CATEGORIES } from "./categories";
import { findMinorSuggestingTerm } from "./content-safety";
import { slugify } from "./slug";

describe("FALLBACK_CATEGORIES", () => {
  it("has the 24 policy-approved names", () => {
    expect(FALLBACK_CATEGORIES).toHaveLength(24);
    expect(FALLBACK_CATEGORIES[0]).toBe("Amateur");
    expect(FALLBACK_CATEGORIES[23]).toBe("Vintage");
    expect(FALLBACK_CATEGORIES).not.toContain("Teen");
  });

  it.each([...FALLBACK_CATEGORIES])("%s passes content safety", (name) => {
    expect(findMinorSuggestingTerm(name)).toBeNull();
  });

  it("has unique names and unique slugs", () => {
    expect(new Set(FALLBACK_CATEGORIES).size).toBe(FALLBACK_CATEGORIES.length);
    expect(new Set(FALLBACK_CATEGORIES.map(slugify)).size).toBe(FALLBACK_CATEGORIES.length);
  });
});
