import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { BlogPostList, type BlogPostListProps } from "./BlogPostList";

const render = (props: Partial<BlogPostListProps>, locale: Locale = "en") =>
  renderToStaticMarkup(
    inPage(<BlogPostList posts={[]} page={1} pageCount={0} failed={false} {...props} />, {
      locale,
      namespaces: ["common", "blog", "listing"],
      path: "/blog",
    }),
  );

const POSTS: BlogPostListProps["posts"] = [
  {
    slug: "one",
    title: "One & Only",
    excerpt: "First excerpt.",
    author: "Mara Quill",
    date: "2026-05-05T08:00:00.000Z",
    tags: ["a", "b"],
  },
  { slug: "two", title: "Two", excerpt: "Second.", author: null, date: "2026-01-01T00:00:00.000Z", tags: [] },
];

describe("BlogPostList", () => {
  it("shows the SPEC empty text when there are no posts", () => {
    expect(translate("en", "blog", "empty")).toBe("No blog posts available at the moment.");
    expect(render({})).toContain("No blog posts available at the moment.");
  });

  it("renders previews: title link, 'By {author}', date, excerpt, tags; no byline without an author", () => {
    const html = render({ posts: POSTS, page: 1, pageCount: 2 });
    expect(html).toMatch(/<a [^>]*href="\/blog\/one"/);
    expect(html).toContain("One &amp; Only");
    expect(html).toContain("By Mara Quill");
    expect(html).toContain('<time dateTime="2026-05-05T08:00:00.000Z">May 5, 2026</time>');
    expect(html).toContain("First excerpt.");
    expect(html).toMatch(/<ul aria-label="Tags"[^>]*><li[^>]*>a<\/li><li[^>]*>b<\/li><\/ul>/);
    expect(html.match(/By /g)).toHaveLength(1);
    expect(html).toContain('aria-label="Pagination"');
  });

  it("speaks the page's language: German and Arabic texts, dates and addresses", () => {
    expect(render({}, "de")).toContain("Zurzeit sind keine Blogbeiträge verfügbar.");
    expect(render({ failed: true }, "de")).toContain("Die Blogbeiträge konnten nicht geladen werden.");
    const de = render({ posts: POSTS, page: 1, pageCount: 2 }, "de");
    expect(de).toMatch(/<a [^>]*href="\/de\/blog\/one"/);
    expect(de).toContain("Von Mara Quill");
    expect(de).toContain(">5. Mai 2026</time>");
    expect(de).toContain('aria-label="Schlagwörter"');
    expect(de).toMatch(/href="\/de\/blog\?page=2"/);
    const ar = render({ posts: POSTS, page: 1, pageCount: 2 }, "ar");
    expect(ar).toContain("بقلم \u2068Mara Quill\u2069");
    expect(ar).toMatch(/<a [^>]*href="\/ar\/blog\/one"/);
    expect(ar).toContain('<h2 dir="auto"');
    expect(render({}, "ar")).toContain("لا توجد تدوينات متاحة في الوقت الحالي.");
  });
});
