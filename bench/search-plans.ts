// Diagnostic (not part of `npm run bench`): how stable is the plan of the title search, and what do the
// parts of the two-pass search cost? And (issue 23 item 7) is every sort × duration combination of category
// pages and search served by an index, with no sort of the table (bench/lib/order-plans.ts)?
//   npx tsx bench/search-plans.ts [--videos 1000000] [--analyze 5] [--orders-only]
// `--orders-only` builds the catalogue and runs only the sort × duration check (exit code 1 if one fails);
// it writes bench/.work/order-plans.json.
// Builds the bench catalogue, then for several terms from common to rare re-runs ANALYZE a few times
// and records which plan PostgreSQL picks for the service's exact search query (walk the upload_date
// index and filter, or trigram bitmap then sort), its row estimate and its execution time. Repeats with
// a higher statistics target on videos.title_lower (the column searched since migration 0014). Writes bench/.work/search-plans.json.
import "./lib/quiet";
import fs from "node:fs";
import path from "node:path";
import { logger } from "../server/logger";
import { numberFlag } from "./lib/args";
import { buildCatalogue, pickFixtures, startBenchDatabase } from "./lib/catalogue";
import { installSignalHandlers, runScript } from "./lib/cleanup";
import { checkOrderPlans } from "./lib/order-plans";
import { round } from "./lib/stats";
import { ADJECTIVES, PLACES } from "./lib/words";

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Plan Rows": number;
  "Actual Rows": number;
  Plans?: PlanNode[];
}

function find(node: PlanNode, pred: (n: PlanNode) => boolean): PlanNode | undefined {
  if (pred(node)) return node;
  for (const c of node.Plans ?? []) {
    const hit = find(c, pred);
    if (hit) return hit;
  }
  return undefined;
}

const argv = process.argv.slice(2);
const flag = (name: string, dflt: number) => numberFlag(argv, name, dflt);

