import { readFileSync } from "node:fs";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { localeOfSegment } from "../../core/locales";
import { appRouteFiles, appRoutes } from "../../tests/support/app-routes";
import { routeHeaders } from "./route-headers";
import { createRouteTable, pagePathOf } from "./route-table";

const routes = await appRoutes();
const table = createRouteTable(routes);
/** Each route's module source by route id, the root's included. */
const sources = new Map([...appRouteFiles()].map(([id, file]) => [id, readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")]));

/** Routes whose `headers` must differ from the one every route inherits (server/http/route-headers.ts), and why. */
const OWN_HEADERS: Record<string, string> = {};

describe("the route table", () => {
  it("refuses to start with a route module that declares no contract", () => {
    const withoutOne = { ...routes, "routes/new": { id: "routes/new", parentId: "root", path: "new", module: {} } };
    expect(() => createRouteTable(withoutOne)).toThrow(/routes\/new/);
  });

  it("has a contract for every route of app/routes.ts", () => {
    const ids = Object.keys(routes).filter((id) => id !== "root" && id !== "routes/_site");
    expect(table.entries.map((e) => e.id).sort()).toEqual(ids.sort());
  });

  it("matches each path to the route React Router runs, with its parameters", () => {
    const cases: [string, string, Record<string, string>?][] = [
      ["/", "home"],
      ["/category/Abstract%20Art", "category", { categoryName: "Abstract Art" }],
      ["/video/abc", "routes/video", { videoId: "abc" }],
      ["/blog", "routes/blog/list"],
      ["/blog/feed.xml", "routes/blog/feed"],
      ["/blog/a-post", "routes/blog/post", { slug: "a-post" }],
      ["/admin", "routes/admin/dashboard"],
      ["/admin/blog/new", "admin-blog-new"],
      ["/admin/blog/x1", "admin-blog-edit", { postId: "x1" }],
      ["/values", "page-values"],
      ["/api/videos/v1/like", "routes/api/like", { videoId: "v1" }],
      ["/api/search-suggestions", "routes/api/search-suggestions"],
      ["/no/such/page", "routes/not-found"],
    ];
    for (const [path, id, params] of cases) {
      const match = table.match(path);
      expect([path, match?.id]).toEqual([path, id]);
      if (params) expect(match?.params).toMatchObject(params);
    }
    expect(table.match(pagePathOf("/video/abc.data"))?.id).toBe("routes/video");
    expect(table.match(pagePathOf("/_.data"))?.id).toBe("home");
    expect(pagePathOf("/blog/_.data")).toBe("/blog/");
  });

  it("matches exactly as React Router does on the whole tree", () => {
    const tree = (parentId: string | undefined): RouteObject[] =>
      Object.values(routes)
        .filter((r) => r.parentId === parentId)
        .map((r) => {
          const kids = tree(r.id);
          return r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: kids.length ? kids : undefined };
        });
    const whole = tree(undefined);
    const samples = table.entries.flatMap(({ pattern }) => {
      const filled = pattern.replace(/:\w+/g, "x1").replace("*", "a/b");
      return [
        filled,
        `${filled}/`,
        filled.toUpperCase(),
        `${filled}/extra`,
        filled.replace(/^\/(\w)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
      ];
    });
    samples.push("/", "//", "/%zz", "/%E2%82%AC", "/video/", "/admin/", "/api", "/blog/_", "/category/a%2Fb", "/nothing/at/all");
    samples.push("/de", "/de/", "/pt-br/video/x1", "/ar/playlists/x1", "/de/admin", "/de/api/views", "/xx/video/x1", "/video/video/x1");
    let unknownLanguages = 0;
    for (const path of samples) {
      const expected = matchRoutes(whole, path);
      const leaf = expected?.[expected.length - 1];
      const actual = table.match(path);
      // React Router lets a localized page's optional first segment match any word; the root middleware answers
      // 404 for one that names no language before anything runs. The table does not match it as a language.
      if (leaf?.params.lang !== undefined && !localeOfSegment(leaf.params.lang)) {
        unknownLanguages++;
        expect([path, actual?.localized && actual.params.lang !== undefined]).toEqual([path, false]);
        continue;
      }
      expect([path, actual?.id ?? null, actual?.params ?? null]).toEqual([path, leaf ? leaf.route.id : null, leaf ? leaf.params : null]);
    }
    expect(unknownLanguages).toBeGreaterThan(0);
    expect(table.match("/pt-br/video/x1")).toMatchObject({ id: "routes/video", pattern: "/video/:videoId", localized: true });
  });

  it("keeps the rules between declarations: the page cache only for public pages, the console and accounts never stored or indexed", () => {
    for (const { id, pattern, contract } of table.entries) {
      if (contract.pageCache) expect([id, contract.access, contract.kind]).toEqual([id, "public", "page"]);
      if (pattern.startsWith("/admin"))
        expect([id, contract.access, contract.robots, contract.cacheControl]).toEqual([id, "admin", "noindex", "private, no-store"]);
      if (contract.access === "signed-in" && contract.kind === "page")
        expect([id, contract.cacheControl]).toEqual([id, "private, no-store"]);
      expect([id, contract.crossSite]).toEqual([id, undefined]); // no route takes writes from other sites
    }
  });

  it("leaves out what every route inherits: cross-site refusal, the shared headers, the console's robots tag", () => {
    const written: string[] = [];
    for (const [id, source] of sources) {
      if (/\bcrossSite:\s*"refuse"/.test(source)) written.push(`${id}: crossSite: "refuse" (refusal is the default)`);
      const { headers } = (routes[id]?.module ?? {}) as { headers?: unknown };
      if (headers === routeHeaders) written.push(`${id}: headers = routeHeaders (every route inherits it)`);
      else if ((headers || /\bexport (const|(async )?function) headers\b|\bas headers\b/.test(source)) && !OWN_HEADERS[id])
        written.push(`${id}: a headers export not listed in OWN_HEADERS with why it differs`);
    }
    // A layout that renders the robots tag of its pages' contract (robotsMeta) says it for all of them.
    const tagging = [...sources].filter(([, source]) => /\brobotsMeta\(/.test(source)).map(([id]) => id);
    expect(tagging).toContain("routes/admin/layout");
    const underTagging = (id: string): boolean => {
      const parentId = routes[id]?.parentId;
      return parentId !== undefined && (tagging.includes(parentId) || underTagging(parentId));
    };
    for (const [id, source] of sources)
      if (underTagging(id) && /name(:\s*|=)"robots"/.test(source)) written.push(`${id}: a robots meta (its layout renders it)`);
    expect(written).toEqual([]);
  });

  it("caches exactly the pages that are the same for every visitor", () => {
    const cached = table.entries.filter((e) => e.contract.pageCache).map((e) => e.pattern);
    expect(cached.sort()).toEqual(
      [
        "/",
        "/blog",
        "/blog/:slug",
        "/career",
        "/category/:categoryName",
        "/faq",
        "/privacy",
        "/terms",
        "/values",
        "/trust",
        "/video/:videoId",
        "/video/:videoId/credentials",
      ].sort(),
    );
  });
});
