import { describe, expect, it } from "vitest";
import { displayNameProblem } from "./account-schema";
import { FALLBACK_CATEGORIES } from "./categories";
import { assertNoMinorSuggestingTerms, ContentSafetyError, findMinorSuggestingTerm, RULE_TABLES } from "./content-safety";
import { LOCALES } from "./locales";
import { PLAYLIST_FORMS } from "./playlist-schema";

const DEMO_CATEGORIES = FALLBACK_CATEGORIES;

describe("findMinorSuggestingTerm", () => {
  it.each([
    ["Teen", "teen"],
    ["teens", "teens"],
    ["TEENAGE dream", "teenage"],
    ["a teenager", "teenager"],
    ["teenagers", "teenagers"],
    ["teenie", "teenie"],
    ["underage", "underage"],
    ["under-age", "under-age"],
    ["under age", "under age"],
    ["underaged", "underaged"],
    ["schoolgirl outfit", "schoolgirl"],
    ["School Girl", "school girl"],
    ["school-girls", "school-girls"],
    ["schoolboy", "schoolboy"],
    ["school_boy", "school_boy"],
    ["young-looking", "young-looking"],
    ["Young Looking", "young looking"],
    ["loli", "loli"],
    ["lolita", "lolita"],
    ["lolicon", "lolicon"],
    ["shota", "shota"],
    ["shotacon", "shotacon"],
    ["minor", "minor"],
    ["Minors", "minors"],
    ["child", "child"],
    ["children", "children"],
    ["childlike", "childlike"],
    ["child-like", "child"],
    ["kid", "kid"],
    ["Kids", "kids"],
    ["kiddie", "kiddie"],
    ["preteen", "preteen"],
    ["pre-teen", "pre-teen"],
    ["pre teens", "pre teens"],
    ["jailbait", "jailbait"],
    ["jail bait", "jail bait"],
    ["barely legal", "barely legal"],
    ["Barely-Legal", "barely-legal"],
    ["barelylegal", "barelylegal"],
    ["barely 18", "barely 18"],
    ["barely18", "barely18"],
    ["barely eighteen", "barely eighteen"],
    ["16yo", "16yo"],
    ["15 y/o", "15 y/o"],
    ["17-year-old", "17-year-old"],
    ["9 years old", "9 years old"],
  ])("flags %j as %j", (text, term) => {
    expect(findMinorSuggestingTerm(text)).toBe(term);
  });

  describe("word boundaries", () => {
    it.each([
      ["Hot teen video", "teen"],
      ["teen's first", "teen"],
      ["(teen)", "teen"],
      ["#teen", "teen"],
      ["hot_teen_clip", "teen"],
      ["18teen", "teen"],
      ["teen18", "teen"],
      ["teen.", "teen"],
      ["Teen/MILF", "teen"],
    ])("flags %j", (text, term) => {
      expect(findMinorSuggestingTerm(text)).toBe(term);
    });
  });

  describe("obfuscation", () => {
    it.each([
      ["téén", "teen"],
      ["ＴＥＥＮ", "teen"],
      ["te\u200Ben", "teen"],
      ["school\u00A0girl", "school girl"],
      ["school   girl", "school girl"],
    ])("flags %j", (text, term) => {
      expect(findMinorSuggestingTerm(text)).toBe(term);
    });
  });

  it("returns the first term in the text", () => {
    expect(findMinorSuggestingTerm("kids and teens")).toBe("kids");
  });

  it.each([
    "",
    "Steen",
    "canteen",
    "fifteen",
    "fifteenth",
    "nineteen",
    "eighteen",
    "Barely awake",
    "barely 19",
    "Legal",
    "18yo",
    "18 years old",
    "19 y/o",
    "21-year-old",
    "118 years old",
    "kidney",
    "kidnap",
    "skid",
    "minority",
    "Minorca",
    "Childress",
    "lollipop",
    "Shotgun",
    "School",
    "girl next door",
    "Young MILF",
    "Mature",
    "Stepmom",
    "Underwear",
    "Under the sheets",
  ])("does not flag %j", (text) => {
    expect(findMinorSuggestingTerm(text)).toBeNull();
  });

  it.each(DEMO_CATEGORIES)("does not flag demo category %s", (name) => {
    expect(findMinorSuggestingTerm(name)).toBeNull();
  });
});

