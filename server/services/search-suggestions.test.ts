import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "../../core/paths";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { setDatabase } from "../db/connection";
import { invalidateCategoryLists } from "./categories";
import { rankByPosition, SUGGESTED_CATEGORIES, SUGGESTED_TITLES, searchSuggestions } from "./search-suggestions";

const { handle } = useTestDatabase();
const labels = (s: { label: string }[]) => s.map((x) => x.label);

describe("search suggestions on PostgreSQL", () => {
  const ids = { prefix: "", word: "", inside: "" };

  beforeAll(async () => {
    const db = handle().db;
    for (const name of ["Ocean Drift", "Deep Ocean", "Oceanic Blue", "Sea Ocean Air", "Motion", "Forest"]) await insertCategory(db, name);
    await invalidateCategoryLists();
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    ids.prefix = (await insertVideo(db, { title: "Lantern Bay 1", upload_date: day(1) })).id;
    ids.word = (await insertVideo(db, { title: "Quiet lantern 2", upload_date: day(3) })).id;
    ids.inside = (await insertVideo(db, { title: "Flantern 3", upload_date: day(5) })).id;
    await insertVideo(db, { title: "Lantern hidden", upload_date: day(9), is_public: false });
    await insertVideo(db, { title: "100% Pure_Tide", upload_date: day(2) });
    await insertVideo(db, { title: "100 Pure Tide", upload_date: day(2) });
    for (let i = 0; i < 12; i++) await insertVideo(db, { title: `Ember ${i}`, upload_date: day(10 + i) });
  });

  it("ranks titles starting with the term, then a word starting with it, then the rest; newest first within each", async () => {
    const { titles } = await searchSuggestions("  LANTERN ");
    expect(titles).toEqual([
      { label: "Lantern Bay 1", url: paths.video(ids.prefix) },
      { label: "Quiet lantern 2", url: paths.video(ids.word) },
      { label: "Flantern 3", url: paths.video(ids.inside) },
    ]);
  });

  it("gives the same answer from the trigram pass as from the newest-titles walk", async () => {
    expect(await searchSuggestions("lantern", 1)).toEqual(await searchSuggestions("lantern"));
  });

  it("never suggests a video that is not public, whichever pass finds it", async () => {
    for (const window of [1, 20_000]) expect(labels((await searchSuggestions("hidden", window)).titles)).toEqual([]);
    const db = handle().db;
    await db.updateTable("videos").set({ is_public: false }).where("id", "=", ids.word).execute();
    expect(labels((await searchSuggestions("lantern")).titles)).toEqual(["Lantern Bay 1", "Flantern 3"]);
    expect(labels((await searchSuggestions("lantern", 1)).titles)).toEqual(["Lantern Bay 1", "Flantern 3"]);
    await db.updateTable("videos").set({ is_public: true }).where("id", "=", ids.word).execute();
  });

  it("suggests at most 8 titles and 3 categories", async () => {
    const { titles } = await searchSuggestions("ember");
    expect(titles).toHaveLength(SUGGESTED_TITLES);
    expect(titles[0]?.label).toBe("Ember 11");
    const { categories } = await searchSuggestions("ocean");
    expect(categories).toHaveLength(SUGGESTED_CATEGORIES);
    expect(categories).toEqual([
      { label: "Ocean Drift", url: paths.category("ocean-drift") },
      { label: "Oceanic Blue", url: paths.category("oceanic-blue") },
      { label: "Deep Ocean", url: paths.category("deep-ocean") },
    ]);
  });

  it("answers fewer than 2 characters with nothing, without touching the database", async () => {
    setDatabase(undefined); // any query would now throw
    try {
      for (const q of ["", " ", "a", " b ", "😀", "\u0000x"]) expect(await searchSuggestions(q)).toEqual({ titles: [], categories: [] });
    } finally {
      setDatabase(handle());
    }
  });

  it("treats %, _ and backslashes as text, and survives hostile input", async () => {
    expect(labels((await searchSuggestions("0%")).titles)).toEqual(["100% Pure_Tide"]);
    expect(labels((await searchSuggestions("e_t")).titles)).toEqual(["100% Pure_Tide"]);
    expect(labels((await searchSuggestions("%%")).titles)).toEqual([]);
    expect(labels((await searchSuggestions("__")).titles)).toEqual([]);
    expect(labels((await searchSuggestions("\\\\")).titles)).toEqual([]);
    expect(await searchSuggestions("'; DROP TABLE videos; --")).toEqual({ titles: [], categories: [] });
    expect(await searchSuggestions("x".repeat(10_000))).toEqual({ titles: [], categories: [] });
    expect(await searchSuggestions("\u0000\uFFFF😀")).toEqual({ titles: [], categories: [] });
  });
});

describe("rankByPosition", () => {
  it("keeps the given order within a rank", () => {
    const rows = ["b sea", "sea b", "x-sea", "bsea", "sea a"].map((title_lower) => ({ title_lower }));
    expect(rankByPosition(rows, "sea").map((r) => r.title_lower)).toEqual(["sea b", "sea a", "b sea", "x-sea", "bsea"]);
  });
});
