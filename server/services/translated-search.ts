import { sql } from "kysely";
import { DURATION_BUCKET, type ListingOrder } from "../../core/listing-order";
import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import { getDb } from "../db/connection";
import { type CardLangs, localizeCards } from "./content-translations";
import { searchVideosInOrder } from "./sorted-search";
import {
  CARD_COLUMNS,
  normaliseQuery,
  orderBySql,
  SEARCH_LIMIT,
  SEARCH_WINDOW,
  titleContains,
  trigramSearchable,
  type VideoCard,
} from "./videos";

/**
 * Search in the page's language (docs/i18n.md "Content"): a video matches by its English title, exactly as the
 * English search finds it (services/sorted-search.ts, unchanged), or by its published title in the page's
 * language. The translated match is index-backed like the English one (migration 0030): the trigram index on
 * the translations' lower-cased titles for a term with trigrams (its matches in every language, then the page's),
 * else a walk of the language's first SEARCH_WINDOW published titles (a short rare term may miss some, as in
 * English). The two sets of matches are
 * merged in the listing's order and cut to a page; the cards come back in the page's language.
 */
export async function searchInLanguage(q: string, order: ListingOrder, locale: Locale): Promise<(VideoCard & CardLangs)[]> {
  const english = await searchVideosInOrder(q, order);
  const term = normaliseQuery(q);
  if (locale === DEFAULT_LOCALE || !term) return localizeCards(english, locale);
  const translated = await translatedMatches(term, order, locale);
  const known = new Set(english.map((v) => v.id));
  const extra = translated.filter((id) => !known.has(id));
  if (extra.length === 0) return localizeCards(english, locale);
  return localizeCards(await cardsInOrder([...english.map((v) => v.id), ...extra], order), locale);
}

/** The ids of public videos whose published title in `locale` contains `term`, first page in the listing's order. */
export async function translatedMatches(term: string, order: ListingOrder, locale: Locale, window = SEARCH_WINDOW): Promise<string[]> {
  const rows = await getDb()
    .with(
      // With a trigram: every published title that matches, through the trigram index, in any language
      // (MATERIALIZED, the language tested after, so the planner cannot walk the language's index instead).
      // Without: the language's first `window` published titles, an index-only walk of its index.
      (cte) => cte("t").materialized(),
      (qb) => {
        const published = qb
          .selectFrom("video_translations")
          .select(["video_id", "locale", "title_lower"])
          .where("state", "=", "published");
        return trigramSearchable(term)
          ? published.where(titleContains("title_lower", term))
          : published.where("locale", "=", locale).limit(window);
      },
    )
    .selectFrom("t")
    .innerJoin("videos as v", "v.id", "t.video_id")
    .select("v.id")
    .where("t.locale", "=", locale)
    .where("v.is_public", "=", true)
    .where(titleContains("t.title_lower", term))
    .$if(order.duration !== null, (qb) => qb.where("v.duration_bucket", "=", DURATION_BUCKET[order.duration!]))
    .orderBy(orderBySql(order.sort))
    .limit(SEARCH_LIMIT)
    .execute();
  return rows.map((r) => r.id);
}

/** The cards of `ids` (public ones), in the listing's order, a page at most. */
function cardsInOrder(ids: string[], order: ListingOrder): Promise<VideoCard[]> {
  return getDb()
    .selectFrom("videos as v")
    .leftJoin("categories as c", "c.id", "v.category_id")
    .select(CARD_COLUMNS)
    .where("v.is_public", "=", true)
    .where(sql<boolean>`v.id = any(${ids}::uuid[])`)
    .orderBy(orderBySql(order.sort))
    .limit(SEARCH_LIMIT)
    .execute();
}
