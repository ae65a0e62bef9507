import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findMinorSuggestingTerm } from "../../core/content-safety";
import { isTranslatedLocale, TRANSLATED_LOCALES } from "../../core/translations";
import { readBlogFiles } from "../content/blog-files";
import { ADJECTIVES, demoCategories, demoChapters, demoVideoSpecs, NOUNS, SUFFIXES } from "./catalogue";
import { demoCues } from "./demo-captions";
import {
  DEMO_CHAPTER_TITLES,
  demoCategoryDescription,
  demoCategoryTranslations,
  demoChapterTitle,
  demoVideoTranslation,
  demoVideoTranslations,
} from "./demo-translations";
import { WORD_LISTS } from "./demo-words";

// The demo content passes the content policy in every language's rules (core/content-safety-rules.ts), without
// a database: a rule that fires on ordinary English would stop the seed (demo-content.ts) and the console.
const content = path.resolve("content");

describe("the demo texts pass every language's rules", () => {
  it("categories, video titles and descriptions, chapter titles and captions", () => {
    const videos = demoVideoSpecs(new Date("2025-01-01T00:00:00Z"));
    const texts = [
      ...demoCategories().map((c) => c.name),
      ...videos.flatMap((v) => [v.title, v.description]),
      ...videos.flatMap((_, i) => demoChapters(i, 600).map((c) => c.title)),
      ...demoCues(60).map((c) => c.text),
    ];
    expect(texts.filter((t) => findMinorSuggestingTerm(t) !== null)).toEqual([]);
  });

  const blog = readBlogFiles(path.join(content, "blog"));

  it("the demo content in the six other languages: titles, descriptions, chapters, category names and descriptions", () => {
    const videos = demoVideoSpecs(new Date("2025-01-01T00:00:00Z"));
    const translations = demoVideoTranslations(videos, (i) => demoChapters(i, 600));
    const categories = demoCategoryTranslations();
    const texts = [
      ...translations.flatMap((t) => [t.title, t.description, t.chapters ?? ""]),
      ...categories.flatMap((c) => [c.name, c.description]),
      ...demoCategories().map((c) => demoCategoryDescription(c.name)),
    ];
    expect(texts.filter((t) => findMinorSuggestingTerm(t) !== null)).toEqual([]);
    // Every video and category in every language, none left in English by a missing word.
    expect(translations).toHaveLength(videos.length * TRANSLATED_LOCALES.length);
    expect(categories).toHaveLength(demoCategories().length * TRANSLATED_LOCALES.length);
    for (const lists of Object.values(WORD_LISTS))
      expect(lists).toEqual({ adjectives: ADJECTIVES.length, nouns: NOUNS.length, suffixes: SUFFIXES.length });
    // Each chapter title has its own word in each language (German's "Finale" is spelt as the English one).
    const untranslated = TRANSLATED_LOCALES.flatMap((l) =>
      DEMO_CHAPTER_TITLES.filter((t) => demoChapterTitle(l, t) === t).map((t) => `${l} ${t}`),
    );
    expect(untranslated).toEqual(["de Finale"]);
  });

  it("composes each language's titles by its grammar", () => {
    const spec = (adjective: string, noun: string, suffix = "") => ({
      ...demoVideoSpecs(new Date("2025-01-01T00:00:00Z"))[0]!,
      words: { adjective: ADJECTIVES.indexOf(adjective), noun: NOUNS.indexOf(noun), suffix: SUFFIXES.indexOf(suffix) },
    });
    const title = (locale: (typeof TRANSLATED_LOCALES)[number], s: ReturnType<typeof spec>) => demoVideoTranslation(s, locale).title;
    // German adjective endings follow the noun's gender.
    expect(title("de", spec("Golden", "Horizon"))).toBe("Goldener Horizont");
    expect(title("de", spec("Golden", "Tide"))).toBe("Goldene Flut");
    expect(title("de", spec("Golden", "Prism", " II"))).toBe("Goldenes Prisma II");
    // French, Spanish, Portuguese: the adjective after the noun, agreeing, and an agreeing suffix.
    expect(title("fr", spec("Golden", "Tide", " Reimagined"))).toBe("Marée dorée réinventée");
    expect(title("fr", spec("Golden", "Horizon", " Reimagined"))).toBe("Horizon doré réinventé");
    expect(title("es", spec("Slow", "Dream"))).toBe("Sueño lento");
    expect(title("pt-BR", spec("Slow", "Mirage", " at Dusk"))).toBe("Miragem lenta ao entardecer");
    // Japanese: the modifier first; Arabic: the adjective after the noun, feminine with a feminine noun.
    expect(title("ja", spec("Golden", "Aurora"))).toBe("黄金のオーロラ");
    expect(title("ar", spec("Golden", "Aurora"))).toBe("شفق ذهبي");
    expect(title("ar", spec("Golden", "Ember"))).toBe("جمرة ذهبية");
  });

  it("every field of every blog post and of every translation a reader sees, as the console checks them", () => {
    for (const post of [...blog.posts, ...blog.translations])
      for (const [field, value] of Object.entries(post))
        for (const text of Array.isArray(value) ? value : typeof value === "string" ? [value] : [])
          expect(findMinorSuggestingTerm(text), `${"file" in post ? post.file : post.slug} ${field}`).toBeNull();
  });

  it("every blog translation names an English post by its slug, in a language the blog is translated into", () => {
    const slugs = new Set(blog.posts.map((p) => p.slug));
    for (const t of blog.translations) {
      expect(isTranslatedLocale(t.locale), `${t.file}: locale ${t.locale}`).toBe(true);
      expect(slugs.has(t.slug), `${t.file}: slug ${t.slug}`).toBe(true);
    }
  });

  it("the site's own pages", () => {
    for (const file of fs.readdirSync(path.join(content, "pages")))
      expect(findMinorSuggestingTerm(fs.readFileSync(path.join(content, "pages", file), "utf8")), file).toBeNull();
  });
});
