import { useEffect, useState } from "react";
import { DEFAULT_LOCALE, type Locale } from "~core/locales";
import { paths } from "~core/paths";
import { NO_SUGGESTIONS, type Suggestions, suggestible } from "~core/search-suggestions";

/** Long enough that a word typed at speed asks once, short enough to feel immediate. */
export const SUGGEST_DEBOUNCE_MS = 150;

/**
 * The suggestions for `text`, asked `SUGGEST_DEBOUNCE_MS` after the last change. A newer text aborts the
 * request still in flight (AbortController), so an older, slower answer can never replace a newer one.
 * Under 2 characters nothing is asked and the answer is empty at once. A failed request suggests nothing:
 * the form still submits to /search.
 */
export function useSearchSuggestions(text: string, locale: Locale): Suggestions {
  const [answer, setAnswer] = useState<Suggestions>(NO_SUGGESTIONS);
  const q = text.trim();
  useEffect(() => {
    if (!suggestible(q)) {
      setAnswer(NO_SUGGESTIONS);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const lang = locale === DEFAULT_LOCALE ? undefined : locale;
        const res = await fetch(paths.api.searchSuggestions(q, lang), { signal: controller.signal });
        const body = res.ok ? ((await res.json()) as Suggestions) : NO_SUGGESTIONS;
        if (!controller.signal.aborted) setAnswer({ titles: body.titles ?? [], categories: body.categories ?? [] });
      } catch {
        if (!controller.signal.aborted) setAnswer(NO_SUGGESTIONS);
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, locale]);
  return answer;
}
