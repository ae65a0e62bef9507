import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { safeUrl } from "~core/markdown";
import { Markdown, markdownUrlTransform } from "./Markdown";
import { renderMarkdown } from "./markdown.server";

const render = (md: string) => renderToStaticMarkup(<Markdown source={md} />);

/** Elements the renderer may produce; anything else in the output is a failure. */
const ALLOWED_TAGS = new Set(
  "h1 h2 h3 h4 h5 h6 p ul ol li a img blockquote code pre hr table thead tbody tr th td div span strong em del br input section sup".split(
    " ",
  ),
);
const URL_ATTRIBUTES = new Set(["href", "src", "srcset", "action", "formaction", "xlink:href", "data", "poster", "background", "cite"]);

function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every real tag in the output (text is escaped, so each `<` starts one) with its attributes. */
function tags(html: string): { name: string; attrs: [string, string][] }[] {
  return [...html.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    name: (m[1] ?? "").toLowerCase(),
    attrs: [...(m[2] ?? "").matchAll(/\s+([^\s=>/]+)(?:="([^"]*)")?/g)].map((a) => [(a[1] ?? "").toLowerCase(), decode(a[2] ?? "")]),
  }));
}

function expectHarmless(html: string): void {
  // Every `<` left in the output must open a tag we recognise; stray ones would mean unescaped markup.
  const opening = (html.match(/<(?!\/)/g) ?? []).length;
  const found = tags(html);
  expect(found.length).toBe(opening);
  for (const tag of found) {
    expect(ALLOWED_TAGS.has(tag.name), `unexpected <${tag.name}>`).toBe(true);
    for (const [name, value] of tag.attrs) {
      expect(name.startsWith("on"), `event handler ${name} on <${tag.name}>`).toBe(false);
      expect(["style", "srcdoc", "formaction"]).not.toContain(name);
      if (URL_ATTRIBUTES.has(name)) {
        expect(safeUrl(value), `${name}="${value}" on <${tag.name}>`).toBe(value.trim());
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside a scheme
        expect(value.replace(/[\u0000-\u0020\u007f]/g, "")).not.toMatch(/^(javascript|vbscript|data|livescript):/i);
      }
    }
  }
  expect(html).not.toMatch(/<\/?(script|iframe|object|embed|svg|math|style|form|base|meta|link|template)\b/i);
}

