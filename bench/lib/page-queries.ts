import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { type Locale, localizePath } from "../../core/locales";
import { categoryNameFromParam } from "../../core/slug";
import { setDatabase } from "../../server/db/connection";
import type { Database } from "../../server/db/schema";
import { findCategoryByName, listCategories, topCategories } from "../../server/services/categories";
import { searchSuggestions } from "../../server/services/search-suggestions";
import { getPublicVideo, listVideos, relatedVideos, searchVideos, trendingVideos } from "../../server/services/videos";
import type { BenchFixtures } from "./catalogue";

/** One SQL statement exactly as a service sends it (text + parameters), captured from Kysely's log. */
export interface PageQuery {
  name: string;
  sql: string;
  params: readonly unknown[];
}

/** How a page's loaders issue their queries: React Router runs the matched loaders in parallel. */
export type Plan = { query: PageQuery } | { all: Plan[] } | { seq: Plan[] };

export interface PageDef {
  key: string;
  label: string;
  path: string;
  kind: "floor" | "list" | "video" | "search" | "suggest";
  plan: Plan;
  /** Text the rendered page must contain (checked once before loading it). */
  expect: string;
  /** Set on the rows `--locale` adds: the same route at that language's address. */
  locale?: Locale;
}

/**
 * `pages` followed, with `locale`, by each page route again at that language's address (`/de/…`): the same
 * catalogue, server and run, so the localized rows compare with the English ones (issue 34, "the same speed").
 * Their keys are `<key>@<locale>`; the JSON suggestions have no localized address and are not repeated.
 */
export function withLocalized(pages: PageDef[], locale: Locale | undefined): PageDef[] {
  if (!locale) return pages;
  const localized = pages
    .filter((p) => p.kind !== "suggest")
    .map((p) => ({
      ...p,
      key: `${p.key}@${locale}`,
      label: `${p.label} in ${locale}`,
      path: localizePath(locale, p.path),
      expect: `<html lang="${locale}"`,
      locale,
    }));
  return [...pages, ...localized];
}

interface TimedQuery extends PageQuery {
  start: number;
  end: number;
}

/** Queries of one service call as a plan: overlapping ones ran concurrently (Promise.all), the rest in order. */
function toPlan(name: string, queries: TimedQuery[]): Plan | undefined {
  if (!queries.length) return undefined;
  const sorted = [...queries].sort((a, b) => a.start - b.start);
  const groups: TimedQuery[][] = [];
  let groupEnd = -Infinity;
  for (const q of sorted) {
    if (groups.length && q.start < groupEnd) {
      groups.at(-1)!.push(q);
      groupEnd = Math.max(groupEnd, q.end);
    } else {
      groups.push([q]);
      groupEnd = q.end;
    }
  }
  const label = (q: TimedQuery, i: number) =>
    `${name}${sorted.length > 1 ? ` (${i + 1}/${sorted.length})` : ""}${/count\(\*\)/i.test(q.sql) ? " count" : ""}`;
  const node = (q: TimedQuery): Plan => ({ query: { name: label(q, sorted.indexOf(q)), sql: q.sql, params: q.params } });
  const plans = groups.map((g) => (g.length === 1 ? node(g[0]!) : { all: g.map(node) }));
  return plans.length === 1 ? plans[0] : { seq: plans };
}

const all = (...plans: (Plan | undefined)[]): Plan => ({ all: plans.filter((p): p is Plan => p !== undefined) });
const seq = (...plans: (Plan | undefined)[]): Plan => ({ seq: plans.filter((p): p is Plan => p !== undefined) });

/**
 * Runs the real service functions against the bench database through a Kysely instance that logs every
 * compiled query, so the raw-SQL baseline replays exactly what the pages run (same text, same parameters).
 * Each call runs twice and the second, warm call is captured: that is what a running app issues per
 * request in steady state (values the services cache in memory cost no query).
 */
