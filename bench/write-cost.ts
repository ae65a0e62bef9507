// Diagnostic (not part of `npm run bench`): what migration 0020's eight sort indexes cost the two counter
// writes on `videos` (a counted view's `views + 1`, a like's `likes + 1`). Both columns are indexed, so
// those updates are never HOT and write an entry in every index of the table.
//   npx tsx bench/write-cost.ts [--videos 1000000] [--updates 5000] [--rounds 3]
// Builds the bench catalogue, then alternates rounds with every index and rounds without the 0020 ones
// (dropped, then rebuilt from their own definitions), each round the same random public videos, one
// connection, after an unmeasured pass over the same rows. Reports time per update and WAL bytes per update
// (the write work itself, which the other processes on the machine do not blur). A counter update is HOT
// (no index entry at all) only while no index holds its column. Writes bench/.work/write-cost.json.
import "./lib/quiet";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { INDEXES as SORT_INDEXES } from "../server/db/migrations/0020_sort_indexes";
import { logger } from "../server/logger";
import { numberFlag } from "./lib/args";
import { buildCatalogue, startBenchDatabase } from "./lib/catalogue";
import { installSignalHandlers, runScript } from "./lib/cleanup";
import { round, summarise } from "./lib/stats";

const argv = process.argv.slice(2);
const flag = (name: string, dflt: number) => numberFlag(argv, name, dflt);

interface Round {
  indexes: "all" | "without 0020";
  column: "views" | "likes";
  updates: number;
  msPerUpdate: number;
  p95Ms: number;
  walBytesPerUpdate: number;
}

async function walLsn(client: pg.PoolClient): Promise<string> {
  return (await client.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0]!.lsn;
}

async function measure(client: pg.PoolClient, column: "views" | "likes", ids: string[]): Promise<Omit<Round, "indexes" | "column">> {
  const statement = `UPDATE videos SET ${column} = ${column} + 1 WHERE id = $1`;
  const from = await walLsn(client);
  const latencies: number[] = [];
  const started = performance.now();
  for (const id of ids) {
    const t = performance.now();
    await client.query({ name: `bump-${column}`, text: statement, values: [id] });
    latencies.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  const to = await walLsn(client);
  const wal = Number((await client.query<{ bytes: string }>("SELECT pg_wal_lsn_diff($1, $2)::text AS bytes", [to, from])).rows[0]!.bytes);
  const stats = summarise(latencies, seconds);
  return { updates: ids.length, msPerUpdate: stats.mean, p95Ms: stats.p95, walBytesPerUpdate: round(wal / ids.length, 0) };
}

async function main(): Promise<void> {
  installSignalHandlers(() => {
    logger.level = "silent";
  });
  const videos = flag("--videos", 1_000_000);
  const updates = flag("--updates", 5000);
  const rounds = flag("--rounds", 3);
  const work = path.resolve(import.meta.dirname, ".work");
  const db = await startBenchDatabase(path.join(work, "pg"));
  await buildCatalogue(db.admin.pool, videos, console.log);
  const pool = db.admin.pool;
  const client = await pool.connect();
  try {
    const names = SORT_INDEXES.map(([name]) => name);
    const definitions = (
      await client.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'videos' AND indexname = ANY($1)", [
        names,
      ])
    ).rows.map((r) => r.indexdef);
    if (definitions.length !== names.length) throw new Error(`expected ${names.length} sort indexes, found ${definitions.length}`);
    const total = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_indexes WHERE tablename = 'videos'")).rows[0]!.n);
    const ids = (
      await client.query<{ id: string }>("SELECT id FROM videos WHERE is_public ORDER BY random() LIMIT $1", [updates])
    ).rows.map((r) => r.id);

    const results: Round[] = [];
    let present = true;
    const setIndexes = async (wanted: boolean) => {
      if (wanted === present) return;
      for (const sql of wanted ? definitions : names.map((n) => `DROP INDEX ${n}`)) await client.query(sql);
      present = wanted;
    };
    for (let r = 0; r < rounds; r++) {
      for (const indexes of r % 2 === 0 ? (["all", "without 0020"] as const) : (["without 0020", "all"] as const)) {
        await setIndexes(indexes === "all");
        for (const column of ["views", "likes"] as const) {
          // An unmeasured pass first: the first change of a page after a checkpoint logs the whole page, so
          // only a second pass over the same rows and index pages shows the update's own WAL.
          await measure(client, column, ids);
          const round_ = { indexes, column, ...(await measure(client, column, ids)) };
          results.push(round_);
          console.log(JSON.stringify(round_));
        }
      }
    }
    await setIndexes(true);

    const mean = (indexes: Round["indexes"], column: Round["column"], key: "msPerUpdate" | "walBytesPerUpdate") => {
      const rows = results.filter((r) => r.indexes === indexes && r.column === column);
      return rows.reduce((sum, r) => sum + r[key], 0) / rows.length;
    };
    const summary = (["views", "likes"] as const).map((column) => ({
      column,
      msAll: round(mean("all", column, "msPerUpdate"), 3),
      msWithout: round(mean("without 0020", column, "msPerUpdate"), 3),
      timeRatio: round(mean("all", column, "msPerUpdate") / mean("without 0020", column, "msPerUpdate"), 2),
      walAll: round(mean("all", column, "walBytesPerUpdate"), 0),
      walWithout: round(mean("without 0020", column, "walBytesPerUpdate"), 0),
      walRatio: round(mean("all", column, "walBytesPerUpdate") / mean("without 0020", column, "walBytesPerUpdate"), 2),
    }));
    console.log(
      `\nvideos ${videos}, indexes on videos ${total} (of which 0020: ${names.length}), ${updates} updates per round, ${rounds} rounds each`,
    );
    console.table(summary);
    fs.writeFileSync(
      path.join(work, "write-cost.json"),
      `${JSON.stringify({ videos, updates, rounds, indexesOnVideos: total, sortIndexes: names, results, summary }, null, 2)}\n`,
    );
  } finally {
    client.release();
  }
}

await runScript(main);
