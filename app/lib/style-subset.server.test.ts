import { describe, expect, it } from "vitest";
import { classesIn, StyleSubset } from "./style-subset.server";

describe("StyleSubset", () => {
  const sheet =
    "/*! licence */@layer theme,base,utilities;@layer theme{:root{--c:red}}@layer base{*,:after{box-sizing:border-box}}" +
    "@layer utilities{.flex{display:flex}.hidden{display:none}.group:hover .group-hover\\:text-brand{color:pink}.w-1\\/2{width:50%}" +
    ".a,.b{margin:0}@media (min-width:40rem){.sm\\:flex{display:flex}.hidden{display:block}}}" +
    '@keyframes spin{to{transform:rotate(1turn)}}@property --tw-x{syntax:"*";inherits:false}';
  const subset = new StyleSubset(sheet);

  it("keeps every rule when the page names every class: the same sheet", () => {
    expect(subset.forClasses(new Set(["flex", "hidden", "group", "group-hover:text-brand", "w-1/2", "a", "b", "sm:flex"]))).toBe(sheet);
  });

  it("keeps the reset, theme, keyframes and @property always, and a class rule only when its classes are all named", () => {
    expect(subset.forClasses(new Set(["flex", "group-hover:text-brand", "b"]))).toBe(
      "/*! licence */@layer theme,base,utilities;@layer theme{:root{--c:red}}@layer base{*,:after{box-sizing:border-box}}" +
        "@layer utilities{.flex{display:flex}.a,.b{margin:0}}" +
        '@keyframes spin{to{transform:rotate(1turn)}}@property --tw-x{syntax:"*";inherits:false}',
    );
    // An at-rule left empty goes; escaped names (`w-1/2`, `sm:flex`) are read as the markup writes them.
    expect(subset.forClasses(new Set(["w-1/2", "sm:flex"]))).toContain(
      "@layer utilities{.w-1\\/2{width:50%}@media (min-width:40rem){.sm\\:flex{display:flex}}}",
    );
  });
});

describe("classesIn", () => {
  it("reads the class attributes as React writes them, entities decoded, and nothing else", () => {
    expect([...classesIn('<p class="a  b\tmd:c"></p><i data-class="x" class="[&amp;>p]:d"></i><b className="y"></b>')]).toEqual([
      "a",
      "b",
      "md:c",
      "[&>p]:d",
    ]);
  });
});
