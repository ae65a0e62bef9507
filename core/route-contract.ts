import type { z } from "./zod";

/**
 * What a route is, declared once in its module as `export const contract = defineRoute({...})` (docs/decisions/0019-route-contract.md).
 * The HTTP layer, the page cache, the access check, the input boundary and the sitemap read it; a route
 * module without one fails the start (server/http/route-table.ts) and the route-table test.
 */
export interface RouteContract {
  /**
   * Who may call it. `admin`: everyone else gets the plain 404 page (the console is not advertised).
   * `signed-in`: a visitor is sent to /login and back (a page); a resource answers visitors itself, with its
   * "sign in" text (docs/product.md, e.g. "Comments") in the format its caller reads (JSON, or a redirect for a form posted without
   * JavaScript), which depends on the request's form.
   */
  access: "public" | "signed-in" | "admin";
  /** A page renders HTML (and answers its `.data` navigations); a resource answers JSON, XML, a file or a redirect. */
  kind: "page" | "resource";
  /**
   * Whether the page micro-cache may keep the page (server/http/page-cache-key.ts): only for a public page whose
   * HTML is the same for every visitor with the same address, age-gate cookie and bot-ness, and the same
   * shell for every signed-in user (isSharedPage: its loaders never read the viewer).
   */
  pageCache?: boolean;
  /**
   * `noindex`: every answer carries `X-Robots-Tag: noindex` (the console, the sign-in and account pages); a
   * console page says it in its HTML too (`robotsMeta`), an account page in its own seoMeta.
   */
  robots?: "noindex";
  /**
   * The Cache-Control of every answer. Absent: a page may be kept by the browser but must be asked again
   * (`private, no-cache`), a signed-in visitor's never (`private, no-store`); a resource sets its own.
   */
  cacheControl?: string;
  /**
   * Writes (POST, PUT, PATCH, DELETE) that another site started (Sec-Fetch-Site, Origin) are refused with 403
   * before the route runs (server/http/cross-site.ts) unless it says `allow`: for a future endpoint that other
   * sites must reach (a webhook), which must then authenticate its caller itself. No route allows them today.
   */
  crossSite?: "allow";
  /**
   * Input checked before a loader or action runs: path parameters (refused: 404) and query parameters (given
   * twice or refused: 400); loaders and actions read the parsed values with `routeInput(context)`. Form fields
   * are parsed by the action with `form`, whose refusals are the route's own (field errors, docs/product.md texts).
   * `canonical`: the canonical address of a readable one written another way, sent there with 301 after the
   * query parsed and before any loader (one render per page in the page cache), or null when it is canonical.
   */
  input?: { params?: z.ZodType; query?: z.ZodObject; form?: z.ZodType; canonical?: (url: URL) => string | null };
  /**
   * Listed in the sitemap: `static` (the path itself), or one URL per item of a list (the path's one
   * parameter filled from each item). A module that serves several paths may say it per path pattern.
   */
  sitemap?: SitemapList | Record<string, SitemapList>;
}

export type SitemapList = "static" | "categories" | "posts" | "videos";

/** What every console page declares: admins only (404 for everyone else), never indexed, never stored. */
export const CONSOLE_PAGE = {
  access: "admin",
  kind: "page",
  robots: "noindex",
  cacheControl: "private, no-store",
} as const satisfies RouteContract;

/** What every account page declares: signed-in users only (visitors go to /login and back), never indexed, never stored. */
export const ACCOUNT_PAGE = { ...CONSOLE_PAGE, access: "signed-in" } as const satisfies RouteContract;

/**
 * The `<meta name="robots">` a page's declared `robots` asks for in its HTML, for crawlers that read the page
 * and not its headers, or null. The console's layout renders it once for all its pages (they declare CONSOLE_PAGE).
 */
export function robotsMeta({ robots }: Pick<RouteContract, "robots">): { name: "robots"; content: string } | null {
  return robots === "noindex" ? { name: "robots", content: "noindex, nofollow" } : null;
}

/** Declares a route's contract (typed; nothing else happens here). */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/**
 * A page the page cache keeps: the same HTML for every visitor, and one shell for every signed-in user
 * (their parts come from /api/viewer-state, core/viewer-state.ts). Its loaders never read the viewer.
 */
export function isSharedPage(contract: RouteContract): boolean {
  return contract.pageCache === true && contract.access === "public" && contract.kind === "page";
}

/** The sitemap list of the route at `pattern`, if it is listed. */
export function sitemapListOf(contract: RouteContract, pattern: string): SitemapList | undefined {
  return typeof contract.sitemap === "object" ? contract.sitemap[pattern] : contract.sitemap;
}
