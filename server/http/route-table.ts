import type { RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject } from "react-router";
import { DEFAULT_LOCALE, LOCALE_INFO, splitLocalePath } from "../../core/locales";
import type { RouteContract } from "../../core/route-contract";

/**
 * The route table as the HTTP layer sees it: React Router's server build (its routes and their modules,
 * app/routes.ts) with each route's declared contract (core/route-contract.ts). Matching uses React Router's
 * own matcher on the same tree, so the route found here is the one React Router will run.
 */

/** What the server build holds per route (ServerBuild["routes"], reduced to what is read here). */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { contract?: RouteContract; default?: unknown; loader?: unknown; action?: unknown };
}

export interface RouteEntry {
  id: string;
  /**
   * The full path pattern, e.g. `/video/:videoId` ("/" for the home page, `*` for the catch-all), without the
   * language prefix of a localized page.
   */
  pattern: string;
  /** A page at its English address and under each other language's prefix (app/routes.ts `localized`). */
  localized: boolean;
  contract: RouteContract;
  /** The methods its module answers: GET and HEAD with a loader or a page, POST with an action (methods.ts). */
  methods: readonly string[];
}

export interface RouteMatch extends RouteEntry {
  /** Shared by every request for the same path: read, never change. */
  readonly params: Readonly<Record<string, string | undefined>>;
}

export interface RouteTable {
  /** The route that answers `pathname` (a `.data` navigation's page path), or null when nothing matches. */
  match(pathname: string): RouteMatch | null;
  /** Every route with a contract (layouts without one and the root are not listed). */
  entries: RouteEntry[];
}

/** Matches remembered per table (paths, each a few hundred bytes at most). */
const RECENT_PATHS = 2000;

/** The optional first segment of a localized page's path (app/routes.ts). */
const LANG_SEGMENT = ":lang?";

/** Routes that only lay out their children declare nothing of their own; their children do. */
const LAYOUTS = new Set(["root", "routes/_site"]);

/** What a route module answers: GET and HEAD with a loader or a page, POST with an action. */
function methodsOf(route: BuildRoute): string[] {
  const { loader, default: page, action } = route.module;
  return [...(loader || page ? ["GET", "HEAD"] : []), ...(action ? ["POST"] : [])];
}

