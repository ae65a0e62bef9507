import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { DURATIONS, type Duration, type ListingOrder, SORTS } from "../../core/listing-order";
import { setDatabase } from "../../server/db/connection";
import type { Database } from "../../server/db/schema";
import { findCategoryByName } from "../../server/services/categories";
import { searchVideosInOrder } from "../../server/services/sorted-search";
import { listVideos, SEARCH_LIMIT } from "../../server/services/videos";
import type { BenchFixtures } from "./catalogue";
import { round } from "./stats";

/**
 * Checks every sort × duration combination of category pages and search (issue 23 item 7) on the bench
 * catalogue: the real service calls run through a Kysely instance that logs their SQL (as page-queries.ts
 * does), and each statement's EXPLAIN ANALYZE must walk an index of videos and never sort the table. A Sort
 * is allowed only over the trigram pass's collected matches (a CTE Scan: the matches, not the table) or over
 * at most a page of rows (search's cards, looked up by id).
 * Counts (cached 30 s per listing) are reported, not judged.
 */

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

export interface OrderPlanRow {
  listing: string;
  sort: string;
  duration: string;
  statement: string;
  scans: string;
  sorts: string;
  ms: number;
  ok: boolean;
  why?: string;
}

function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}

/** Why a statement's plan is not served by an index in order, or undefined when it is. */
function judge(plan: PlanNode): string | undefined {
  const all = nodes(plan);
  const seq = all.find((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "videos");
  if (seq) return "sequential scan of videos";
  if (!all.some((n) => n["Index Name"]?.startsWith("videos_"))) return "no index of videos";
  for (const sort of all.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")) {
    const below = nodes(sort).slice(1);
    const input = sort.Plans?.[0];
    const sorted = input ? input["Actual Rows"] * input["Actual Loops"] : 0;
    if (sorted <= SEARCH_LIMIT || below.some((n) => n["Node Type"] === "CTE Scan")) continue;
    return `${sort["Node Type"]} of ${sorted} rows of videos`;
  }
  return undefined;
}

function summarise(plan: PlanNode): { scans: string; sorts: string } {
  const all = nodes(plan);
  const scans = all
    .filter((n) => n["Index Name"] || n["Node Type"].includes("Scan"))
    .filter((n) => n["Relation Name"] === "videos" || n["Index Name"])
    .map((n) => `${n["Node Type"]}${n["Index Name"] ? ` ${n["Index Name"]}` : ""} (${n["Actual Rows"] * n["Actual Loops"]} rows)`);
  const sorts = all.filter((n) => /Sort$/.test(n["Node Type"])).map((n) => `${n["Node Type"]} ${n["Actual Rows"]} rows`);
  return { scans: [...new Set(scans)].join("; "), sorts: sorts.join("; ") || "none" };
}

export async function checkOrderPlans(url: string, fx: BenchFixtures, log: (m: string) => void): Promise<OrderPlanRow[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (e) => {
      if (e.level === "query") captured.push({ sql: e.query.sql, params: [...e.query.parameters] });
    },
  });
  setDatabase({ db, pool, url, close: () => db.destroy() });
  const rows: OrderPlanRow[] = [];
  try {
    const category = await findCategoryByName(fx.bigCategory.name);
    if (!category) throw new Error(`no category ${fx.bigCategory.name}`);
    const orders: ListingOrder[] = SORTS.flatMap((sort) => [null, ...DURATIONS].map((duration: Duration | null) => ({ sort, duration })));
    const listings: [string, (o: ListingOrder) => Promise<unknown>][] = [
      [`category ${fx.bigCategory.slug} page 1`, (order) => listVideos({ categoryId: category.id, page: 1, order })],
      [`category ${fx.bigCategory.slug} page 20`, (order) => listVideos({ categoryId: category.id, page: 20, order })],
      [`search "${fx.searchCommon.term}" (${fx.searchCommon.matches})`, (order) => searchVideosInOrder(fx.searchCommon.term, order)],
      [`search "${fx.searchMid.term}" (${fx.searchMid.matches})`, (order) => searchVideosInOrder(fx.searchMid.term, order)],
      [`search "${fx.searchRare.term}" (${fx.searchRare.matches})`, (order) => searchVideosInOrder(fx.searchRare.term, order)],
    ];
    for (const [listing, run] of listings) {
      for (const order of orders) {
        captured.length = 0;
        await run(order);
        for (const [i, q] of captured.entries()) {
          const isCount = /count\(\*\)/i.test(q.sql);
          const res = await pool.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`,
            q.params,
          );
          const top = res.rows[0]!["QUERY PLAN"][0];
          const why = isCount ? undefined : judge(top.Plan);
          const row: OrderPlanRow = {
            listing,
            sort: order.sort,
            duration: order.duration ?? "any",
            statement: isCount ? "count" : `statement ${i + 1}`,
            ...summarise(top.Plan),
            ms: round(top["Execution Time"], 2),
            ok: !why,
            ...(why ? { why } : {}),
          };
          rows.push(row);
          log(
            `${row.ok ? "ok  " : "FAIL"} | ${listing} | ${row.sort} | ${row.duration} | ${row.statement} | ${row.ms} ms | ${row.scans} | sorts: ${row.sorts}${why ? ` | ${why}` : ""}`,
          );
        }
      }
    }
  } finally {
    setDatabase(undefined);
    await db.destroy();
  }
  return rows;
}
