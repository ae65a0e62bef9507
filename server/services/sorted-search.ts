import { DURATION_BUCKET, isDefaultOrder, type ListingOrder, type Sort } from "../../core/listing-order";
import { getDb } from "../db/connection";
import {
  normaliseQuery,
  orderBySql,
  publicCardsById,
  SEARCH_LIMIT,
  SEARCH_WINDOW,
  searchVideos,
  titleContains,
  trigramSearchable,
  type VideoCard,
} from "./videos";

/**
 * Title search in any sort and duration filter (issue 23 item 7). The plain order is the two-pass search
 * of services/videos.ts as it was; the others take the same two passes over their own index (migration 0020):
 * 1. walk the first `window` public videos of the sort (of the duration bucket) in index order and keep the
 *    titles that match: if that fills a page, it is exactly the first page overall (everything outside the
 *    window comes later in the order);
 * 2. otherwise the term is rare there, and the trigram index collects every match, which is then sorted
 *    (the matches, never the table).
 * The first pass is index-only: the indexes it walks carry the lower-cased title (migration 0020), and it
 * reads only the sort's own column. docs/benchmarks.md has both passes' costs at 1M.
 */
export async function searchVideosInOrder(q: string, order: ListingOrder, window = SEARCH_WINDOW): Promise<VideoCard[]> {
  if (isDefaultOrder(order)) return searchVideos(q, window);
  const term = normaliseQuery(q);
  if (!term) return [];
  const first = await windowMatches(term, order, window);
  const hits = first.length === SEARCH_LIMIT || !trigramSearchable(term) ? first : await trigramMatches(term, order);
  if (hits.length === 0) return [];
  // The cards come back newest first: put them back in the order of the matches.
  const rank = new Map(hits.map((h, i) => [h.id, i]));
  const cards = await publicCardsById(hits.map((h) => h.id));
  return cards.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}

/** The column each sort's index leads with (after the bucket): the only one besides id and title the walk reads. */
const SORT_COLUMN = { newest: "v.upload_date", views: "v.views", likes: "v.likes" } as const satisfies Record<Sort, string>;

function windowMatches(term: string, order: ListingOrder, window: number) {
  return getDb()
    .selectFrom((qb) => {
      let walk = qb.selectFrom("videos as v").select(["v.id", SORT_COLUMN[order.sort], "v.title_lower"]).where("v.is_public", "=", true);
      if (order.duration) walk = walk.where("v.duration_bucket", "=", DURATION_BUCKET[order.duration]);
      return walk.orderBy(orderBySql(order.sort)).limit(window).as("v");
    })
    .select("v.id")
    .where(titleContains("v.title_lower", term))
    .orderBy(orderBySql(order.sort))
    .limit(SEARCH_LIMIT)
    .execute();
}

/** Every match through the trigram index (MATERIALIZED, so the planner cannot walk a sort index instead), then the first page. */
function trigramMatches(term: string, order: ListingOrder) {
  return getDb()
    .with(
      (cte) => cte("m").materialized(),
      (qb) => {
        let matches = qb
          .selectFrom("videos as v")
          .select(["v.id", "v.upload_date", "v.views", "v.likes"])
          .where("v.is_public", "=", true)
          .where(titleContains("v.title_lower", term));
        if (order.duration) matches = matches.where("v.duration_bucket", "=", DURATION_BUCKET[order.duration]);
        return matches;
      },
    )
    .selectFrom("m as v")
    .select("v.id")
    .orderBy(orderBySql(order.sort))
    .limit(SEARCH_LIMIT)
    .execute();
}
