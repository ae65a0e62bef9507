import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { readBlogFiles } from "../content/blog-files";
import { getPublishedPost, listPublishedPosts } from "../services/blog";
import { checkBlogTranslations } from "./demo-blog-translations";
import { seedDemoContent } from "./demo-content";

const { handle } = useTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), "blog-files-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A content directory with these files in its blog/. */
function contentWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(root, "content-"));
  fs.mkdirSync(path.join(dir, "blog"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, "blog", name), text);
  return dir;
}

const english = `---
title: Hello
slug: hello
excerpt: An English excerpt.
author: Mara Quill
tags: news, product
published: true
published_at: "2026-01-02T09:00:00Z"
meta_title: Hello, search
og_image_url: /media/og/blog-default.png
---

The English body.
`;
const german = `---
title: Hallo
slug: hello
excerpt: Ein deutscher Auszug.
author: Mara Quill
tags: news, product
published: true
published_at: "2026-01-02T09:00:00Z"
meta_title: Hallo, Suche
og_image_url: /media/og/blog-default.png
---

Der deutsche Text.
`;

describe("the demo blog's files", () => {
  it("reads <slug>.md as English posts and <slug>.<locale>.md as their translations, never as posts", () => {
    const dir = contentWith({ "hello.md": english, "hello.de.md": german, "hello.pt-BR.md": german.replace("Hallo", "Olá") });
    const { posts, translations } = readBlogFiles(path.join(dir, "blog"));
    expect(posts.map((p) => p.slug)).toEqual(["hello"]);
    expect(translations.map((t) => [t.file, t.slug, t.locale, t.title])).toEqual([
      ["hello.de.md", "hello", "de", "Hallo"],
      ["hello.pt-BR.md", "hello", "pt-BR", "Olá"],
    ]);
    expect(translations[0]).toMatchObject({
      excerpt: "Ein deutscher Auszug.",
      meta_title: "Hallo, Suche",
      content: "Der deutsche Text.\n",
    });
  });

  it("stops the seed on a translation of no post or in no language of the site, naming the file", () => {
    const read = (files: Record<string, string>) => readBlogFiles(path.join(contentWith(files), "blog"));
    expect(() => checkBlogTranslations(read({ "hello.md": english, "hello.pt-br.md": german }))).toThrow(/hello\.pt-br\.md: "pt-br"/);
    expect(() => checkBlogTranslations(read({ "hello.md": english, "other.de.md": german.replace("slug: hello", "slug: other") }))).toThrow(
      /other\.de\.md: no English post has the slug "other"/,
    );
    expect(() => checkBlogTranslations(read({ "hello.md": english, "hello.en.md": german }))).toThrow(/"en" is not a language/);
  });

  it("seeds the translations published: the German page reads German, the others English", async () => {
    const contentDir = contentWith({ "hello.md": english, "hello.de.md": german });
    await seedDemoContent(handle().db, { dataDir: root, media: "none", log: () => {}, contentDir });
    const rows = await handle().db.selectFrom("blog_post_translations").select(["locale", "state", "title"]).execute();
    expect(rows).toEqual([{ locale: "de", state: "published", title: "Hallo" }]);
    expect(await getPublishedPost("hello", "de")).toMatchObject({ locale: "de", title: "Hallo", languages: ["en", "de"] });
    expect((await listPublishedPosts(1, "fr")).posts).toMatchObject([{ slug: "hello", title: "Hello", locale: "en" }]);
    // Seeding again replaces them.
    await seedDemoContent(handle().db, { dataDir: root, media: "none", log: () => {}, contentDir });
    expect(await handle().db.selectFrom("blog_post_translations").select("locale").execute()).toHaveLength(1);
  });
});
