import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from "postcss";

/**
 * The inline stylesheet cut to one page (ADR 0044; docs/benchmarks.md "Issue 35: each page's stylesheet cut to its
 * markup"): a page uses about 40 % of the public sheet, and the whole sheet was half of a first round trip. Built
 * once from the stylesheet; per page, `forPage` keeps
 * - of each rule whose selectors all name classes or elements, the selectors whose classes and elements the markup
 *   all has (`.a .b`, `h1 + p`; an element inside `:is()`, `:not()`… does not count, nor does one the parser adds
 *   on its own, see IMPLIED_ELEMENTS); `button,input,select{…}` on a page without a select is `button,input{…}`;
 * - every other rule (the reset's rules for everything, attribute rules, keyframes);
 * - of the custom properties the sheet defines for everything (the theme's `:root` variables, Tailwind's
 *   `@property` rules and their fallback for older browsers), those that a kept rule or the markup's own styles
 *   use, directly or through another variable;
 * in the sheet's order and inside the same at-rules. The whole sheet follows from its file (app/lib/app-styles.tsx):
 * every rule kept here is in it too, later, so the cascade comes out as the whole sheet's.
 */
export class StyleSubset {
  private readonly root: Piece[];
  /** The rules kept by their selectors' classes and elements, each once, wherever they are in the tree. */
  private readonly rules: RulePiece[] = [];
  private readonly definitions: DefinitionsPiece[] = [];
  /** What the rules kept on every page read. */
  private readonly alwaysUsed = new Set<string>();
  /**
   * The sheets cut lately, by what their pages use: pages of one route use the same classes from render to render,
   * so a render mostly finds its cut here (cutting was 4-5 % of a render, docs/benchmarks.md "Issue 35:
   * renders"). Bounded, the oldest first out: a hostile client can vary the markup only through what pages show.
   */
  private readonly recent = new Map<string, Buffer>();

  constructor(css: string) {
    this.root = postcss.parse(css).nodes.map(toPiece);
    const index = (piece: Piece) => {
      if (piece.kind === "rule") this.rules.push(piece);
      else if (piece.kind === "definitions") this.definitions.push(piece);
      else if (piece.kind === "text") for (const name of piece.uses) this.alwaysUsed.add(name);
      else if (piece.kind === "block") piece.children.forEach(index);
    };
    this.root.forEach(index);
  }

  /** `forPage` as UTF-8 bytes, from the recent cuts when a page used the same names. */
  bytesForPage(page: PageUses): Buffer {
    const key = `${[...page.classes].sort().join(" ")}\n${[...page.elements].sort().join(" ")}\n${[...page.properties].sort().join(" ")}`;
    let bytes = this.recent.get(key);
    if (bytes) {
      this.recent.delete(key); // to the back of the queue: the cuts in use stay
    } else {
      bytes = Buffer.from(this.forPage(page));
      if (this.recent.size >= RECENT_CUTS) this.recent.delete(this.recent.keys().next().value as string);
    }
    this.recent.set(key, bytes);
    return bytes;
  }

  /** The stylesheet for markup with these class names and elements, whose inline styles use these custom properties. */
  forPage(page: PageUses): string {
    const used = new Set([...this.alwaysUsed, ...page.properties]);
    const kept = new Map<RulePiece, string>();
    const present = (selector: SelectorNeeds) =>
      selector.classes.every((name) => page.classes.has(name)) && selector.elements.every((name) => page.elements.has(name));
    for (const rule of this.rules) {
      const matching = rule.selectors.filter(present);
      if (matching.length === 0) continue;
      kept.set(rule, matching.length === rule.selectors.length ? rule.text : matching.map((s) => s.text).join(",") + rule.body);
      for (const name of rule.uses) used.add(name);
    }
    // What the used definitions read themselves (`--default-font-family: var(--font-sans)`), until nothing changes.
    for (let grew = true; grew; ) {
      grew = false;
      for (const piece of this.definitions)
        for (const d of piece.declarations)
          if (used.has(d.name))
            for (const name of d.uses)
              if (!used.has(name)) {
                used.add(name);
                grew = true;
              }
    }
    const out: string[] = [];
    for (const piece of this.root) write(piece, kept, used, out);
    return out.join("");
  }
}

/** How many cuts `bytesForPage` keeps: a few per route and language, each 20-35 KB. */
const RECENT_CUTS = 64;

/** What the sheet needs to know of a page's markup. */
export interface PageUses {
  classes: ReadonlySet<string>;
  /** Element names, lower case. */
  elements: ReadonlySet<string>;
  /** The custom properties its style attributes use. */
  properties: ReadonlySet<string>;
}

/**
 * Elements an HTML parser creates without a tag for them in the markup (a `<tr>` straight in a `<table>` gets a
 * `<tbody>`); `html`, `head` and `body` are always written by the root.
 */
const IMPLIED_ELEMENTS: Record<string, string[]> = { table: ["tbody"], tr: ["tbody"] };

/** What `html` uses, with the class names of `shownLater` (markup that script shows later, app/lib/later-styles.ts). */
export function markupUses(html: string, shownLater: Iterable<string> = []): PageUses {
  const classes = new Set<string>(shownLater);
  for (const [, list = ""] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of list.split(WHITESPACE)) if (name) classes.add(name.includes("&") ? decodeEntities(name) : name);
  }
  const elements = new Set<string>();
  for (const [, tag = ""] of html.matchAll(START_TAG)) {
    const name = tag.toLowerCase();
    elements.add(name);
    for (const implied of IMPLIED_ELEMENTS[name] ?? []) elements.add(implied);
  }
  const properties = new Set<string>();
  for (const [, style = ""] of html.matchAll(STYLE_ATTRIBUTE)) for (const name of varsIn(style)) properties.add(name);
  return { classes, elements, properties };
}

