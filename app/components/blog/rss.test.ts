import { describe, expect, it } from "vitest";
import { renderFeed } from "./rss";

describe("renderFeed", () => {
  const xml = renderFeed("https://pleazure.test", [
    {
      slug: "tricky",
      title: 'Fish & Chips <b>"quoted"</b> \u0001',
      excerpt: null,
      author: "A & B",
      tags: ["x<y"],
      published_at: new Date("2026-01-02T10:00:00Z"),
      created_at: new Date("2026-01-01T10:00:00Z"),
      updated_at: new Date("2026-01-05T10:00:00Z"),
      content_start: "## Heading\n\nSome **bold** text & more.",
    },
    {
      slug: "draft-date",
      title: "No publish date",
      excerpt: "Excerpt.",
      author: null,
      tags: [],
      published_at: null,
      created_at: "2025-12-01T08:00:00Z",
      updated_at: "2025-12-01T08:00:00Z",
      content_start: "",
    },
  ]);

  it("is an RSS 2.0 channel with a self link and the newest update as lastBuildDate", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('<atom:link href="https://pleazure.test/blog/feed.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain("<link>https://pleazure.test/blog</link>");
    expect(xml).toContain("<lastBuildDate>Mon, 05 Jan 2026 10:00:00 GMT</lastBuildDate>");
  });

  it("escapes text, drops characters XML forbids, and uses absolute links and RFC 822 dates", () => {
    expect(xml).toContain("<title>Fish &amp; Chips &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; </title>");
    expect(xml).not.toContain("\u0001");
    expect(xml).toContain("<dc:creator>A &amp; B</dc:creator>");
    expect(xml).toContain("<category>x&lt;y</category>");
    expect(xml).toContain("<link>https://pleazure.test/blog/tricky</link>");
    expect(xml).toContain('<guid isPermaLink="true">https://pleazure.test/blog/tricky</guid>');
    expect(xml).toContain("<pubDate>Fri, 02 Jan 2026 10:00:00 GMT</pubDate>");
    expect(xml).toContain("<description>Heading Some bold text &amp; more.</description>");
  });

  it("falls back to the creation date and leaves out a missing author", () => {
    const item = xml.slice(xml.indexOf("<title>No publish date"));
    expect(item).toContain("<pubDate>Mon, 01 Dec 2025 08:00:00 GMT</pubDate>");
    expect(item).not.toContain("dc:creator");
    expect(item).toContain("<description>Excerpt.</description>");
  });
});
