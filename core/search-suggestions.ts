import type { Locale } from "./locales";

/** What the header's search box and `GET /api/search-suggestions` agree on (issue 23 item 6). */

/** Fewer characters suggest nothing: the browser does not ask, and the server answers empty without a query. */
export const SUGGEST_MIN_LENGTH = 2;

export interface Suggestion {
  label: string;
  url: string;
  /** The label's language where it is not the page's (an English title or category on another language's page). */
  lang?: Locale;
}

export interface Suggestions {
  titles: Suggestion[];
  categories: Suggestion[];
}

export const NO_SUGGESTIONS: Suggestions = { titles: [], categories: [] };

/** Whether `text` is long enough to ask for suggestions (counted in characters, not UTF-16 units). */
export function suggestible(text: string): boolean {
  return [...text.trim()].length >= SUGGEST_MIN_LENGTH;
}
