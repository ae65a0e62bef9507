import postcss, { type AtRule, type ChildNode, type Rule } from "postcss";

/**
 * The inline stylesheet cut to one page (docs/benchmarks.md "Issue 35: the first round trip"): a page uses about a
 * third of the public utilities, and the whole sheet was half of its first 14 KB. Built once from the stylesheet;
 * per page, `forClasses` keeps every rule that is not about classes (the reset, the theme's variables, element
 * and attribute rules, keyframes, @property) and each class rule whose every selector's classes the page's markup
 * names, in the sheet's order and inside the same at-rules. The whole sheet follows as a cached file once the page
 * has painted (page-sink.server.ts): a rule kept here is in it too, later, so the cascade comes out as the whole
 * sheet's, and classes that only script adds later (an opened menu, another route) are styled from it.
 */
export class StyleSubset {
  private readonly root: Piece[];

  constructor(css: string) {
    this.root = postcss.parse(css).nodes.map(toPiece);
  }

  /** The stylesheet with only the rules `classes` can match. */
  forClasses(classes: ReadonlySet<string>): string {
    const out: string[] = [];
    for (const piece of this.root) write(piece, classes, out);
    return out.join("");
  }
}

/** The class names in `html`'s `class` attributes (as React writes them: double quotes, entities for `"`). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list = ""] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of list.split(WHITESPACE)) if (name) classes.add(name.includes("&") ? decodeEntities(name) : name);
  }
  return classes;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const WHITESPACE = /\s+/;

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e] ?? `&${e};`);
}
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/**
 * A node of the sheet: text always kept, a rule kept when one of its selectors' class lists is all present, or an
 * at-rule kept (with its own text around them) when something inside is.
 */
type Piece =
  | { kind: "text"; text: string }
  | { kind: "rule"; text: string; needs: string[][] }
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
    // Rules about elements, attributes or the document (the reset, the theme) apply to every page.
    return needs.some((list) => list.length === 0) ? { kind: "text", text } : { kind: "rule", text, needs };
  }
  if (node.type === "atrule") {
    const at = node as AtRule;
    if (!at.nodes) return { kind: "text", text: `${at.toString()};` }; // @layer a, b; @import …
    // Keyframes, @property and @font-face are not about classes; @media, @supports and @layer hold rules.
    if (!/^(media|supports|layer|container)$/.test(at.name)) return { kind: "text", text: at.toString() };
    return {
      kind: "block",
      open: `@${at.name}${at.params ? ` ${at.params}` : ""}{`,
      children: at.nodes.map(toPiece),
      keepEmpty: at.name === "layer" && at.nodes.length === 0,
    };
  }
  return { kind: "text", text: node.toString() }; // a comment: the licence line
}

function write(piece: Piece, classes: ReadonlySet<string>, out: string[]): void {
  if (piece.kind === "text") out.push(piece.text);
  else if (piece.kind === "rule") {
    if (piece.needs.some((list) => list.every((name) => classes.has(name)))) out.push(piece.text);
  } else {
    const inner: string[] = [];
    for (const child of piece.children) write(child, classes, inner);
    if (inner.length || piece.keepEmpty) out.push(piece.open, ...inner, "}");
  }
}
