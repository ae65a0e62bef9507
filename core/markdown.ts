// Pure markdown helpers shared by the blog and the static pages: the link-scheme rule, plain-text
// excerpts for descriptions and feeds, and splitting a document into `## ` sections.

import { truncate } from "./text";

/** docs/product.md "Blog": link addresses only with these schemes, or relative references. */
const ALLOWED_SCHEMES = new Set(["http", "https", "irc", "ircs", "mailto", "xmpp"]);

// Browsers drop ASCII tab/newline anywhere in a URL and C0 controls/space around it, so `java\tscript:` is
// `javascript:` to them. The scheme is judged on the URL with all of those removed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g;

/**
 * The URL rule for links and images in rendered markdown: the URL itself when its scheme is allowed or it
 * is relative, otherwise undefined (the attribute is then left out). Character references are already
 * decoded by the markdown parser, so `&#106;avascript:` arrives here as `javascript:`.
 */
export function safeUrl(url: string): string | undefined {
  const trimmed = url.trim();
  if (!trimmed) return undefined;
  const probe = trimmed.replace(IGNORED_BY_BROWSERS, "");
  const colon = probe.indexOf(":");
  if (colon === -1) return trimmed;
  // A colon after the first `/`, `?` or `#` belongs to the path, query or fragment: a relative reference.
  const boundary = probe.search(/[/?#]/);
  if (boundary !== -1 && boundary < colon) return trimmed;
  const scheme = probe.slice(0, colon).toLowerCase();
  return ALLOWED_SCHEMES.has(scheme) ? trimmed : undefined;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Markdown as readable plain text: formatting, code blocks, HTML and link targets removed. */
export function markdownToPlainText(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    kept.push(line);
  }

  // Inline code keeps its text verbatim: park it so later rules (tags, emphasis) leave it alone.
  const code: string[] = [];
  let text = kept
    .join("\n")
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, inner: string) => {
      code.push(inner.trim());
      return `\u0000${code.length - 1}\u0000`;
    })
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<((?:https?|mailto|ircs?|xmpp):[^>\s]+)>/gi, "$1")
    .replace(/<\/?[A-Za-z][^>]*>/g, " ")
    .replace(/^ {0,3}\[[^\]]+\]:\s+\S.*$/gm, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/gm, "$1")
    .replace(/^ {0,3}(?:([-*_])\s*)(?:\1\s*){2,}$/gm, "")
    .replace(/^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$/gm, "")
    .replace(/^(?:\s*>)+\s?/gm, "")
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/gm, "")
    .replace(/(?<!\\)\|/g, " ")
    .replace(/(?<!\\)(\*{1,3}|~{1,2})/g, "")
    .replace(/(?<![\w\\])_{1,3}(?=\S)(.+?)(?<=\S)_{1,3}(?!\w)/g, "$1")
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, "$1")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? "");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholder set above
  text = text.replace(/\u0000(\d+)\u0000/g, (_, i: string) => code[Number(i)] ?? "");
  return text.replace(/\s+/g, " ").trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", nbsp: " " };

/** The first `max` characters of the content as plain text (the fallback description of docs/product.md "Page metadata"). */
export function plainExcerpt(markdown: string, max = 160): string {
  return truncate(markdownToPlainText(markdown), max);
}

export interface MarkdownSection {
  heading: string;
  body: string;
}

/** Splits a document at its `## ` headings (outside code fences): the text before the first, and each section. */
export function splitSections(markdown: string): { intro: string; sections: MarkdownSection[] } {
  const sections: MarkdownSection[] = [];
  const intro: string[] = [];
  let current: { heading: string; lines: string[] } | null = null;
  const flush = () => {
    if (current) sections.push({ heading: current.heading, body: current.lines.join("\n").trim() });
  };
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (marker) {
      fence = marker;
    } else {
      const heading = /^ {0,3}##[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
      if (heading) {
        flush();
        current = { heading: heading.trim(), lines: [] };
        continue;
      }
    }
    (current ? current.lines : intro).push(line);
  }
  flush();
  return { intro: intro.join("\n").trim(), sections };
}

/** Replaces `{name}` placeholders with configured values; unknown placeholders stay as they are. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] as string) : whole));
}
