// Recommendations (issue 23 item 3): the co-view fold and the video page's related list at scale.
//   npx tsx bench/co-views.ts [--videos 100000] [--views 10000000] [--incremental 10000] [--reads 2000]
//     [--batch N --batches N: the full fold's batch size and batches per run] [--out name]
// On a fresh embedded PostgreSQL: the bench catalogue (bench/lib/catalogue.ts), then `--views` counted views
// as the view counter leaves them (video_view_sessions marks of the last 23 hours, sessions of 1 to 7 views
// that wander from a popular video to its neighbours in the catalogue), written with generate_series.
// Measures: the full fold (from nothing, run after run with the job's own batch sizes, as the cron catches up),
// an incremental run (one minute's views at `--incremental` per minute, folded by one run of the job), the
// related list's latency through the service (p50/p95 over random public videos) and its EXPLAIN plan (every
// scan by index, none sequential). Writes bench/results/<date>-co-views.json and .md.
import "./lib/quiet";
import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { setDatabase } from "../server/db/connection";
import type { Database } from "../server/db/schema";
import { logger } from "../server/logger";
import { CO_VIEW_NEIGHBOURS, FOLD_BATCH, FOLD_BATCHES_PER_RUN, foldCoViews, PAIRS_PER_VIEW } from "../server/services/co-views";
import { MIN_CO_VIEWS, RELATED_VIDEOS, relatedVideos } from "../server/services/videos";
import { VIEW_SESSION_TTL_MS } from "../server/services/views";
import { numberFlag } from "./lib/args";
import { buildCatalogue, startBenchDatabase } from "./lib/catalogue";
import { installSignalHandlers, runScript } from "./lib/cleanup";
import { round, summarise } from "./lib/stats";

const argv = process.argv.slice(2);
const flag = (name: string, dflt: number) => numberFlag(argv, name, dflt);

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

const t0 = Date.now();
const log = (msg: string) => console.log(`[co-views +${Math.round((Date.now() - t0) / 1000)}s] ${msg}`);
const seconds = (since: number) => round((performance.now() - since) / 1000, 2);

