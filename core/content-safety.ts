// The one place that decides whether user-facing text suggests minors. Titles,
// descriptions, tags and category names all pass through here before they are
// stored, so the list and its matching rules are tested case by case, in every
// language the site serves: each language's rules apply to every text.

import { LATIN_TABLES, type RuleTable } from "./content-safety-rules";
import { AR, JA } from "./content-safety-rules-ja-ar";

/** The rules, one table per language the site serves: content-safety-rules.ts and content-safety-rules-ja-ar.ts. */
export const RULE_TABLES: readonly RuleTable[] = [...LATIN_TABLES, JA, AR];

const BOUNDARY: Record<RuleTable["script"], string> = { latin: "\\p{sc=Latin}", arabic: "\\p{sc=Arabic}", cjk: "" };

// Fold accents and other marks, compatibility forms (full-width letters and digits, half-width katakana),
// invisible format characters and the Arabic tatweel so "téén", "ＴＥＥＮ", "te\u200Ben" or "طـفل" cannot slip
// past; Arabic-Indic digits become ASCII ("١٦" → "16"), أ/إ/آ become ا. Kept as letters of their own, since
// they tell words apart: "ñ" ("niña" and the name "Nina"; folded to "n" for every rule but the Spanish
// table's rulesWithEnye), the Japanese voicing marks (ディーン "Dean" is not ティーン "teen") and ؤ/ئ
// (لؤلئ "pearls" is not لولي "loli").
const RECOMPOSE = /[nN]\u0303|[\u3040-\u30FF][\u3099\u309A]|[\u0648\u064A]\u0654/g;

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\p{Cf}\u0640]/gu, "")
    .replace(RECOMPOSE, (pair) => pair.normalize("NFC"))
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

const withoutEnye = (text: string) => text.replace(/\u00F1/g, "n");

/** A rule as written (non-ASCII words spelled normally) folded like the text it is matched against. */
const foldRule = (rule: string) => rule.replace(/[\u0080-\u{10FFFF}]+/gu, fold);

function compile(tables: readonly RuleTable[], pick: (t: RuleTable) => readonly string[] | undefined, enye: boolean): RegExp {
  const groups = tables.flatMap((table) => {
    const rules = (pick(table) ?? []).map(foldRule).map((r) => (enye ? r : withoutEnye(r)));
    if (rules.length === 0) return [];
    const b = BOUNDARY[table.script];
    const body = `(?:${rules.join("|")})`;
    return [b ? `(?<!${b})${body}(?!${b})` : body];
  });
  return new RegExp(groups.join("|"), "iu");
}

const MINOR_PATTERN = compile(RULE_TABLES, (t) => t.rules, false);
/** Matched against the text with "ñ" kept; its positions line up with the folded text's. */
const ENYE_PATTERN = compile(RULE_TABLES, (t) => t.rulesWithEnye, true);

function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Field";
}

export class ContentSafetyError extends Error {
  readonly field: string;
  readonly term: string;

  constructor(field: string, term: string) {
    super(`${fieldLabel(field)} contains a term that suggests minors ("${term}"), which is not allowed.`);
    this.name = "ContentSafetyError";
    this.field = field;
    this.term = term;
  }
}

/** The first minor-suggesting term in `text` (normalised, as written), or null. */
export function findMinorSuggestingTerm(text: string): string | null {
  const folded = fold(text);
  const matches = [MINOR_PATTERN.exec(withoutEnye(folded)), ENYE_PATTERN.exec(folded)].filter((m) => m !== null);
  const first = matches.sort((a, b) => a.index - b.index)[0];
  // Sliced from the text with "ñ" kept: the message says "16 años", as written.
  return first ? folded.slice(first.index, first.index + first[0].length).replace(/\s+/g, " ") : null;
}

/** Throws ContentSafetyError for the first offending field; null/undefined fields are skipped. */
export function assertNoMinorSuggestingTerms(fields: Record<string, string | string[] | null | undefined>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (value == null) continue;
    for (const text of Array.isArray(value) ? value : [value]) {
      const term = findMinorSuggestingTerm(text);
      if (term !== null) throw new ContentSafetyError(field, term);
    }
  }
}

/**
 * The policy as a zod refinement of one form field (`.superRefine(contentPolicy("title"))`): its issue carries
 * ContentSafetyError's message, naming the field and the term, in English for the console; and
 * `params.contentSafety` with the term, so an endpoint that answers unreadable forms in general still shows this
 * refusal beside its field, and a visitor's page words it in its own language (contentPolicyTerm).
 */
export function contentPolicy(field: string) {
  return (
    value: string | null | undefined,
    ctx: { addIssue(issue: { code: "custom"; message: string; params: { contentSafety: true; term: string } }): void },
  ) => {
    const term = value ? findMinorSuggestingTerm(value) : null;
    if (term !== null)
      ctx.addIssue({ code: "custom", message: new ContentSafetyError(field, term).message, params: { contentSafety: true, term } });
  };
}

/** The term a contentPolicy issue refused, or null for any other issue. */
export function contentPolicyTerm(issue: { code: string; params?: unknown }): string | null {
  const params = issue.code === "custom" ? (issue.params as { contentSafety?: unknown; term?: unknown } | undefined) : undefined;
  return params?.contentSafety === true && typeof params.term === "string" ? params.term : null;
}
