import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { getDb } from "./connection";
import { prepared } from "./prepared";

useTestDatabase();

describe("prepared queries", () => {
  it("compiles once and runs each call with its own arguments, keeping the constants it was built with", async () => {
    let builds = 0;
    const numbers = prepared((from: number, to: number) => {
      builds++;
      return getDb()
        .selectFrom(sql<{ n: number }>`generate_series(${from}::int, ${to}::int)`.as("s"))
        .select(sql<number>`s`.as("n"))
        .where(sql<boolean>`s <> ${7}`)
        .limit(3);
    });
    expect((await numbers(5, 10)).map((r) => r.n)).toEqual([5, 6, 8]);
    expect((await numbers(1, 2)).map((r) => r.n)).toEqual([1, 2]);
    expect(builds).toBe(1);
  });

  it("takes an array for = any(...)", async () => {
    const picked = prepared((ids: number[]) =>
      getDb()
        .selectFrom(sql<{ n: number }>`generate_series(1, 10)`.as("s"))
        .select(sql<number>`s`.as("n"))
        .where(sql<boolean>`s = any(${ids}::int[])`),
    );
    expect((await picked([2, 9, 42])).map((r) => r.n)).toEqual([2, 9]);
    expect(await picked([])).toEqual([]);
  });

  it("refuses an argument that did not become a parameter (used in JavaScript instead of as a value)", async () => {
    const wrong = prepared((n: number) =>
      getDb()
        .selectFrom(sql<{ n: number }>`generate_series(1, 3)`.as("s"))
        .select(sql<number>`s`.as("n"))
        .limit(n ? 1 : 2),
    );
    await expect(wrong(1)).rejects.toThrow(/argument 0 is not a parameter/);
  });
});
