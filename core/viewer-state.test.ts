import { describe, expect, it } from "vitest";
import { paths } from "./paths";
import { MAX_SCOPE_CARDS } from "./viewer-state";
import { viewerStateQuery } from "./viewer-state-schema";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

describe("the viewer-state scope", () => {
  it("writes a page's scope as one stable address, and reads it back", () => {
    const [video, a, b] = ids(3) as [string, string, string];
    expect(paths.api.viewerState()).toBe("/api/viewer-state");
    const url = paths.api.viewerState({ video, cards: [a, b, a] });
    expect(url).toBe(`/api/viewer-state?video=${video}&cards=${a},${b}`);
    const query = Object.fromEntries(new URL(url, "http://x").searchParams);
    expect(viewerStateQuery.parse(query)).toEqual({ video, cards: [a, b] });
    expect(viewerStateQuery.parse({})).toEqual({});
    expect(viewerStateQuery.parse({ cards: "" })).toEqual({ cards: [] });
  });

  it("refuses what is not a scope: other ids, repeats, too many cards", () => {
    const [a] = ids(1) as [string];
    for (const bad of [
      { video: "1" },
      { cards: "x" },
      { cards: `${a},${a}` },
      { cards: ids(MAX_SCOPE_CARDS + 1).join(",") },
      { cards: `${a},` },
    ]) {
      expect(viewerStateQuery.safeParse(bad).success, JSON.stringify(bad).slice(0, 60)).toBe(false);
    }
    expect(viewerStateQuery.safeParse({ cards: ids(MAX_SCOPE_CARDS).join(",") }).success).toBe(true);
    expect(paths.api.viewerState({ cards: ids(MAX_SCOPE_CARDS + 5) }).split(",")).toHaveLength(MAX_SCOPE_CARDS);
  });
});
