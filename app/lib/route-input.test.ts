import { describe, expect, it } from "vitest";
import { input } from "~core/params";
import { z } from "~core/zod";
import { parseParams, parseQuery } from "./route-input";

/** The status of the data response `fn` throws. */
function thrownStatus(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { init?: ResponseInit }).init?.status;
  }
  return undefined;
}

const req = (query: string) => new Request(`http://localhost/x${query}`);

describe("parseParams", () => {
  const schema = z.object({ slug: input.slug });
  it("returns valid parameters", () => {
    expect(parseParams(schema, { slug: "post-1" })).toEqual({ slug: "post-1" });
  });
  it.each(["Post-1", "a b", "-x", "x".repeat(201), "<script>"])("answers 404 for %j", (slug) => {
    expect(thrownStatus(() => parseParams(schema, { slug }))).toBe(404);
  });
  it("lets a route keep its own not-found state with .catch", () => {
    expect(parseParams(z.object({ videoId: input.videoId.nullable().catch(null) }), { videoId: "nope" })).toEqual({ videoId: null });
  });
});

describe("parseQuery", () => {
  const schema = z.object({ page: input.page, q: input.q });
  it("parses known parameters and ignores the rest", () => {
    expect(parseQuery(schema, req("?page=3&q=aurora&utm_source=x&page[]=9"))).toEqual({ page: 3, q: "aurora" });
    expect(parseQuery(schema, req(""))).toEqual({ page: 1, q: "" });
  });
  it.each(["abc", "-1", "0", "1.5", "99999999999", ""])("reads page=%j as page 1", (page) => {
    expect(parseQuery(schema, req(`?page=${page}`)).page).toBe(1);
  });
  it("answers 400 for a repeated known parameter", () => {
    expect(thrownStatus(() => parseQuery(schema, req("?page=1&page=2")))).toBe(400);
    expect(thrownStatus(() => parseQuery(schema, req("?q=a&q=b")))).toBe(400);
  });
  it("answers 400 for control characters", () => {
    expect(thrownStatus(() => parseQuery(schema, req("?q=a%00b")))).toBe(400);
  });
});