describe("assertNoMinorSuggestingTerms", () => {
  it("passes clean fields and skips null/undefined", () => {
    expect(() =>
      assertNoMinorSuggestingTerms({
        title: "Sunset POV",
        description: null,
        performer: undefined,
        tags: ["MILF", "Big Tits"],
        empty: [],
      }),
    ).not.toThrow();
  });

  it("throws ContentSafetyError with field, term and message", () => {
    let caught: unknown;
    try {
      assertNoMinorSuggestingTerms({ title: "Hot Teen clip" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ContentSafetyError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as ContentSafetyError;
    expect(error.name).toBe("ContentSafetyError");
    expect(error.field).toBe("title");
    expect(error.term).toBe("teen");
    expect(error.message).toBe('Title contains a term that suggests minors ("teen"), which is not allowed.');
  });

  it("checks every entry of array fields", () => {
    expect(() => assertNoMinorSuggestingTerms({ tags: ["POV", "schoolgirl"] })).toThrow(
      expect.objectContaining({ field: "tags", term: "schoolgirl" }),
    );
  });

  it("reports the first offending field in insertion order", () => {
    expect(() => assertNoMinorSuggestingTerms({ title: "fine", description: "kids", tags: ["teen"] })).toThrow(
      expect.objectContaining({ field: "description", term: "kids" }),
    );
  });

  it("humanises camelCase and snake_case field names in the message", () => {
    expect(() => assertNoMinorSuggestingTerms({ categoryName: "Teen" })).toThrow(
      'Category name contains a term that suggests minors ("teen"), which is not allowed.',
    );
    expect(() => assertNoMinorSuggestingTerms({ performer_name: "Loli" })).toThrow(
      'Performer name contains a term that suggests minors ("loli"), which is not allowed.',
    );
  });
});

describe("one rule set for everything people publish (issue 32 item 1)", () => {
  const create = (title: string, description = "") => PLAYLIST_FORMS.create.safeParse({ intent: "create", title, description });

  it("refuses a playlist title or description that suggests minors, with the message a video title gets", () => {
    const title = create("barely legal schoolgirl teen 16yo picks");
    expect(title.success).toBe(false);
    expect(title.error?.issues[0]).toMatchObject({
      path: ["title"],
      message: 'Title contains a term that suggests minors ("barely legal"), which is not allowed.',
      params: { contentSafety: true },
    });
    const description = create("Evening picks", "for the teens");
    expect(description.error?.issues[0]).toMatchObject({ path: ["description"], message: expect.stringContaining('("teens")') });
    expect(create("Evening picks", "Calm, slow, abstract.").success).toBe(true);
  });

  it("refuses such a display name with a code the settings page words in its language, naming the term", () => {
    const problem = displayNameProblem("Lolita fan");
    expect(problem).toEqual({ code: "policy", term: "lolita" });
    expect(displayNameProblem("Kidney bean")).toBeNull();
    expect(displayNameProblem("  ")).toEqual({ code: "required" });
    expect(displayNameProblem("!!!")).toEqual({ code: "noLetter" });
    expect(displayNameProblem("a\u200bb")).toEqual({ code: "unreadable" });
  });
});

describe("the rule tables of every language (content-safety-rules.ts; texts per language in content-safety-languages.test.ts)", () => {
  it("have one table for every language the site serves", () => {
    expect(RULE_TABLES.map((t) => t.locale).sort()).toEqual([...LOCALES].sort());
  });

  it("write ASCII letters in lower case (the text is matched lower-cased)", () => {
    for (const table of RULE_TABLES)
      for (const rule of [...table.rules, ...(table.rulesWithEnye ?? [])])
        expect(rule.replace(/\\[pP]\{[^}]*\}/g, "").replace(/\\[sSdDwWbB]/g, "")).not.toMatch(/[A-Z]/);
  });

  it("catch a term across scripts: Latin words beside Japanese or Arabic text", () => {
    expect(findMinorSuggestingTerm("美人teen動画")).toBe("teen");
    expect(findMinorSuggestingTerm("فيديو teen")).toBe("teen");
    expect(findMinorSuggestingTerm("動画16歳")).toBe("16歳");
  });

  it("fold invisible direction marks and Arabic-Indic digits in mixed text", () => {
    expect(findMinorSuggestingTerm("\u200Fعمرها\u200F ١٦\u200E")).toBe("عمرها 16");
    expect(findMinorSuggestingTerm("Lisa\u2066 16\u2069 ans")).toBe("16 ans");
  });

  it("let every language's way of saying 'under 18' pass: the site's own policy texts say it", () => {
    for (const text of ["under 18", "unter 18", "moins de 18 ans", "menor de 18 años", "menos de 18 anos", "18歳未満", "أقل من 18"])
      expect(findMinorSuggestingTerm(text)).toBeNull();
  });
});
