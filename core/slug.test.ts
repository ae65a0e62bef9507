import { describe, expect, it } from "vitest";
import { categoryNameFromParam, slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Big Tits", "big-tits"],
    ["  MILF ", "milf"],
    ["R&B  Hits", "rb-hits"],
    ["POV", "pov"],
    ["HD", "hd"],
    ["snake_case Name", "snake_case-name"],
    ["Tab\tand\nnewline", "tab-and-newline"],
    ["a - b", "a-b"],
    ["--Leading and trailing--", "leading-and-trailing"],
    ["& Co", "co"],
    ["Rock & ", "rock"],
    ["Café Olé", "caf-ol"],
    ["Top 10", "top-10"],
    ["!!!", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("only ever emits URL-safe characters", () => {
    expect(slugify("Ünïcödé / slashes ? query # hash")).toMatch(/^[a-z0-9_-]*$/);
  });
});

describe("categoryNameFromParam", () => {
  it.each([
    ["big-tits", "Big Tits"],
    ["milf", "Milf"],
    ["pov", "Pov"],
    ["big--tits", "Big Tits"],
    ["-big-tits-", "Big Tits"],
    ["  big-ass  ", "Big Ass"],
    ["BIG-TITS", "Big Tits"],
    ["top-10", "Top 10"],
  ])("%j → %j", (input, expected) => {
    expect(categoryNameFromParam(input)).toBe(expected);
  });

  it.each([undefined, "", "   ", "---"])("%j → All", (input) => {
    expect(categoryNameFromParam(input)).toBe("All");
  });

  it("limits input to 100 characters", () => {
    const long = `${"a".repeat(99)}-bcd`;
    expect(categoryNameFromParam(long)).toBe(`A${"a".repeat(98)}`);
    expect(categoryNameFromParam("x".repeat(10_000))).toHaveLength(100);
  });
});