async function main(): Promise<void> {
  installSignalHandlers(() => {
    logger.level = "silent";
  });
  const videos = flag("--videos", 100_000);
  const views = flag("--views", 10_000_000);
  const incremental = flag("--incremental", 10_000);
  const reads = flag("--reads", 2000);
  // The full fold's batch size and batches per run (default: the job's); the incremental run is the job's own.
  const batchSize = flag("--batch", FOLD_BATCH);
  const maxBatches = flag("--batches", FOLD_BATCHES_PER_RUN);
  const work = path.resolve(import.meta.dirname, ".work");
  const db = await startBenchDatabase(path.join(work, "co-views-pg"));
  const pool = db.admin.pool;
  await buildCatalogue(pool, videos, log);

  // Views: marks as countStatement writes them (expiry = count time + TTL), all counted at least 30 minutes ago.
  log(`writing ${views} counted views`);
  let started = performance.now();
  await pool.query("CREATE TABLE bench_vi AS SELECT (row_number() OVER (ORDER BY id) - 1)::int AS i, id FROM videos");
  await pool.query("CREATE UNIQUE INDEX ON bench_vi (i)");
  const catalogue = Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM bench_vi")).rows[0]!.n);
  await pool.query("ALTER TABLE video_view_sessions DROP CONSTRAINT video_view_sessions_pkey");
  await pool.query("DROP INDEX video_view_sessions_expires_idx");
  await pool.query(
    `INSERT INTO video_view_sessions (session_id, video_id, expires_at)
     SELECT s.session_id, vi.id, s.start + j * interval '3 minutes' + make_interval(secs => $4::float8 / 1000)
     FROM (
       SELECT gen_random_uuid() AS session_id, floor($1::int * power(random(), 2))::int AS home, 1 + g % 7 AS step,
         1 + floor(7 * power(random(), 2))::int AS k,
         now() - interval '1 hour' - interval '22 hours' * random() AS start
       FROM generate_series(1, $2::int) g
     ) s
     CROSS JOIN LATERAL generate_series(0, s.k - 1) j
     JOIN bench_vi vi ON vi.i = (s.home + j * s.step) % $1::int
     LIMIT $3`,
    [catalogue, Math.ceil(views / 2.4), views, VIEW_SESSION_TTL_MS],
  );
  const insertSeconds = seconds(started);
  started = performance.now();
  await pool.query("ALTER TABLE video_view_sessions ADD PRIMARY KEY (session_id, video_id)");
  await pool.query("CREATE INDEX video_view_sessions_expires_idx ON video_view_sessions (expires_at)");
  await pool.query("VACUUM ANALYZE video_view_sessions");
  const indexSeconds = seconds(started);
  const shape = (
    await pool.query<{ marks: string; sessions: string; videos: string }>(
      "SELECT count(*) AS marks, count(DISTINCT session_id) AS sessions, count(DISTINCT video_id) AS videos FROM video_view_sessions",
    )
  ).rows[0]!;
  log(`views written in ${insertSeconds} s, indexed in ${indexSeconds} s: ${JSON.stringify(shape)}`);

  // The services run on the bench database through a Kysely that can show the statement they send.
  const captured: { sql: string; params: unknown[] }[] = [];
  const appPool = new pg.Pool({ connectionString: db.url, max: 4 });
  appPool.on("error", () => {});
  const appDb = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: appPool }),
    log: (event) => {
      if (event.level === "query") captured.push({ sql: event.query.sql, params: [...event.query.parameters] });
    },
  });
  setDatabase({ db: appDb, pool: appPool, url: db.url, close: () => appDb.destroy() });

  // Full fold: the job's runs back to back, as its cron would catch up (each run FOLD_BATCHES_PER_RUN batches).
  log("full fold");
  started = performance.now();
  const full = { runs: 0, batches: 0, views: 0, lists: 0, slowestRunSeconds: 0 };
  for (;;) {
    const runStarted = performance.now();
    const run = await foldCoViews({ batchSize, maxBatches });
    full.runs++;
    full.batches += run.batches;
    full.views += run.views;
    full.lists += run.lists;
    full.slowestRunSeconds = Math.max(full.slowestRunSeconds, seconds(runStarted));
    if (run.caughtUp) break;
  }
  const fullSeconds = seconds(started);
  await pool.query("VACUUM ANALYZE video_co_views");
  const table = (
    await pool.query<{ rows: string; bytes: string; shown: string; pairs: string }>(
      `SELECT count(*) AS rows, pg_total_relation_size('video_co_views') AS bytes,
         count(*) FILTER (WHERE co_views[1] >= $1) AS shown, sum(cardinality(neighbour_ids)) AS pairs FROM video_co_views`,
      [MIN_CO_VIEWS],
    )
  ).rows[0]!;
  log(`full fold: ${fullSeconds} s, ${JSON.stringify(full)}; table ${JSON.stringify(table)}`);

  // Incremental: one minute's views (counted 2 minutes ago, so settled), three per session: half of the
  // sessions are new, half continue sessions seen earlier (already folded views to pair with).
  log(`incremental run: ${incremental} new views`);
  await pool.query(
    `CREATE TABLE bench_old_sessions AS
     SELECT (row_number() OVER () - 1)::int AS i, session_id FROM (SELECT DISTINCT session_id FROM video_view_sessions TABLESAMPLE SYSTEM (1) LIMIT $1) s`,
    [incremental],
  );
  await pool.query(
    `INSERT INTO video_view_sessions (session_id, video_id, expires_at)
     SELECT CASE WHEN s.grp % 2 = 0 THEN o.session_id ELSE md5('new' || s.grp)::uuid END, vi.id,
       now() - interval '2 minutes' + make_interval(secs => $3::float8 / 1000) + s.g * interval '1 millisecond'
     FROM (SELECT g, g / 3 AS grp, g % 3 AS j,
             floor($1::int * power((abs(hashtext('home' || g / 3)) % 1000000) / 1000000.0, 2))::int AS home FROM generate_series(0, $2::int - 1) g) s
     JOIN bench_vi vi ON vi.i = (s.home + s.j * (1 + s.grp % 7)) % $1::int
     JOIN bench_old_sessions o ON o.i = s.grp % (SELECT count(*) FROM bench_old_sessions)
     ON CONFLICT DO NOTHING`,
    [catalogue, incremental, VIEW_SESSION_TTL_MS],
  );
  started = performance.now();
  const inc = await foldCoViews();
  const incSeconds = seconds(started);
  log(`incremental: ${incSeconds} s, ${JSON.stringify(inc)}`);
  await pool.query("ANALYZE video_co_views");

  // Reads: the video page's related list for random public videos, through the service (warm pool).
  const sample = (
    await pool.query<{ id: string; category_id: string | null }>(
      "SELECT id, category_id FROM videos TABLESAMPLE BERNOULLI (5) WHERE is_public LIMIT $1",
      [reads],
    )
  ).rows;
  for (const v of sample.slice(0, 200)) await relatedVideos(v);
  const latencies: number[] = [];
  let coViewedFirst = 0;
  let full6 = 0;
  const coLists = new Map(
    (
      await pool.query<{ video_id: string; first: string }>(
        "SELECT video_id, neighbour_ids[1] AS first FROM video_co_views WHERE video_id = ANY($1) AND co_views[1] >= $2",
        [sample.map((v) => v.id), MIN_CO_VIEWS],
      )
    ).rows.map((r) => [r.video_id, r.first]),
  );
  const readStarted = performance.now();
  for (const v of sample) {
    const s = performance.now();
    const list = await relatedVideos(v);
    latencies.push(performance.now() - s);
    if (list.length === RELATED_VIDEOS) full6++;
    if (coLists.has(v.id) && list[0]?.id === coLists.get(v.id)) coViewedFirst++;
  }
  const read = summarise(latencies, (performance.now() - readStarted) / 1000);
  log(`reads: ${JSON.stringify(read)}; co-viewed first ${coViewedFirst}/${sample.length}, full lists ${full6}`);

  // The plan, for a video with a full neighbour list.
  const busy = (
    await pool.query<{ id: string; category_id: string | null }>(
      `SELECT v.id, v.category_id FROM video_co_views cv JOIN videos v ON v.id = cv.video_id
       WHERE v.is_public AND cardinality(cv.neighbour_ids) = $1 LIMIT 1`,
      [CO_VIEW_NEIGHBOURS],
    )
  ).rows[0];
  if (!busy) throw new Error("no video with a full neighbour list");
  captured.length = 0;
  await relatedVideos(busy);
  const statement = captured.at(-1);
  if (!statement || captured.length !== 1) throw new Error(`expected one statement for the related list, saw ${captured.length}`);
  const explained = await pool.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number; "Planning Time": number }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`,
    statement.params,
  );
  const plan = explained.rows[0]!["QUERY PLAN"][0];
  const text = (await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.sql}`, statement.params)).rows
    .map((r) => r["QUERY PLAN"])
    .join("\n");
  const scans = nodes(plan.Plan).filter((n) => /Scan$/.test(n["Node Type"]));
  const seqScans = scans.filter((n) => n["Node Type"] === "Seq Scan");
  const indexes = [...new Set(scans.map((n) => n["Index Name"]).filter(Boolean))];
  log(`plan: ${indexes.join(", ")}; seq scans: ${seqScans.length}; ${round(plan["Execution Time"], 3)} ms`);
  console.log(text);

  const report = {
    date: new Date().toISOString(),
    params: {
      videos,
      views,
      incremental,
      reads,
      batchSize,
      maxBatches,
      FOLD_BATCH,
      FOLD_BATCHES_PER_RUN,
      PAIRS_PER_VIEW,
      CO_VIEW_NEIGHBOURS,
      MIN_CO_VIEWS,
    },
    seed: { insertSeconds, indexSeconds, ...Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, Number(v)])) },
    fullFold: { seconds: fullSeconds, ...full },
    table: { rows: Number(table.rows), bytes: Number(table.bytes), shown: Number(table.shown), pairs: Number(table.pairs) },
    incrementalRun: { seconds: incSeconds, ...inc },
    read: { ...read, coViewedFirst, fullLists: full6, sampled: sample.length },
    plan: {
      indexes,
      seqScans: seqScans.length,
      executionMs: round(plan["Execution Time"], 3),
      planningMs: round(plan["Planning Time"], 3),
      text,
    },
    statement: statement.sql,
  };
  const day = report.date.slice(0, 10);
  const results = path.resolve(import.meta.dirname, "results");
  const name = argv.includes("--out") ? String(argv[argv.indexOf("--out") + 1]) : `${day}-co-views`;
  fs.writeFileSync(path.join(results, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(results, `${name}.md`), markdown(report));
  log(`wrote bench/results/${name}.json and .md`);
  await appDb.destroy();
  if (seqScans.length) throw new Error("the related list's plan has a sequential scan");
}

