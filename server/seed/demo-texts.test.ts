import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isTranslationLocale } from "../../core/blog-translation-schema";
import { findMinorSuggestingTerm } from "../../core/content-safety";
import { readBlogFiles } from "../content/blog-files";
import { demoCategories, demoChapters, demoVideoSpecs } from "./catalogue";
import { demoCues } from "./demo-captions";

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

  it("every field of every blog post and of every translation a reader sees, as the console checks them", () => {
    for (const post of [...blog.posts, ...blog.translations])
      for (const [field, value] of Object.entries(post))
        for (const text of Array.isArray(value) ? value : typeof value === "string" ? [value] : [])
          expect(findMinorSuggestingTerm(text), `${"file" in post ? post.file : post.slug} ${field}`).toBeNull();
  });

  it("every blog translation names an English post by its slug, in a language the blog is translated into", () => {
    const slugs = new Set(blog.posts.map((p) => p.slug));
    for (const t of blog.translations) {
      expect(isTranslationLocale(t.locale), `${t.file}: locale ${t.locale}`).toBe(true);
      expect(slugs.has(t.slug), `${t.file}: slug ${t.slug}`).toBe(true);
    }
  });

  it("the site's own pages", () => {
    for (const file of fs.readdirSync(path.join(content, "pages")))
      expect(findMinorSuggestingTerm(fs.readFileSync(path.join(content, "pages", file), "utf8")), file).toBeNull();
  });
});
