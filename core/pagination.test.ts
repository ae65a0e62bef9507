import { describe, expect, it } from "vitest";
import { clampPage, paginationWindow, parsePageParam, totalPages } from "./pagination";

describe("paginationWindow", () => {
  it("is empty when there are no pages", () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, -3)).toEqual([]);
    expect(paginationWindow(1, Number.NaN)).toEqual([]);
  });

  it("lists every page when 5 or fewer", () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 2)).toEqual([1, 2]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  describe("total 6", () => {
    it.each([1, 2, 3])("near the start (current %d)", (current) => {
      expect(paginationWindow(current, 6)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 6]);
    });
    it.each([4, 5, 6])("near the end (current %d)", (current) => {
      expect(paginationWindow(current, 6)).toEqual([1, "ellipsis-start", 2, 3, 4, 5, 6]);
    });
  });

  describe("total 7", () => {
    it("current 3 is near the start", () => {
      expect(paginationWindow(3, 7)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 7]);
    });
    it("current 4 (= total - 3) is the middle", () => {
      expect(paginationWindow(4, 7)).toEqual([1, "ellipsis-start", 2, 3, 4, 5, 6, "ellipsis-end", 7]);
    });
    it("current 5 (= total - 2) is near the end", () => {
      expect(paginationWindow(5, 7)).toEqual([1, "ellipsis-start", 3, 4, 5, 6, 7]);
    });
  });

  describe("total 10", () => {
    it.each([
      [1, [1, 2, 3, 4, 5, "ellipsis-end", 10]],
      [3, [1, 2, 3, 4, 5, "ellipsis-end", 10]],
      [4, [1, "ellipsis-start", 2, 3, 4, 5, 6, "ellipsis-end", 10]],
      [7, [1, "ellipsis-start", 5, 6, 7, 8, 9, "ellipsis-end", 10]],
      [8, [1, "ellipsis-start", 6, 7, 8, 9, 10]],
      [10, [1, "ellipsis-start", 6, 7, 8, 9, 10]],
    ])("current %d", (current, expected) => {
      expect(paginationWindow(current, 10)).toEqual(expected);
    });
  });

  describe("total 100", () => {
    it.each([
      [1, [1, 2, 3, 4, 5, "ellipsis-end", 100]],
      [3, [1, 2, 3, 4, 5, "ellipsis-end", 100]],
      [4, [1, "ellipsis-start", 2, 3, 4, 5, 6, "ellipsis-end", 100]],
      [50, [1, "ellipsis-start", 48, 49, 50, 51, 52, "ellipsis-end", 100]],
      [97, [1, "ellipsis-start", 95, 96, 97, 98, 99, "ellipsis-end", 100]],
      [98, [1, "ellipsis-start", 96, 97, 98, 99, 100]],
      [100, [1, "ellipsis-start", 96, 97, 98, 99, 100]],
    ])("current %d", (current, expected) => {
      expect(paginationWindow(current, 100)).toEqual(expected);
    });
  });

  it("clamps current into 1..total first", () => {
    expect(paginationWindow(0, 10)).toEqual(paginationWindow(1, 10));
    expect(paginationWindow(-5, 10)).toEqual(paginationWindow(1, 10));
    expect(paginationWindow(Number.NaN, 10)).toEqual(paginationWindow(1, 10));
    expect(paginationWindow(11, 10)).toEqual(paginationWindow(10, 10));
    expect(paginationWindow(1_000, 100)).toEqual(paginationWindow(100, 100));
  });

  it("always includes first, last and current page, without duplicates", () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const items = paginationWindow(current, total);
        const pages = items.filter((item): item is number => typeof item === "number");
        expect(pages).toContain(1);
        expect(pages).toContain(total);
        expect(pages).toContain(current);
        expect(new Set(items).size).toBe(items.length);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
      }
    }
  });
});

describe("parsePageParam", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    ["42", 42],
    ["007", 7],
    ["999999999", 999_999_999],
  ])("%j → %d", (input, expected) => {
    expect(parsePageParam(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "0",
    "000",
    "-3",
    "+3",
    "abc",
    "2abc",
    "1.5",
    "1e3",
    " 2",
    "2 ",
    "0x10",
    "1000000000",
    "99999999999999999999",
    "Infinity",
    "NaN",
  ])("%j → 1", (input) => {
    expect(parsePageParam(input)).toBe(1);
  });
});

describe("clampPage", () => {
  it.each([
    [1, 10, 1],
    [5, 10, 5],
    [10, 10, 10],
    [11, 10, 10],
    [0, 10, 1],
    [-4, 10, 1],
    [3, 0, 1],
    [3, -2, 1],
    [2.7, 10, 2],
    [Number.NaN, 10, 1],
    [Number.POSITIVE_INFINITY, 10, 1],
    [4, Number.NaN, 1],
  ])("clampPage(%d, %d) → %d", (page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });
});

describe("totalPages", () => {
  it.each([
    [0, 24, 0],
    [1, 24, 1],
    [24, 24, 1],
    [25, 24, 2],
    [48, 24, 2],
    [49, 24, 3],
    [-5, 24, 0],
    [10, 0, 0],
    [10, -1, 0],
    [Number.NaN, 24, 0],
    [10, Number.NaN, 0],
  ])("totalPages(%d, %d) → %d", (count, perPage, expected) => {
    expect(totalPages(count, perPage)).toBe(expected);
  });
});
