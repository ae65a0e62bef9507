import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inPage } from "../../../tests/support/in-page";
import { BLOG_LIST_EMPTY, BlogPostList, type BlogPostListProps } from "./BlogPostList";

const render = (props: Partial<BlogPostListProps>) =>
  // Its pagination's texts are the listing pages' (`listing`).
  renderToStaticMarkup(
    inPage(<BlogPostList posts={[]} page={1} pageCount={0} error={null} {...props} />, { namespaces: ["common", "listing"] }),
  );

describe("BlogPostList", () => {
  it("shows the SPEC empty text when there are no posts", () => {
    expect(render({})).toContain(BLOG_LIST_EMPTY);
    expect(BLOG_LIST_EMPTY).toBe("No blog posts available at the moment.");
  });

  it("renders previews: title link, 'By {author}', date, excerpt, tags; no byline without an author", () => {
    const html = render({
      posts: [
        {
          slug: "one",
          title: "One & Only",
          excerpt: "First excerpt.",
          author: "Mara Quill",
          date: "2026-05-05T08:00:00.000Z",
          tags: ["a", "b"],
        },
        { slug: "two", title: "Two", excerpt: "Second.", author: null, date: "2026-01-01T00:00:00.000Z", tags: [] },
      ],
      page: 1,
      pageCount: 2,
    });
    expect(html).toMatch(/<a [^>]*href="\/blog\/one"/);
    expect(html).toContain("One &amp; Only");
    expect(html).toContain("By Mara Quill");
    expect(html).toContain('<time dateTime="2026-05-05T08:00:00.000Z">May 5, 2026</time>');
    expect(html).toContain("First excerpt.");
    expect(html).toMatch(/<ul aria-label="Tags"[^>]*><li[^>]*>a<\/li><li[^>]*>b<\/li><\/ul>/);
    expect(html.match(/By /g)).toHaveLength(1);
    expect(html).toContain('aria-label="Pagination"');
  });
});
