import { routeInput } from "~/lib/route-contract.server";
import { DEFAULT_LOCALE, LOCALES } from "~core/locales";
import { input } from "~core/params";
import { defineRoute } from "~core/route-contract";
import type { Suggestions } from "~core/search-suggestions";
import { z } from "~core/zod";
import { searchSuggestions } from "../../../server/services/search-suggestions";
import type { Route } from "./+types/search-suggestions";
import { failureAnswer, jsonAnswer } from "./json-answer";

/**
 * `GET /api/search-suggestions?q=<text>`: up to 8 public video titles and 3 categories containing the text,
 * with their addresses, for the header's search box (app/components/layout/SearchCombobox.tsx). Under 2
 * characters: an empty answer without a query.
 */

export type SuggestionsAnswer = Suggestions | { error: "failed" };

export const contract = defineRoute({
  access: "public",
  kind: "resource",
  // `lang`: the page's language (docs/i18n.md "Content"); none is English, an unknown one a 400.
  input: { query: z.object({ q: input.q, lang: z.enum(LOCALES).default(DEFAULT_LOCALE) }) },
});

// The answer is the same for everyone and only public titles: browsers and CDNs may keep it briefly (a box
// retyped or backspaced asks nothing again). Half a minute bounds how long a video taken down stays suggested.
const CACHEABLE = { "Cache-Control": "public, max-age=30" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { q, lang } = routeInput(context, contract).query;
  try {
    return jsonAnswer<SuggestionsAnswer>(200, await searchSuggestions(q, undefined, lang), CACHEABLE);
  } catch (err) {
    return failureAnswer<SuggestionsAnswer>(context, "search suggestions", err, { error: "failed" });
  }
}