function markdown(r: {
  date: string;
  params: Record<string, number>;
  seed: Record<string, number>;
  fullFold: Record<string, number>;
  table: { rows: number; bytes: number; shown: number };
  incrementalRun: Record<string, number | boolean>;
  read: Record<string, number>;
  plan: { indexes: (string | undefined)[]; seqScans: number; executionMs: number; planningMs: number; text: string };
}): string {
  const p = r.params;
  return `# Co-view recommendations at ${p.videos} videos and ${p.views} views (${r.date})

Command: \`npx tsx bench/co-views.ts --videos ${p.videos} --views ${p.views} --incremental ${p.incremental} --reads ${p.reads}\`
(2-core machine, embedded PostgreSQL 18). Job settings: ${p.FOLD_BATCH} marks per batch, ${p.FOLD_BATCHES_PER_RUN} batches per run
(the full fold here: ${p.batchSize} and ${p.maxBatches}), ${p.PAIRS_PER_VIEW} pairs per view at most, ${p.CO_VIEW_NEIGHBOURS} neighbours
kept, shown from ${p.MIN_CO_VIEWS} sessions.

| | figure |
|---|---|
| seeded marks / sessions / videos watched | ${r.seed.marks} / ${r.seed.sessions} / ${r.seed.videos} |
| seeding (insert + indexes) | ${r.seed.insertSeconds} s + ${r.seed.indexSeconds} s |
| full fold (from nothing) | ${r.fullFold.seconds} s in ${r.fullFold.runs} runs / ${r.fullFold.batches} batches (slowest run ${r.fullFold.slowestRunSeconds} s) |
| lists written | ${r.fullFold.lists} (${r.table.rows} rows, ${round(r.table.bytes / 1024 / 1024, 1)} MiB with index; ${r.table.shown} with a neighbour shown) |
| incremental run (${p.incremental} new views) | ${r.incrementalRun.seconds} s, ${r.incrementalRun.lists} lists rewritten |
| related list, ${r.read.count} random public videos | p50 ${r.read.p50} ms, p95 ${r.read.p95} ms, p99 ${r.read.p99} ms, max ${r.read.max} ms |
| lists led by a co-viewed video / full (6) | ${r.read.coViewedFirst} / ${r.read.fullLists} of ${r.read.sampled} |
| plan | indexes ${r.plan.indexes.join(", ")}; sequential scans: ${r.plan.seqScans}; ${r.plan.executionMs} ms execution, ${r.plan.planningMs} ms planning |

\`\`\`
${r.plan.text}
\`\`\`
`;
}

await runScript(main);
