import { describe, expect, it } from "vitest";
import { parseArgs } from "./args";
import { type PageDef, withLocalized } from "./page-queries";
import { floorOf, type RouteResult } from "./report";

const page = (key: string, path: string, kind: PageDef["kind"]): PageDef => ({
  key,
  label: key,
  path,
  kind,
  plan: { seq: [] },
  expect: "x",
});

describe("the bench's localized rows (--locale)", () => {
  const pages = [
    page("floor", "/login", "floor"),
    page("home", "/", "list"),
    page("search", "/search?q=golden", "search"),
    page("suggest-go", "/api/search-suggestions?q=go", "suggest"),
  ];

  it("adds each page route at the language's address, after the English rows, keyed and checked by language", () => {
    const rows = withLocalized(pages, "de");
    expect(rows.map((r) => [r.key, r.path])).toEqual([
      ["floor", "/login"],
      ["home", "/"],
      ["search", "/search?q=golden"],
      ["suggest-go", "/api/search-suggestions?q=go"],
      ["floor@de", "/de/login"],
      ["home@de", "/de"],
      ["search@de", "/de/search?q=golden"],
    ]);
    expect(rows.at(-1)).toMatchObject({ locale: "de", expect: '<html lang="de"', kind: "search" });
    expect(withLocalized(pages, undefined)).toBe(pages);
  });

  it("takes a language the site serves other than English", () => {
    expect(parseArgs(["--locale", "ar"]).locale).toBe("ar");
    expect(parseArgs([]).locale).toBeUndefined();
    for (const bad of ["en", "xx", "DE"]) expect(() => parseArgs(["--locale", bad]), bad).toThrow(/--locale needs one of de, fr/);
  });

  it("holds each row to the trivial page of its own language, measured ones only", () => {
    const row = (key: string, kind: string, measured = true) =>
      ({ key, label: key, path: "/", kind, queries: [], ...(measured ? { http: { perSecond: 1 } } : {}) }) as unknown as RouteResult;
    const routes = [
      row("floor", "floor"),
      row("home", "list"),
      row("floor@de", "floor"),
      row("home@de", "list"),
      row("home@ar", "list"),
      row("floor@ar", "floor", false),
    ];
    expect(floorOf(routes, routes[1]!)?.key).toBe("floor");
    expect(floorOf(routes, routes[3]!)?.key).toBe("floor@de");
    expect(floorOf(routes, routes[4]!)).toBeUndefined();
  });
});
