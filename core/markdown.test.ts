import { describe, expect, it } from "vitest";
import { fillPlaceholders, markdownToPlainText, plainExcerpt, safeUrl, splitSections } from "./markdown";

describe("safeUrl", () => {
  it.each([
    "http://example.com/a?b=c#d",
    "https://example.com",
    "HTTPS://EXAMPLE.COM",
    "irc://irc.example.net/chan",
    "ircs://irc.example.net/chan",
    "mailto:someone@example.com",
    "xmpp:someone@example.com",
    "/blog/post",
    "//cdn.example.com/x.png",
    "relative/path",
    "./here",
    "../up",
    "#section",
    "?page=2",
    "/path/with:colon",
    "page?at=12:30",
    "file#frag:ment",
  ])("keeps %s", (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "  javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\rscript:alert(1)",
    "\u0001javascript:alert(1)",
    "javascript\u0000:alert(1)",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "DATA:image/png;base64,AAAA",
    "file:///etc/passwd",
    "ftp://example.com",
    "blob:https://example.com/uuid",
    "jar:https://x!/",
    "tel:+4812345",
    "livescript:alert(1)",
  ])("refuses %j", (url) => {
    expect(safeUrl(url)).toBeUndefined();
  });

  it("treats an empty address as no address", () => {
    expect(safeUrl("")).toBeUndefined();
    expect(safeUrl("   ")).toBeUndefined();
  });

  it("trims surrounding whitespace of accepted URLs", () => {
    expect(safeUrl("  https://example.com  ")).toBe("https://example.com");
  });
});

describe("markdownToPlainText", () => {
  it("drops formatting, keeps words", () => {
    const md = [
      "# Title #",
      "",
      "Some **bold**, *italic*, ___both___ and ~~struck~~ text with `inline <b>code</b>` and a snake_case_name.",
      "",
      "> quoted line",
      "",
      "- one",
      "* two",
      "1. three",
      "- [x] done",
      "",
      '[a link](https://example.com "title") and ![alt text](/img.png) and <https://auto.example>.',
      "",
      "---",
      "",
      "| A | B |",
      "|---|:-:|",
      "| 1 | 2 |",
      "",
      'Escaped \\*stars\\* &amp; <span onclick="x">html</span> &lt;tag&gt;',
      "",
      "[ref]: https://example.com",
    ].join("\n");
    expect(markdownToPlainText(md)).toBe(
      "Title Some bold, italic, both and struck text with inline <b>code</b> and a snake_case_name. quoted line one two three done a link and alt text and https://auto.example. A B 1 2 Escaped *stars* & html <tag>",
    );
  });

  it("leaves out fenced code blocks, including ones with longer or tilde fences", () => {
    const md = "Before.\n\n```html\n<script>alert(1)</script>\n```\n\n~~~~\ncode ~~~\n~~~~\n\nAfter.";
    expect(markdownToPlainText(md)).toBe("Before. After.");
  });

  it("handles CRLF, empty input and images without alt text", () => {
    expect(markdownToPlainText("![](/media/og/x.png)\r\n\r\nToday we open.")).toBe("Today we open.");
    expect(markdownToPlainText("")).toBe("");
  });
});

describe("plainExcerpt", () => {
  it("cuts the plain text to 160 characters at a word boundary", () => {
    const md = `## Heading\n\n${"word ".repeat(100)}`;
    const excerpt = plainExcerpt(md);
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt.startsWith("Heading word word")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(plainExcerpt("Short **text**.")).toBe("Short text.");
  });
});

describe("splitSections", () => {
  it("splits at level-2 headings outside code fences and keeps the intro", () => {
    const md =
      "Intro text.\n\n## What is it?\n\nAn answer.\n\n### Sub\n\nMore.\n\n```\n## not a heading\n```\n\n## Second? ##\nLine one\nLine two\n";
    const { intro, sections } = splitSections(md);
    expect(intro).toBe("Intro text.");
    expect(sections.map((s) => s.heading)).toEqual(["What is it?", "Second?"]);
    expect(sections[0]?.body).toBe("An answer.\n\n### Sub\n\nMore.\n\n```\n## not a heading\n```");
    expect(sections[1]?.body).toBe("Line one\nLine two");
  });

  it("returns everything as intro without headings", () => {
    expect(splitSections("# Only h1\n\ntext")).toEqual({ intro: "# Only h1\n\ntext", sections: [] });
  });
});

describe("fillPlaceholders", () => {
  it("fills known placeholders and leaves unknown ones", () => {
    expect(fillPlaceholders("Mail [{email}](mailto:{email}) {unknown} {constructor}", { email: "a@b.c" })).toBe(
      "Mail [a@b.c](mailto:a@b.c) {unknown} {constructor}",
    );
  });
});