const XSS_CORPUS: [string, string][] = [
  ["javascript: link", "[click](javascript:alert(1))"],
  ["mixed-case javascript: link", "[click](JaVaScRiPt:alert(1))"],
  ["tab inside the scheme", "[click](<java\tscript:alert(1)>)"],
  ["leading whitespace", "[click](< javascript:alert(1)>)"],
  ["decimal entity scheme", "[click](&#106;avascript:alert(1))"],
  ["hex entity scheme", "[click](&#x6A;&#x61;vascript:alert(1))"],
  ["named entity colon", "[click](javascript&colon;alert(1))"],
  ["entity-encoded tab", "[click](java&#9;script:alert(1))"],
  ["entity-encoded newline", "[click](java&#x0A;script:alert(1))"],
  ["reference-style link", "[click][evil]\n\n[evil]: javascript:alert(1)"],
  ["autolink", "<javascript:alert(1)>"],
  ["vbscript: link", "[click](vbscript:msgbox(1))"],
  ["data: html link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
  ["data: image", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
  ["data: image with markup", "![x](<data:image/svg+xml,<svg onload=alert(1)>>)"],
  ["javascript: image", "![x](javascript:alert(1))"],
  ["image inside an evil link", "[![x](javascript:alert(1))](javascript:alert(2))"],
  ["script element", "<script>alert(1)</script>"],
  ["inline script", "Hello <script>alert(1)</script> world"],
  ["img onerror", '<img src=x onerror="alert(1)">'],
  ["event handler attribute", '<div onmouseover="alert(1)">hover me</div>'],
  ["raw anchor", '<a href="javascript:alert(1)">x</a>'],
  ["svg with script", "<svg><script>alert(1)</script></svg>"],
  ["svg onload", "<svg onload=alert(1)>"],
  ["svg use with data", '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>'],
  ["iframe", '<iframe src="javascript:alert(1)"></iframe>'],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["object/embed", '<object data="data:text/html,<script>alert(1)</script>"></object><embed src="javascript:alert(1)">'],
  ["form action", '<form action="javascript:alert(1)"><button>go</button></form>'],
  ["math xlink", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["style expression", "<style>body{background:url(javascript:alert(1))}</style>"],
  ["html comment", "<!-- <script>alert(1)</script> -->"],
  ["title attribute breakout", '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
  ["alt attribute breakout", '![x" onerror="alert(1)](https://example.com/a.png)'],
  ["fenced code", "```html\n<script>alert(1)</script>\n```"],
  ["inline code", "`<img src=x onerror=alert(1)>`"],
  ["table cell html", "| a |\n|---|\n| <img src=x onerror=alert(1)> |"],
  ["footnote label", '[^x"onmouseover=alert(1)]\n\n[^x"onmouseover=alert(1)]: note'],
  ["nested brackets", "[a](javascript:alert(1) 'x')[b](javascript:/**/alert(1))"],
];

describe("Markdown: XSS corpus", () => {
  it.each(XSS_CORPUS)("%s renders nothing executable", (_, md) => {
    expectHarmless(render(md));
    expectHarmless(renderMarkdown(md));
  });

  it("shows raw HTML and code as text", () => {
    const html = render("<script>alert(1)</script>\n\n```\n<script>alert(1)</script>\n```");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toMatch(/<pre[^>]*><code[^>]*>&lt;script&gt;alert\(1\)&lt;\/script&gt;\n<\/code><\/pre>/);
  });

  it("keeps the words of a refused link, without an address", () => {
    const html = render("[click here](javascript:alert(1)) and [also](vbscript:x)");
    expect(html).not.toContain("<a");
    expect(html).toContain("click here");
    expect(html).toContain("also");
  });

  it("drops images whose address is refused", () => {
    expect(render("![x](data:image/png;base64,AAAA)")).not.toContain("<img");
  });

  it("uses the tested URL rule as react-markdown's urlTransform", () => {
    expect(markdownUrlTransform("javascript:alert(1)")).toBeUndefined();
    expect(markdownUrlTransform("/blog/x")).toBe("/blog/x");
  });
});

describe("Markdown: supported formatting", () => {
  const md = [
    "# H1",
    "## H2",
    "### H3",
    "#### H4",
    "##### H5",
    "###### H6",
    "",
    "A paragraph with `code`, **bold** and ~~gone~~.",
    "",
    "- item",
    "1. first",
    "",
    "> quote",
    "",
    "```ts",
    "const a = 1;",
    "```",
    "",
    "![](/media/og/blog-default.png)",
    "",
    "| Character | Escaped |",
    "|-----------|---------|",
    "| `<` | `&lt;` |",
    "",
    "[home](/) [ext](https://example.com) [mail](mailto:a@b.c) [irc](irc://irc.example.net) [ircs](ircs://x) [xmpp](xmpp:a@b.c) [rel](../x)",
  ].join("\n");
  const html = renderMarkdown(md);

  it("renders and styles headings, paragraphs, lists, quotes, code and tables", () => {
    for (const tag of [
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "p",
      "ul",
      "ol",
      "li",
      "blockquote",
      "pre",
      "code",
      "table",
      "th",
      "td",
      "del",
    ]) {
      expect(html, tag).toMatch(new RegExp(`<${tag}[ >]`));
    }
    expect(html).toMatch(/<h2 class="[^"]*text-2xl[^"]*">H2<\/h2>/);
    expect(html).toMatch(/<code class="[^"]*language-ts[^"]*">const a = 1;/);
    expect(html).toContain("<td");
    expect(html).toContain("&amp;lt;");
  });

  it("gives images empty alt text by default and loads them lazily", () => {
    expect(html).toMatch(/<img src="\/media\/og\/blog-default.png" alt="" loading="lazy"/);
    expect(render("![A described image](/a.png)")).toContain('alt="A described image"');
  });

  it("keeps links with the allowed schemes and relative references", () => {
    for (const href of ["/", "https://example.com", "mailto:a@b.c", "irc://irc.example.net", "ircs://x", "xmpp:a@b.c", "../x"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toMatch(/<a href="https:\/\/example.com"[^>]*rel="nofollow noopener noreferrer"/);
  });
});
