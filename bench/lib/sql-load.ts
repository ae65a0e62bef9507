import pg from "pg";
import { type PageQuery, type Plan, runPlan } from "./page-queries";
import { type LatencyStats, summarise } from "./stats";

/**
 * Closed-loop load generator for the raw SQL of a page: `workers` concurrent loops, each running the
 * page's queries (with the loaders' concurrency) back to back, on a pg Pool of the app's size.
 */
export async function loadPlan(
  pool: pg.Pool,
  plan: Plan,
  opts: { workers: number; duration: number; warmup: number },
  hooks: { before?: () => void; after?: () => void } = {},
): Promise<LatencyStats> {
  const window = async (seconds: number, latencies?: number[]) => {
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await runPlan(pool, plan);
        latencies?.push(performance.now() - t);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: opts.workers }, worker));
    return (performance.now() - started) / 1000;
  };
  if (opts.warmup > 0) await window(opts.warmup);
  const latencies: number[] = [];
  hooks.before?.();
  const seconds = await window(opts.duration, latencies);
  hooks.after?.();
  return summarise(latencies, seconds);
}

export interface QueryProfile {
  name: string;
  sql: string;
  params: readonly unknown[];
  /** One client, back to back: round trip including parse/plan/execute, in ms. */
  sequential: LatencyStats;
  /** Server-side figures of EXPLAIN (ANALYZE, BUFFERS) after warm-up. */
  explain: { planningMs: number; executionMs: number; plan: string };
}

/** Per-query cost: sequential round trips for up to `seconds` (max 500 runs) and the EXPLAIN ANALYZE plan. */
export async function profileQuery(pool: pg.Pool, q: PageQuery, seconds = 1): Promise<QueryProfile> {
  const client = await pool.connect();
  try {
    const latencies: number[] = [];
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    while (performance.now() < end && latencies.length < 500) {
      const t = performance.now();
      await client.query(q.sql, q.params as unknown[]);
      latencies.push(performance.now() - t);
    }
    const sequential = summarise(latencies, (performance.now() - started) / 1000);
    let rows: { "QUERY PLAN": string }[] = [];
    for (let i = 0; i < 3; i++) rows = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params as unknown[])).rows;
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    const num = (label: string) => Number(new RegExp(`${label}: ([\\d.]+) ms`).exec(plan)?.[1] ?? Number.NaN);
    return {
      name: q.name,
      sql: q.sql,
      params: q.params,
      sequential,
      explain: { planningMs: num("Planning Time"), executionMs: num("Execution Time"), plan },
    };
  } finally {
    client.release();
  }
}

export function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client can be told to go when PostgreSQL stops during cleanup; that is expected, not a crash.
  pool.on("error", () => {});
  return pool;
}
