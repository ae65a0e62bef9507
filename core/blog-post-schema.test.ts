import { describe, expect, it } from "vitest";
import { BLOG_SLUG_MAX, blogFieldErrors, blogPostFormSchema, parseTags, slugFromTitle, toDateTimeLocal } from "./blog-post-schema";

const valid = { title: "Hello World", content: "Some **text**." };

describe("the blog editor's form", () => {
  it("makes the slug from the title when none is given, and keeps a given one", () => {
    expect(blogPostFormSchema.parse(valid).slug).toBe("hello-world");
    expect(blogPostFormSchema.parse({ ...valid, slug: "my-own_slug" }).slug).toBe("my-own_slug");
    expect(slugFromTitle(`${"word ".repeat(100)}`).length).toBeLessThanOrEqual(BLOG_SLUG_MAX);
    expect(slugFromTitle(`${"a".repeat(199)} b`)).toBe("a".repeat(199));
  });

  it("puts each problem next to its field", () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ ...valid, title: "  " }, "title", /Enter a title/],
      [{ ...valid, slug: "Bad Slug" }, "slug", /lower-case/],
      [{ ...valid, slug: "a--b" }, "slug", /single '-'/],
      [{ title: "日本語", content: "x" }, "slug", /no letters or digits/],
      [{ ...valid, content: " \n " }, "content", /Write the post/],
      [{ ...valid, excerpt: "x".repeat(501) }, "excerpt", /at most 500/],
      [{ ...valid, tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") }, "tags", /At most 20 tags/],
      [{ ...valid, og_image_url: "javascript:alert(1)" }, "og_image_url", /http\(s\)/],
      [{ ...valid, canonical_url: "//evil.example/x" }, "canonical_url", /http\(s\)/],
      [{ ...valid, published_at: "yesterday" }, "published_at", /date and time/],
      [{ ...valid, title: "a\u0000b" }, "title", /Unreadable/],
    ];
    for (const [form, field, message] of cases) {
      const parsed = blogPostFormSchema.safeParse(form);
      expect(parsed.success, field).toBe(false);
      if (!parsed.success) expect(blogFieldErrors(parsed.error)[field], JSON.stringify(form).slice(0, 60)).toMatch(message);
    }
  });

  it("turns blanks into nulls, tags into a list, and a UTC date-time into a Date", () => {
    const parsed = blogPostFormSchema.parse({
      ...valid,
      excerpt: "  ",
      tags: " ai, news ,, ai ",
      og_image_url: "/media/og/cover.png",
      published_at: "2026-05-06T07:08",
    });
    expect(parsed).toMatchObject({ excerpt: null, author: null, tags: ["ai", "news"], og_image_url: "/media/og/cover.png" });
    expect(parsed.published_at?.toISOString()).toBe("2026-05-06T07:08:00.000Z");
    expect(toDateTimeLocal(parsed.published_at)).toBe("2026-05-06T07:08");
    expect(parseTags("")).toEqual([]);
  });
});
