import { describe, expect, it } from "vitest";
import { markupUses, StyleSubset } from "./style-subset.server";

describe("StyleSubset", () => {
  const sheet =
    "/*! licence */@layer properties;@layer theme,base,utilities;" +
    "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-ring:0 0 #0000}}}" +
    "@layer theme{:root,:host{--color-pink:#db2777;--font-sans:Inter;--default-font:var(--font-sans);--color-unused:red}}" +
    "@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font)}}" +
    "@layer utilities{.flex{display:flex}.hidden{display:none}.group:hover .group-hover\\:text-pink{color:var(--color-pink)}.w-1\\/2{width:50%}" +
    ".a,.b{margin:0}.shadow{box-shadow:var(--tw-shadow)}@media (min-width:40rem){.sm\\:flex{display:flex}.hidden{display:block}}}" +
    '@keyframes spin{to{transform:rotate(1turn)}}@property --tw-shadow{syntax:"*";inherits:false}@property --tw-ring{syntax:"*";inherits:false}';
  const subset = new StyleSubset(sheet);
  const page = (classes: string[], properties: string[] = []) =>
    subset.forPage({ classes: new Set(classes), properties: new Set(properties) });

  it("keeps the whole sheet when the markup names every class and custom property", () => {
    const all = ["flex", "hidden", "group", "group-hover:text-pink", "w-1/2", "a", "b", "shadow", "sm:flex"];
    expect(page(all, ["--tw-ring", "--color-unused"])).toBe(sheet);
  });

  it("keeps a class rule only when its classes are all named, and the variables kept rules read, through each other", () => {
    expect(page(["flex", "group-hover:text-pink", "b"])).toBe(
      "/*! licence */@layer properties;@layer theme,base,utilities;" +
        "@layer theme{:root,:host{--font-sans:Inter;--default-font:var(--font-sans)}}" +
        "@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font)}}" +
        "@layer utilities{.flex{display:flex}.a,.b{margin:0}}" +
        "@keyframes spin{to{transform:rotate(1turn)}}",
    );
  });

  it("keeps a property's definitions and @property rule with the rule that reads it, or when the markup's styles do", () => {
    const css = page(["shadow", "group", "group-hover:text-pink"], ["--tw-ring"]);
    expect(css).toContain("@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-ring:0 0 #0000}}}");
    expect(css).toContain('@property --tw-shadow{syntax:"*";inherits:false}@property --tw-ring{syntax:"*";inherits:false}');
    expect(css).toContain("--color-pink:#db2777");
    expect(css).not.toContain("--color-unused");
    // An at-rule left empty goes; escaped names (`w-1/2`, `sm:flex`) are read as the markup writes them.
    expect(page(["w-1/2", "sm:flex"])).toContain("@layer utilities{.w-1\\/2{width:50%}@media (min-width:40rem){.sm\\:flex{display:flex}}}");
  });
});

describe("markupUses", () => {
  it("reads the class attributes as React writes them, entities decoded, and the custom properties of style attributes", () => {
    const uses = markupUses(
      '<p class="a  b\tmd:c" style="width:40%;background:var(--color-pink)"></p><i data-class="x" class="[&amp;>p]:d"></i><b className="y" data-style="var(--no)"></b>',
    );
    expect([...uses.classes]).toEqual(["a", "b", "md:c", "[&>p]:d"]);
    expect([...uses.properties]).toEqual(["--color-pink"]);
  });
});