// React writes one space before each attribute: a literal start is what makes the search fast (0.2 ms on 120 KB).
const CLASS_ATTRIBUTE = / class="([^"]*)"/g;
const STYLE_ATTRIBUTE = / style="([^"]*)"/g;
// A `<` in a script or in text is written as `\u003c` or `&lt;` by React, so each match is a start tag (or, in an
// inline script, something that only ever adds a name: the cut keeps more, never less).
const START_TAG = /<([a-zA-Z][\w-]*)/g;
const WHITESPACE = /\s+/;
const VAR = /var\(\s*(--[\w-]+)/g;

function varsIn(text: string): string[] {
  return [...text.matchAll(VAR)].map(([, name = ""]) => name);
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e] ?? `&${e};`);
}
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/**
 * A node of the sheet:
 * - `text`: always kept (`uses`: the custom properties it reads);
 * - `rule`: kept with those of its selectors whose classes and elements are all present (`body`: its `{…}`);
 * - `definitions`: a rule that only defines custom properties for everything, each kept when used;
 * - `property`: an `@property` rule, kept when its property is used;
 * - `block`: an at-rule around pieces, kept (with its own text around them) when something inside is.
 */
type SelectorNeeds = { text: string; classes: string[]; elements: string[] };
type RulePiece = { kind: "rule"; text: string; selectors: SelectorNeeds[]; body: string; uses: string[] };
type DefinitionsPiece = { kind: "definitions"; selector: string; declarations: { name: string; text: string; uses: string[] }[] };
type Piece =
  | { kind: "text"; text: string; uses: string[] }
  | RulePiece
  | DefinitionsPiece
  | { kind: "property"; name: string; text: string }
  | { kind: "block"; open: string; children: Piece[]; keepEmpty: boolean };

/** `.a\:b:hover .c` → ["a:b", "c"]; an escape stands for the character after it. */
function classesOfSelector(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name = ""]) => name.replace(/\\(.)/g, "$1"));
}

/**
 * `ul > li:hover a` → ["ul", "li", "a"]: the type selectors every match needs, lower case. What is inside
 * parentheses (`:not(iframe)`, `:where(h1,h2)`) or brackets is not required of the markup, so it is left out, as
 * are escaped characters; `*` and pseudo-elements name no element.
 */
function elementsOfSelector(selector: string): string[] {
  let plain = selector.replace(/\\./g, "_").replace(/\[[^\]]*\]/g, "");
  for (let outer = ""; outer !== plain; ) {
    outer = plain;
    plain = plain.replace(/\([^()]*\)/g, ""); // the innermost parentheses, until none is left
  }
  return [...plain.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map(([, name = ""]) => name.toLowerCase());
}

function toPiece(node: ChildNode): Piece {
  if (node.type === "rule") {
    const rule = node as Rule;
    const text = rule.toString();
    const uses = varsIn(text);
    const selectors = rule.selectors.map((selector) => ({
      text: selector,
      classes: classesOfSelector(selector),
      elements: elementsOfSelector(selector),
    }));
    const body = text.slice(text.indexOf("{"));
    if (selectors.every((s) => s.classes.length + s.elements.length > 0)) return { kind: "rule", text, selectors, body, uses };
    const declarations = rule.nodes.filter((n): n is Declaration => n.type === "decl");
    if (declarations.length === rule.nodes.length && declarations.every((d) => d.prop.startsWith("--")))
      return {
        kind: "definitions",
        selector: rule.selector,
        declarations: declarations.map((d) => ({ name: d.prop, text: d.toString(), uses: varsIn(d.value) })),
      };
    return { kind: "text", text, uses };
  }
  if (node.type === "atrule") {
    const at = node as AtRule;
    if (!at.nodes) return { kind: "text", text: `${at.toString()};`, uses: [] }; // @layer a, b;
    if (at.name === "property") return { kind: "property", name: at.params.trim(), text: at.toString() };
    // Keyframes and @font-face are not about classes; @media, @supports, @layer and @container hold rules.
    if (!/^(media|supports|layer|container)$/.test(at.name)) return { kind: "text", text: at.toString(), uses: varsIn(at.toString()) };
    return {
      kind: "block",
      open: `@${at.name}${at.params ? ` ${at.params}` : ""}{`,
      children: at.nodes.map(toPiece),
      keepEmpty: at.name === "layer" && at.nodes.length === 0,
    };
  }
  return { kind: "text", text: node.toString(), uses: [] }; // a comment: the licence line
}

function write(piece: Piece, kept: ReadonlyMap<RulePiece, string>, used: ReadonlySet<string>, out: string[]): void {
  if (piece.kind === "text") out.push(piece.text);
  else if (piece.kind === "rule") {
    const text = kept.get(piece);
    if (text !== undefined) out.push(text);
  } else if (piece.kind === "property") {
    if (used.has(piece.name)) out.push(piece.text);
  } else if (piece.kind === "definitions") {
    const declarations = piece.declarations.filter((d) => used.has(d.name));
    if (declarations.length) out.push(`${piece.selector}{`, declarations.map((d) => d.text).join(";"), "}");
  } else {
    const inner: string[] = [];
    for (const child of piece.children) write(child, kept, used, inner);
    if (inner.length || piece.keepEmpty) out.push(piece.open, ...inner, "}");
  }
}