export async function capturePageQueries(url: string, fx: BenchFixtures): Promise<PageDef[]> {
  const captured: TimedQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level !== "query") return;
      const end = performance.now();
      captured.push({ name: "", sql: event.query.sql, params: [...event.query.parameters], start: end - event.queryDurationMillis, end });
    },
  });
  setDatabase({ db, pool, url, close: () => db.destroy() });
  const call = async <T>(name: string, fn: () => Promise<T>): Promise<{ plan: Plan | undefined; result: T }> => {
    await fn();
    captured.length = 0;
    const result = await fn();
    return { plan: toPlan(name, captured.splice(0)), result };
  };
  try {
    // Layout queries: the root loader (header categories) and the site layout (trending + top categories).
    const cats = (await call("header categories", listCategories)).plan;
    const layout = [cats, (await call("trending", trendingVideos)).plan, (await call("top categories", topCategories)).plan];

    const home = (await call("videos", () => listVideos({ page: 1 }))).plan;
    const home50 = (await call("videos p50", () => listVideos({ page: 50 }))).plan;
    const find = await call("category lookup", () => findCategoryByName(categoryNameFromParam(fx.bigCategory.slug)));
    const categoryId = find.result?.id;
    if (!categoryId) throw new Error(`category ${fx.bigCategory.slug} not found`);
    const catList = (await call("category videos", () => listVideos({ categoryId, page: 1 }))).plan;
    const detail = await call("video detail", () => getPublicVideo(fx.videoId));
    const video = detail.result;
    if (!video) throw new Error(`video ${fx.videoId} not found`);
    const related = (await call("related", () => relatedVideos(video))).plan;
    const searchCommon = (await call(`search "${fx.searchCommon.term}"`, () => searchVideos(fx.searchCommon.term))).plan;
    const searchRare = (await call(`search "${fx.searchRare.term}"`, () => searchVideos(fx.searchRare.term))).plan;
    const searchMid = (await call(`search "${fx.searchMid.term}"`, () => searchVideos(fx.searchMid.term))).plan;
    // Search suggestions (issue 23 item 6): what the header asks while one types. The resource route runs no
    // layout loader; its categories come from the in-process list (no query once warm).
    const suggestions = [];
    for (const s of suggestTerms(fx)) {
      const plan = (await call(`suggest "${s.term}"`, () => searchSuggestions(s.term))).plan;
      suggestions.push({
        key: `suggest-${s.key}`,
        label: `search suggestions ${s.what} "${s.term}"`,
        path: `/api/search-suggestions?q=${encodeURIComponent(s.term)}`,
        kind: "suggest" as const,
        plan: all(plan),
        expect: '"titles"',
      });
    }

    return [
      {
        key: "floor",
        label: `trivial SSR page /login (root loader only${cats ? "" : "; no SQL, header categories cached"})`,
        path: "/login",
        kind: "floor",
        plan: all(cats),
        expect: "Sign In to Your Account",
      },
      { key: "home", label: "home /", path: "/", kind: "list", plan: all(...layout, home), expect: "Latest Videos" },
      {
        key: "category",
        label: `category /category/${fx.bigCategory.slug}`,
        path: `/category/${fx.bigCategory.slug}`,
        kind: "list",
        plan: all(...layout, seq(find.plan, catList)),
        expect: `${fx.bigCategory.name} Videos`,
      },
      {
        key: "home-page-50",
        label: "home page 50 /?page=50",
        path: "/?page=50",
        kind: "list",
        plan: all(...layout, home50),
        expect: "Latest Videos",
      },
      {
        key: "video",
        label: "video /video/:id",
        path: `/video/${fx.videoId}`,
        kind: "video",
        plan: all(...layout, seq(detail.plan, related)),
        expect: escapeHtml(fx.videoTitle),
      },
      {
        key: "search-common",
        label: `search common word "${fx.searchCommon.term}" (${fx.searchCommon.matches} matches)`,
        path: `/search?q=${encodeURIComponent(fx.searchCommon.term)}`,
        kind: "search",
        plan: all(...layout, searchCommon),
        expect: "Search Results",
      },
      {
        key: "search-mid",
        label: `search mid-frequency word "${fx.searchMid.term}" (${fx.searchMid.matches} matches)`,
        path: `/search?q=${encodeURIComponent(fx.searchMid.term)}`,
        kind: "search",
        plan: all(...layout, searchMid),
        expect: "Search Results",
      },
      {
        key: "search-rare",
        label: `search rare word "${fx.searchRare.term}" (${fx.searchRare.matches} matches)`,
        path: `/search?q=${encodeURIComponent(fx.searchRare.term)}`,
        kind: "search",
        plan: all(...layout, searchRare),
        expect: "Search Results",
      },
      ...suggestions,
    ];
  } finally {
    setDatabase(undefined);
    await db.destroy();
  }
}

/**
 * The suggestion terms: the first two letters of the common word (the first request a typing person sends;
 * the newest-titles walk alone), the three search words (the rare ones take the trigram pass too), and two
 * letters that match no title (the walk of the whole window, the longest a term without trigrams can cost).
 */
export function suggestTerms(fx: BenchFixtures): { key: string; what: string; term: string }[] {
  return [
    { key: "prefix", what: "2 letters", term: fx.searchCommon.term.slice(0, 2) },
    { key: "common", what: `common word (${fx.searchCommon.matches} matches)`, term: fx.searchCommon.term },
    { key: "mid", what: `mid-frequency word (${fx.searchMid.matches} matches)`, term: fx.searchMid.term },
    { key: "rare", what: `rare word (${fx.searchRare.matches} matches)`, term: fx.searchRare.term },
    { key: "miss", what: "2 letters, no match", term: "qj" },
  ];
}

/** Names of the queries a plan runs, in order. */
export function queryNames(plan: Plan): string[] {
  if ("query" in plan) return [plan.query.name];
  return ("all" in plan ? plan.all : plan.seq).flatMap(queryNames);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Distinct queries of a set of pages (by name), for per-query timing and EXPLAIN ANALYZE. */
export function distinctQueries(pages: PageDef[]): PageQuery[] {
  const seen = new Map<string, PageQuery>();
  const walk = (p: Plan) => {
    if ("query" in p) seen.set(p.query.name, p.query);
    else for (const c of "all" in p ? p.all : p.seq) walk(c);
  };
  for (const page of pages) walk(page.plan);
  return [...seen.values()];
}

/** Executes a plan on a pool: `all` concurrently (like parallel loaders / Promise.all), `seq` in order. */
export async function runPlan(pool: pg.Pool, plan: Plan): Promise<void> {
  if ("query" in plan) {
    await pool.query(plan.query.sql, plan.query.params as unknown[]);
  } else if ("all" in plan) {
    await Promise.all(plan.all.map((p) => runPlan(pool, p)));
  } else {
    for (const p of plan.seq) await runPlan(pool, p);
  }
}

/** The same plan without the exact-total `count(*)` queries: a what-if for caching list totals. */
export function withoutCounts(plan: Plan): Plan | undefined {
  if ("query" in plan) return /count\(\*\)/i.test(plan.query.sql) ? undefined : plan;
  const kept = ("all" in plan ? plan.all : plan.seq).map(withoutCounts).filter((p): p is Plan => p !== undefined);
  if (!kept.length) return undefined;
  return "all" in plan ? { all: kept } : { seq: kept };
}
