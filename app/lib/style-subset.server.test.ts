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
  const page = (classes: string[], properties: string[] = [], elements = ["html", "head", "body"]) =>
    subset.forPage({ classes: new Set(classes), elements: new Set(elements), properties: new Set(properties) });

  it("keeps the whole sheet when the markup names every class and custom property", () => {
    const all = ["flex", "hidden", "group", "group-hover:text-pink", "w-1/2", "a", "b", "shadow", "sm:flex"];
    expect(page(all, ["--tw-ring", "--color-unused"])).toBe(sheet);
  });

  it("keeps a class rule's selectors whose classes are all named, and the variables kept rules read, through each other", () => {
    expect(page(["flex", "group-hover:text-pink", "b"])).toBe(
      "/*! licence */@layer properties;@layer theme,base,utilities;" +
        "@layer theme{:root,:host{--font-sans:Inter;--default-font:var(--font-sans)}}" +
        "@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font)}}" +
        "@layer utilities{.flex{display:flex}.b{margin:0}}" +
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

  it("hands the same bytes to pages that use the same names, whatever their order, and a new cut to others", () => {
    const uses = (classes: string[], properties: string[] = []) => ({
      classes: new Set(classes),
      elements: new Set(["html", "head", "body"]),
      properties: new Set(properties),
    });
    const cut = new StyleSubset(sheet);
    const first = cut.bytesForPage(uses(["flex", "b"]));
    expect(first.toString()).toBe(page(["flex", "b"]));
    expect(cut.bytesForPage(uses(["b", "flex"]))).toBe(first);
    const other = cut.bytesForPage(uses(["flex", "b"], ["--tw-ring"]));
    expect(other).not.toBe(first);
    expect(other.toString()).toBe(page(["flex", "b"], ["--tw-ring"]));
  });

  it("keeps at most 64 cuts, the least recently used going first", () => {
    const cut = new StyleSubset(sheet);
    const uses = (name: string) => ({ classes: new Set([name]), elements: new Set<string>(), properties: new Set<string>() });
    const kept = cut.bytesForPage(uses("c0"));
    const dropped = cut.bytesForPage(uses("c1"));
    for (let i = 2; i < 64; i++) cut.bytesForPage(uses(`c${i}`));
    expect(cut.bytesForPage(uses("c0"))).toBe(kept); // used again: now the newest
    cut.bytesForPage(uses("c64")); // the 65th: the oldest, c1, goes
    expect(cut.bytesForPage(uses("c0"))).toBe(kept);
    expect(cut.bytesForPage(uses("c1"))).not.toBe(dropped);
  });
});

describe("StyleSubset, elements", () => {
  const sheet =
    "@layer base{*,:after{box-sizing:border-box}html{line-height:1.5}code,kbd,pre{font-family:mono}" +
    "button,input,select,textarea{font:inherit}table{border-collapse:collapse}ul>li a{color:red}" +
    ":where(select:is([multiple])) optgroup{padding:0}:-moz-focusring:where(:not(iframe)){outline:auto}" +
    "input::placeholder{opacity:1}[hidden]{display:none}a.hover\\:x:hover{color:blue}.ui-\\[code\\]{color:green}}";
  const subset = new StyleSubset(sheet);
  const page = (elements: string[], classes: string[] = []) =>
    subset.forPage({ classes: new Set(classes), elements: new Set(["html", "head", "body", ...elements]), properties: new Set() });

  it("keeps an element's rules only when the markup has the element, and drops the absent ones from a selector list", () => {
    expect(page(["button", "input"])).toBe(
      "@layer base{*,:after{box-sizing:border-box}html{line-height:1.5}button,input{font:inherit}" +
        ":-moz-focusring:where(:not(iframe)){outline:auto}input::placeholder{opacity:1}[hidden]{display:none}}",
    );
  });

  it("needs every element of a descendant selector, ignores the ones inside parentheses, and keeps the whole rule when all match", () => {
    expect(page(["ul", "li"])).not.toContain("ul>li a");
    expect(page(["ul", "li", "a"])).toContain("ul>li a{color:red}");
    expect(page(["code", "kbd", "pre", "button", "input", "select", "textarea"])).toContain(
      "code,kbd,pre{font-family:mono}button,input,select,textarea{font:inherit}",
    );
    // `optgroup` stands outside the parentheses: it is needed; `iframe` and `select` inside them are not.
    expect(page(["optgroup"])).toContain(":where(select:is([multiple])) optgroup{padding:0}");
  });

  it("needs both the element and the class of `a.x`, and reads no element in an escaped class name", () => {
    expect(page(["a"])).not.toContain("hover\\:x");
    expect(page(["a"], ["hover:x"])).toContain("a.hover\\:x:hover{color:blue}");
    expect(page([], ["ui-[code]"])).toContain(".ui-\\[code\\]{color:green}");
  });
});

describe("markupUses", () => {
  it("reads the elements' names in lower case, with the ones a parser adds on its own", () => {
    const uses = markupUses('<DIV><table><tr><td><svg><path d="M0"/></svg></td></tr></table></DIV>');
    expect([...uses.elements].sort()).toEqual(["div", "path", "svg", "table", "tbody", "td", "tr"]);
  });

  it("reads the class attributes as React writes them, entities decoded, and the custom properties of style attributes", () => {
    const uses = markupUses(
      '<p class="a  b\tmd:c" style="width:40%;background:var(--color-pink)"></p><i data-class="x" class="[&amp;>p]:d"></i><b className="y" data-style="var(--no)"></b>',
    );
    expect([...uses.classes]).toEqual(["a", "b", "md:c", "[&>p]:d"]);
    expect([...uses.properties]).toEqual(["--color-pink"]);
  });
});
