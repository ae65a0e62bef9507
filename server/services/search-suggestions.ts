import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import { paths } from "../../core/paths";
import { NO_SUGGESTIONS, type Suggestion, type Suggestions, suggestible } from "../../core/search-suggestions";
import { getDb } from "../db/connection";
import { prepared } from "../db/prepared";
import { listCategories } from "./categories";
import { localizeCategories } from "./content-translations";
import { translatedMatches } from "./translated-search";
import { newestPublicTitles, normaliseQuery, SEARCH_LIMIT, SEARCH_WINDOW, titleLike, titlePattern, trigramSearchable } from "./videos";

/**
 * Search suggestions for the header's search box (issue 23 item 6): public video titles and categories that
 * contain what was typed. The title matches come from the same two passes as the search page (the newest-titles
 * walk, then the trigram index for rarer terms; server/services/videos.ts), so a keystroke costs what a search
 * costs at most, and from the same partial indexes on `is_public`, so a hidden, held, removed or private video
 * can never be suggested.
 */

export const SUGGESTED_TITLES = 8;
export const SUGGESTED_CATEGORIES = 3;

/**
 * On another language's page (docs/i18n.md "Content"), titles and category names in that language (published
 * translations) are suggested besides the English ones, which then say they are English (`lang`).
 */
export async function searchSuggestions(q: string, window = SEARCH_WINDOW, locale: Locale = DEFAULT_LOCALE): Promise<Suggestions> {
  const term = normaliseQuery(q);
  // One letter matches most of the catalogue: nothing to suggest, and no query.
  if (!suggestible(term)) return NO_SUGGESTIONS;
  const [titles, categories] = await Promise.all([titleSuggestions(term, window, locale), categorySuggestions(term, locale)]);
  return { titles, categories };
}

async function titleSuggestions(term: string, window: number, locale: Locale): Promise<Suggestion[]> {
  const pattern = titlePattern(term);
  const recent = await newestCandidates(pattern, window);
  // As the search page: a full set from the window is the newest overall; otherwise the term is rare and the
  // trigram index finds every match (a term without trigrams is looked for in the window only).
  const english = recent.length === SEARCH_LIMIT || !trigramSearchable(term) ? recent : await trigramCandidates(pattern);
  const translated = locale === DEFAULT_LOCALE ? [] : await translatedCandidates(term, locale, window);
  const seen = new Set(translated.map((c) => c.id));
  const lang: Locale | undefined = locale === DEFAULT_LOCALE ? undefined : DEFAULT_LOCALE;
  const candidates = [
    ...translated.map((c) => ({ ...c, lang: undefined })),
    ...english.filter((c) => !seen.has(c.id)).map((c) => ({ ...c, lang })),
  ];
  return rankByPosition(candidates, term.toLowerCase())
    .slice(0, SUGGESTED_TITLES)
    .map((c) => ({ label: c.title, url: paths.video(c.id), ...(c.lang && { lang: c.lang }) }));
}

/** The published titles in `locale` that contain `term` (services/translated-search.ts), newest first. */
async function translatedCandidates(term: string, locale: Locale, window: number) {
  const ids = await translatedMatches(term, { sort: "newest", duration: null }, locale, window);
  if (ids.length === 0) return [];
  const rows = await getDb()
    .selectFrom("video_translations")
    .select(["video_id as id", "title", "title_lower"])
    .where("locale", "=", locale)
    .where("video_id", "in", ids)
    .execute();
  const rank = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}

/**
 * What a typing person means first: titles that start with the term, then titles with a word that starts with
 * it, then the rest; newest first within each (the candidates come newest first and the sort is stable).
 * Ranking the newest 50 matches, not every match, keeps the cost bounded whatever the term.
 */
export function rankByPosition<T extends { title_lower: string }>(candidates: T[], term: string): T[] {
  const rank = (title: string) => {
    const at = title.indexOf(term);
    if (at === 0) return 0;
    return at > 0 && /[^\p{L}\p{N}]/u.test(title[at - 1] ?? "") ? 1 : 2;
  };
  return candidates
    .map((c) => ({ c, r: rank(c.title_lower) }))
    .sort((a, b) => a.r - b.r)
    .map(({ c }) => c);
}

/**
 * Categories come from the in-process lists every page already uses (no query per keystroke): a category
 * matches by its name in the page's language or its English name, and is labelled in the page's language.
 */
async function categorySuggestions(term: string, locale: Locale): Promise<Suggestion[]> {
  const needle = term.toLowerCase();
  const matching = (await localizeCategories(await listCategories(), locale))
    .map((c) => ({ title_lower: c.name.toLowerCase(), c }))
    .filter((c) => c.title_lower.includes(needle) || c.c.english_name.toLowerCase().includes(needle));
  return rankByPosition(matching, needle)
    .slice(0, SUGGESTED_CATEGORIES)
    .map(({ c }) => ({ label: c.name, url: paths.category(c.slug), ...(c.name_lang && { lang: c.name_lang }) }));
}

// The newest SEARCH_LIMIT matches of either pass, with the original title of just those rows (the walk's covering
// index holds only the lower-cased copy). Built and compiled once (server/db/prepared.ts).
const newestCandidates = prepared((pattern: string, window: number) =>
  getDb()
    .with("recent", (qb) => newestPublicTitles(qb, window))
    .with("m", (qb) =>
      qb
        .selectFrom("recent")
        .selectAll()
        .where(titleLike("title_lower", pattern))
        .orderBy("upload_date", "desc")
        .orderBy("id", "desc")
        .limit(SEARCH_LIMIT),
    )
    .selectFrom("m")
    .innerJoin("videos as v", "v.id", "m.id")
    .select(["m.id", "v.title", "m.title_lower"])
    .where("v.is_public", "=", true)
    .orderBy("m.upload_date", "desc")
    .orderBy("m.id", "desc"),
);

// MATERIALIZED and unordered, as the search page's trigram pass, so the planner cannot walk the date index instead.
const trigramCandidates = prepared((pattern: string) =>
  getDb()
    .with(
      (cte) => cte("m").materialized(),
      (qb) =>
        qb
          .selectFrom("videos")
          .select(["id", "upload_date", "title", "title_lower"])
          .where("is_public", "=", true)
          .where(titleLike("title_lower", pattern)),
    )
    .selectFrom("m")
    .select(["id", "title", "title_lower"])
    .orderBy("upload_date", "desc")
    .orderBy("id", "desc")
    .limit(SEARCH_LIMIT),
);