/** Builds the table; throws naming every route module without a contract, so a forgotten one fails the start. */
export function createRouteTable(routes: Record<string, BuildRoute | undefined>): RouteTable {
  const all = Object.values(routes).filter((r): r is BuildRoute => !!r);
  const missing = all.filter((r) => !LAYOUTS.has(r.id) && !r.module.contract).map((r) => r.id);
  if (missing.length > 0) throw new Error(`Routes without a contract (core/route-contract.ts): ${missing.join(", ")}`);

  // A localized page's path starts with the optional language segment; the table matches it without it, on the
  // path with its language prefix taken off (core/locales.ts), which is what that segment can match.
  const localizedIds = new Set(all.filter((r) => r.path === LANG_SEGMENT || r.path?.startsWith(`${LANG_SEGMENT}/`)).map((r) => r.id));
  const pathOf = (route: BuildRoute) => (localizedIds.has(route.id) ? route.path?.slice(LANG_SEGMENT.length + 1) : route.path);
  const byId = new Map(all.map((r) => [r.id, r]));
  const patternOf = (route: BuildRoute): string => {
    const parts: string[] = [];
    for (let r: BuildRoute | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) {
      const path = pathOf(r);
      if (path) parts.unshift(path);
    }
    return `/${parts.join("/")}`;
  };
  const entries = all
    .filter((r) => r.module.contract)
    .map((r) => ({
      id: r.id,
      pattern: patternOf(r),
      localized: localizedIds.has(r.id),
      contract: r.module.contract as RouteContract,
      methods: methodsOf(r),
    }));
  const entryById = new Map(entries.map((e) => [e.id, e]));

  // React Router's matcher ranks and compiles every branch of the tree on each call (about 0.2 ms for this
  // table). A path can only match routes whose first segment is that path's first segment, or a parameter or
  // splat: so each first segment gets a tree of just those routes (and their parents), and the same matcher
  // runs on a handful of routes. route-table.test.ts checks the answers equal the whole tree's.
  const treeOf = (included: Set<string>) => {
    const keep = new Set<string>();
    for (const id of included)
      for (let r = byId.get(id); r && !keep.has(r.id); r = r.parentId ? byId.get(r.parentId) : undefined) keep.add(r.id);
    const children = (parentId: string | undefined): RouteObject[] =>
      all
        .filter((r) => r.parentId === parentId && keep.has(r.id))
        .map((r) => {
          const kids = children(r.id);
          const path = pathOf(r);
          const base = { id: r.id, path, caseSensitive: r.caseSensitive };
          // The home page's path is the language segment alone: without it, it is the index of its layout.
          return r.index || (localizedIds.has(r.id) && !path)
            ? { ...base, path: undefined, index: true as const }
            : { ...base, children: kids.length > 0 ? kids : undefined };
        });
    return children(undefined);
  };
  const leadOf = (pattern: string) => (pattern.split("/")[1] ?? "").toLowerCase();
  const variable = (lead: string) => lead.startsWith(":") || lead.startsWith("*");
  const anyLead = entries.filter((e) => variable(leadOf(e.pattern))).map((e) => e.id);
  const trees = new Map<string, RouteObject[]>();
  for (const lead of new Set(entries.map((e) => leadOf(e.pattern)).filter((l) => !variable(l)))) {
    trees.set(lead, treeOf(new Set([...entries.filter((e) => leadOf(e.pattern) === lead).map((e) => e.id), ...anyLead])));
  }
  const otherTree = treeOf(new Set(anyLead));
  const treeFor = (pathname: string) => {
    const lead = pathname.split("/")[1] ?? "";
    let decoded = lead;
    try {
      decoded = decodeURIComponent(lead);
    } catch {
      // React Router matches an undecodable segment as written
    }
    return trees.get(decoded.toLowerCase()) ?? otherTree;
  };

  // Most requests ask for a path asked for moments ago: remembered (bounded, oldest forgotten first).
  const recent = new Map<string, RouteMatch | null>();
  const matchIn = (pathname: string): RouteMatch | null => {
    const matches = matchRoutes(treeFor(pathname), pathname);
    const leaf = matches?.[matches.length - 1];
    const entry = leaf ? entryById.get(leaf.route.id as string) : undefined;
    return leaf && entry ? { ...entry, params: leaf.params } : null;
  };
  const matchOnce = (pathname: string): RouteMatch | null => {
    const { locale, path } = splitLocalePath(pathname);
    // React Router also lets the optional segment match a word that is no language's (`/api/playlists/x`); the root
    // middleware answers those 404 before anything runs, so here they are matched as the English paths they are.
    if (locale !== DEFAULT_LOCALE) {
      // Under a language's prefix only a localized page; anything else there is the catch-all's, as in React Router.
      const found = matchIn(path);
      if (found?.localized) return { ...found, params: { ...found.params, lang: LOCALE_INFO[locale].segment } };
    }
    return matchIn(pathname);
  };
  return {
    entries,
    match(pathname) {
      const known = recent.get(pathname);
      if (known !== undefined) return known;
      const found = matchOnce(pathname);
      if (recent.size >= RECENT_PATHS) recent.delete(recent.keys().next().value as string);
      recent.set(pathname, found);
      return found;
    },
  };
}

/**
 * The path a request is for: `.data` navigations ask for a page's data, as React Router names them
 * (`/video/x.data` for `/video/x`, `/_.data` for `/` and `/blog/_.data` for `/blog/`).
 */
export function pagePathOf(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Where the HTTP layer keeps the matched route of a request (res.locals), for the handlers after it. */
export const ROUTE_LOCAL = "route";

/**
 * Matches every request against the route table once, before anything else reads it: the cross-site rule,
 * the declared headers, the page cache and React Router's own context (getLoadContext) all use
 * `res.locals.route` (null for what no route answers: build files, media, the auth API).
 * `load` gives the server build; the table is built from it on the first request.
 */
export function routeMatching(load: () => Promise<{ routes: Record<string, BuildRoute | undefined> }>): RequestHandler {
  let table: Promise<RouteTable> | undefined;
  return (req, res, next) => {
    table ??= load().then((build) => {
      loaded = createRouteTable(build.routes);
      return loaded;
    });
    table.then((t) => {
      res.locals[ROUTE_LOCAL] = t.match(pagePathOf(req.path));
      next();
    }, next);
  };
}

let loaded: RouteTable | undefined;

/** This process's route table, once the first request loaded it (the sitemap lists what it declares). */
export function loadedRouteTable(): RouteTable {
  if (!loaded) throw new Error("The route table is loaded by the first request (routeMatching)");
  return loaded;
}

/** The request's matched route (set by routeMatching), or null. */
export function matchedRoute(res: Response): RouteMatch | null {
  return (res.locals[ROUTE_LOCAL] as RouteMatch | null | undefined) ?? null;
}
