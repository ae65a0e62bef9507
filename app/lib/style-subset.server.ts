import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from "postcss";

/**
 * The inline stylesheet cut to one page (ADR 0044; docs/benchmarks.md "Issue 35: each page's stylesheet cut to its
 * markup"): a page uses about 40 % of the public sheet, and the whole sheet was half of a first round trip. Built
 * once from the stylesheet; per page, `forPage` keeps
 * - each class rule whose selector's classes the markup all names (any one of its selectors);
 * - every other rule (the reset, element and attribute rules, keyframes);
 * - of the custom properties the sheet defines for everything (the theme's `:root` variables, Tailwind's
 *   `@property` rules and their fallback for older browsers), those that a kept rule or the markup's own styles
 *   use, directly or through another variable;
 * in the sheet's order and inside the same at-rules. The whole sheet follows from its file (app/lib/app-styles.tsx):
 * every rule kept here is in it too, later, so the cascade comes out as the whole sheet's.
 */
export class StyleSubset {
  private readonly root: Piece[];
  /** The class rules, each once, wherever they are in the tree. */
  private readonly rules: RulePiece[] = [];
  private readonly definitions: DefinitionsPiece[] = [];
  /** What the rules kept on every page read. */
  private readonly alwaysUsed = new Set<string>();

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

  /** The stylesheet for markup with these class names, whose inline styles use these custom properties. */
  forPage(page: { classes: ReadonlySet<string>; properties: ReadonlySet<string> }): string {
    const used = new Set([...this.alwaysUsed, ...page.properties]);
    const kept = new Set<RulePiece>();
    for (const rule of this.rules) {
      if (!rule.needs.some((list) => list.every((name) => page.classes.has(name)))) continue;
      kept.add(rule);
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

/** What the sheet needs to know of a page's markup: its class names, and the custom properties its style attributes use. */
export function markupUses(html: string): { classes: Set<string>; properties: Set<string> } {
  const classes = new Set<string>();
  for (const [, list = ""] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of list.split(WHITESPACE)) if (name) classes.add(name.includes("&") ? decodeEntities(name) : name);
  }
  const properties = new Set<string>();
  for (const [, style = ""] of html.matchAll(STYLE_ATTRIBUTE)) for (const name of varsIn(style)) properties.add(name);
  return { classes, properties };
}

// React writes one space before each attribute: a literal start is what makes the search fast (0.2 ms on 120 KB).
const CLASS_ATTRIBUTE = / class="([^"]*)"/g;
const STYLE_ATTRIBUTE = / style="([^"]*)"/g;
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
 * - `rule`: kept when one of its selectors' class lists is all present;
 * - `definitions`: a rule that only defines custom properties for everything, each kept when used;
 * - `property`: an `@property` rule, kept when its property is used;
 * - `block`: an at-rule around pieces, kept (with its own text around them) when something inside is.
 */
type RulePiece = { kind: "rule"; text: string; needs: string[][]; uses: string[] };
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

function toPiece(node: ChildNode): Piece {
  if (node.type === "rule") {
    const rule = node as Rule;
    const needs = rule.selectors.map(classesOfSelector);
    const text = rule.toString();
    const uses = varsIn(text);
    if (needs.every((list) => list.length > 0)) return { kind: "rule", text, needs, uses };
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

function write(piece: Piece, kept: ReadonlySet<RulePiece>, used: ReadonlySet<string>, out: string[]): void {
  if (piece.kind === "text") out.push(piece.text);
  else if (piece.kind === "rule") {
    if (kept.has(piece)) out.push(piece.text);
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
