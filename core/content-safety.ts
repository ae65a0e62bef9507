// The one place that decides whether user-facing text suggests minors. Titles,
// descriptions, tags and category names all pass through here before they are
// stored, so the list and its matching rules are tested case by case.

/** Between the parts of a compound term: nothing, spaces, hyphens or underscores. */
const SEP = "[\\s_-]*";

// Each rule is a regex fragment. Word rules get letter boundaries so
// "canteen", "kidney", "minority" and "Childress" pass, while digits still
// count as a boundary so "18teen" and "teen18" are caught.
const WORD_RULES: readonly string[] = [
  `(?:pre${SEP})?teen(?:s|age|aged|ager|agers|ie|ies)?`,
  `under${SEP}aged?`,
  `school${SEP}(?:girl|boy)s?`,
  `young${SEP}looking`,
  `loli(?:s|ta|tas|con)?`,
  `shota(?:s|con)?`,
  `minors?`,
  `child(?:s|ren|like)?`,
  `kid(?:s|die|dies|dy)?`,
  `jail${SEP}bait`,
  `barely${SEP}(?:legal|18|eighteen)`,
];

// Explicit ages under 18 ("16yo", "15 y/o", "17-year-old"). The digit
// lookbehind keeps "18yo" and "118 years old" from matching on their tail.
const AGE_RULE = `(?<!\\d)(?:1[0-7]|[1-9])${SEP}(?:yo|y/o|yrs?${SEP}old|years?${SEP}old)`;

const MINOR_PATTERN = new RegExp(`(?<!\\p{L})(?:${[...WORD_RULES, AGE_RULE].join("|")})(?!\\p{L})`, "iu");

// Fold accents, compatibility forms (full-width letters) and invisible
// format characters so "téén" or "te\u200Ben" cannot slip past.
function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\p{M}\p{Cf}]/gu, "")
    .toLowerCase();
}

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
  const match = MINOR_PATTERN.exec(normalize(text));
  return match ? match[0].replace(/\s+/g, " ") : null;
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
 * ContentSafetyError's message, naming the field and the term, and `params.contentSafety` so an endpoint that
 * answers unreadable forms in general still shows this refusal beside its field.
 */
export function contentPolicy(field: string) {
  return (
    value: string | null | undefined,
    ctx: { addIssue(issue: { code: "custom"; message: string; params: { contentSafety: true } }): void },
  ) => {
    const term = value ? findMinorSuggestingTerm(value) : null;
    if (term !== null)
      ctx.addIssue({ code: "custom", message: new ContentSafetyError(field, term).message, params: { contentSafety: true } });
  };
}
