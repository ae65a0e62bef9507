import { describe, expect, it } from "vitest";
import { type LikesResult, likeFailures } from "./likes-load";

const result = (figures: Partial<LikesResult>): LikesResult =>
  ({
    label: "likes",
    counter: 10,
    rows: 10,
    expectedRows: 8,
    undecided: 3,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: {},
    ...figures,
  }) as LikesResult;

describe("the likes row's exactness checks", () => {
  it("accepts rows between what the answers predict and that plus the people whose last request was cut off", () => {
    for (const rows of [8, 9, 11]) expect(likeFailures(result({ rows, counter: rows })), String(rows)).toEqual([]);
  });

  it("refuses fewer rows than answered likes, more than the undecided could add, a counter apart from its rows, and refusals", () => {
    expect(likeFailures(result({ rows: 7, counter: 7 }))).toEqual(["likes: 7 likes stored, the answers predict 8 and 3 undecided"]);
    expect(likeFailures(result({ rows: 12, counter: 12 }))).toEqual(["likes: 12 likes stored, the answers predict 8 and 3 undecided"]);
    expect(likeFailures(result({ counter: 11 }))).toEqual(["likes: the counter says 11, the table holds 10 likes"]);
    expect(likeFailures(result({ non2xx: 2, statusCodes: { "429": 2 } }))).toEqual(['likes: 2 non-2xx ({"429":2}), 0 errors, 0 timeouts']);
  });
});