async function main(): Promise<void> {
  // On Ctrl-C PostgreSQL gets the signal too and drops connections: expected, so keep the server logger quiet.
  installSignalHandlers(() => {
    logger.level = "silent";
  });
  const videos = flag("--videos", 1_000_000);
  const repeats = flag("--analyze", 5);
  const work = path.resolve(import.meta.dirname, ".work");
  const db = await startBenchDatabase(path.join(work, "pg"));
  const info = await buildCatalogue(db.admin.pool, videos, console.log);
  const fixtures = await pickFixtures(db.admin.pool, info);
  const checkOrders = async () => {
    console.log("\nsort × duration plans: ok | listing | sort | duration | statement | ms | scans | sorts");
    const rows = await checkOrderPlans(db.url, fixtures, console.log);
    fs.writeFileSync(path.join(work, "order-plans.json"), `${JSON.stringify({ videos, fixtures, rows }, null, 2)}\n`);
    const failed = rows.filter((r) => !r.ok);
    console.log(`${rows.length - failed.length} of ${rows.length} statements served by an index without sorting the table`);
    if (failed.length) throw new Error(`${failed.length} sort × duration statements failed the plan check`);
  };
  if (argv.includes("--orders-only")) return checkOrders();
  // The title search as one query, as server/services/videos.ts ran it before commit cddadb1 (the
  // two-pass search replaced it); the stability part below is about this shape.
  const search = {
    sql: `select "v"."id", "v"."title", "v"."views", "v"."duration", "v"."thumbnail_url", "v"."upload_date", "c"."name" as "category_name"
      from "videos" as "v" left join "categories" as "c" on "c"."id" = "v"."category_id"
      where "v"."is_public" = $1 and "v"."title_lower" like lower($2) order by "v"."upload_date" desc, "v"."id" desc limit $3`,
    params: [true, "", 50] as unknown[],
  };
  const pool = db.admin.pool;

  // Terms across the frequency range: the common adjective and places from frequent to rare.
  const candidates = [...new Set([ADJECTIVES[0]!, ...PLACES.filter((_, i) => i % 11 === 0), PLACES.at(-1)!])].map((w) => w.toLowerCase());
  const terms: { term: string; matches: number }[] = [];
  for (const term of candidates) {
    const n = (
      await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM videos WHERE is_public AND title_lower LIKE lower($1)", [`%${term}%`])
    ).rows[0]!.n;
    terms.push({ term, matches: n });
  }
  console.log("plan stability of the single-query search (before cddadb1)");
  const results: Record<string, unknown>[] = [];
  for (const target of [100, 1000]) {
    await pool.query(`ALTER TABLE videos ALTER COLUMN title_lower SET STATISTICS ${target}`);
    for (let r = 1; r <= repeats; r++) {
      await pool.query("ANALYZE videos");
      for (const t of terms) {
        const params = [...search.params];
        params[1] = `%${t.term}%`;
        const res = await pool.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${search.sql}`,
          params as unknown[],
        );
        const top = res.rows[0]!["QUERY PLAN"][0];
        const walks = (n: PlanNode) => /^Index (Only )?Scan$/.test(n["Node Type"]) && n["Index Name"] === "videos_public_upload_idx";
        // The scan of videos: the trigram bitmap, the date index walk, or whatever else the planner chose.
        const scan =
          find(top.Plan, (n) => n["Node Type"] === "Bitmap Heap Scan" || walks(n)) ?? find(top.Plan, (n) => /Scan$/.test(n["Node Type"]));
        const plan = !scan
          ? "unknown"
          : walks(scan)
            ? "walk upload_date index + filter"
            : scan["Node Type"] === "Bitmap Heap Scan"
              ? "trigram bitmap + sort"
              : [scan["Node Type"], scan["Index Name"]].filter(Boolean).join(" on ");
        const row = {
          statisticsTarget: target,
          analyze: r,
          term: t.term,
          matches: t.matches,
          plan,
          estimatedRows: scan?.["Plan Rows"],
          ms: round(top["Execution Time"], 2),
        };
        results.push(row);
      }
    }
  }
  // A plan-stable alternative (same results): walk only the newest WINDOW public videos; if that yields a
  // full page it is the answer, else take the trigram path inside a MATERIALIZED CTE, which the planner
  // cannot turn into an ordered index walk.
  await pool.query("ALTER TABLE videos ALTER COLUMN title_lower SET STATISTICS -1");
  await pool.query("ANALYZE videos");
  const cols = `v.id, v.title, v.views, v.duration, v.thumbnail_url, v.upload_date, c.name AS category_name`;
  const WINDOW = 2000;
  const phase1 = `SELECT ${cols} FROM (SELECT * FROM videos WHERE is_public ORDER BY upload_date DESC, id DESC LIMIT ${WINDOW}) v
    LEFT JOIN categories c ON c.id = v.category_id WHERE v.title_lower LIKE lower($1) ORDER BY v.upload_date DESC, v.id DESC LIMIT 50`;
  const phase2 = `WITH hits AS MATERIALIZED (SELECT id, upload_date FROM videos WHERE is_public AND title_lower LIKE lower($1))
    SELECT ${cols} FROM (SELECT id FROM hits ORDER BY upload_date DESC, id DESC LIMIT 50) h JOIN videos v ON v.id = h.id
    LEFT JOIN categories c ON c.id = v.category_id ORDER BY v.upload_date DESC, v.id DESC`;
  const twoPhase: Record<string, unknown>[] = [];
  console.log(
    "\ntwo-phase alternative (statistics target default), 7 runs each: term | matches | phases used | ms min / median / max | same ids as the service query",
  );
  for (const t of terms) {
    const like = `%${t.term}%`;
    const times: number[] = [];
    let phases = 1;
    let ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      let rows = (await pool.query<{ id: string }>(phase1, [like])).rows;
      phases = 1;
      if (rows.length < 50) {
        rows = (await pool.query<{ id: string }>(phase2, [like])).rows;
        phases = 2;
      }
      times.push(performance.now() - t0);
      ids = rows.map((r) => r.id);
    }
    const params = [...search.params];
    params[1] = like;
    const expected = (await pool.query<{ id: string }>(search.sql, params as unknown[])).rows.map((r) => r.id);
    times.sort((a, b) => a - b);
    const same = JSON.stringify(ids) === JSON.stringify(expected);
    twoPhase.push({
      term: t.term,
      matches: t.matches,
      phases,
      minMs: round(times[0]!, 2),
      medianMs: round(times[3]!, 2),
      maxMs: round(times[6]!, 2),
      same,
    });
    console.log(
      `${t.term} | ${t.matches} | ${phases} | ${round(times[0]!, 2)} / ${round(times[3]!, 2)} / ${round(times[6]!, 2)} | ${same}`,
    );
  }

  // The app's two-pass search (cddadb1): cost of its second pass by query shape, and of its first pass
  // (walk of the newest public videos) by window size, with and without a covering index.
  const median = async (sql: string, params: unknown[], runs = 15) => {
    const ts: number[] = [];
    let rows: { id: string }[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      rows = (await pool.query<{ id: string }>(sql, params)).rows;
      ts.push(performance.now() - t0);
    }
    ts.sort((a, b) => a - b);
    return { ms: round(ts[Math.floor(runs / 2)]!, 2), ids: rows.map((r) => r.id).join() };
  };
  const secondPass: Record<string, string> = {
    "CTE of ids, join every match back (cddadb1)": `WITH m AS MATERIALIZED (SELECT id FROM videos WHERE is_public AND title_lower LIKE lower($1))
      SELECT ${cols} FROM m JOIN videos v ON v.id = m.id LEFT JOIN categories c ON c.id = v.category_id ORDER BY v.upload_date DESC, v.id DESC LIMIT 50`,
    "columns carried in the CTE": `WITH v AS MATERIALIZED (SELECT id, title, views, duration, thumbnail_url, upload_date, category_id FROM videos WHERE is_public AND title_lower LIKE lower($1))
      SELECT ${cols} FROM v LEFT JOIN categories c ON c.id = v.category_id ORDER BY v.upload_date DESC, v.id DESC LIMIT 50`,
    "top 50 inside the CTE, then join 50": phase2,
  };
  const secondPassRuns: Record<string, unknown>[] = [];
  console.log("\nsecond pass by shape (median of 15): term | matches | shape | ms | same rows as the first shape");
  for (const t of [fixtures.searchMid, fixtures.searchRare]) {
    let first = "";
    for (const [shape, sql] of Object.entries(secondPass)) {
      const r = await median(sql, [`%${t.term}%`]);
      first ||= r.ids;
      secondPassRuns.push({ term: t.term, matches: t.matches, shape, ms: r.ms, same: r.ids === first });
      console.log(`${t.term} | ${t.matches} | ${shape} | ${r.ms} | ${r.ids === first}`);
    }
  }
  const walk = (
    w: number,
  ) => `SELECT ${cols} FROM (SELECT id, title, title_lower, views, duration, thumbnail_url, upload_date, category_id FROM videos
      WHERE is_public ORDER BY upload_date DESC, id DESC LIMIT ${w}) v LEFT JOIN categories c ON c.id = v.category_id
      WHERE v.title_lower LIKE lower($1) ORDER BY v.upload_date DESC, v.id DESC LIMIT 50`;
  const narrowWalk = (w: number) => `SELECT ${cols} FROM (SELECT id, upload_date FROM (SELECT id, upload_date, title_lower FROM videos
      WHERE is_public ORDER BY upload_date DESC, id DESC LIMIT ${w}) w WHERE w.title_lower LIKE lower($1) ORDER BY upload_date DESC, id DESC LIMIT 50) h
      JOIN videos v ON v.id = h.id LEFT JOIN categories c ON c.id = v.category_id ORDER BY v.upload_date DESC, v.id DESC`;
  const firstPassRuns: Record<string, unknown>[] = [];
  // The date index covers the lower-cased title since migration 0014, so the narrow walk is index-only.
  console.log("\nfirst pass for the rare term (median of 15): window | heap walk ms | narrow walk ms");
  for (const w of [20_000, 5000, 2000]) {
    const heap = await median(walk(w), [`%${fixtures.searchRare.term}%`]);
    const narrow = await median(narrowWalk(w), [`%${fixtures.searchRare.term}%`]);
    firstPassRuns.push({ window: w, heapWalkMs: heap.ms, narrowWalkMs: narrow.ms });
    console.log(`${w} | ${heap.ms} | ${narrow.ms}`);
  }

  // Summary per statistics target and term: plans seen, worst time.
  console.log("\nstatistics target | term | matches | plans seen (of ANALYZE runs) | estimate range | ms min-max");
  for (const target of [100, 1000]) {
    for (const t of terms) {
      const rows = results.filter((x) => x.statisticsTarget === target && x.term === t.term);
      const plans = [...new Set(rows.map((x) => x.plan as string))]
        .map((p) => `${p} ×${rows.filter((x) => x.plan === p).length}`)
        .join(", ");
      const est = rows.map((x) => x.estimatedRows as number);
      const ms = rows.map((x) => x.ms as number);
      console.log(
        `${target} | ${t.term} | ${t.matches} | ${plans} | ${Math.min(...est)}-${Math.max(...est)} | ${Math.min(...ms)}-${Math.max(...ms)}`,
      );
    }
  }
  await checkOrders();
  fs.writeFileSync(
    path.join(work, "search-plans.json"),
    `${JSON.stringify({ videos, terms, sql: search.sql, results, twoPhase: { phase1, phase2, runs: twoPhase }, secondPassRuns, firstPassRuns }, null, 2)}\n`,
  );
}

await runScript(main);
