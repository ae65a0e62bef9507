/**
 * Minimal frontmatter reader for our own content files: a leading block of `key: value` lines between
 * `---` fences. Values may be double-quoted (to allow colons); no nesting, no lists.
 */
export interface Document {
  data: Record<string, string>;
  body: string;
}

export function parseFrontmatter(source: string): Document {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? "").split("\n")) {
    const m = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!m?.[1]) continue;
    let value = (m[2] ?? "").trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\"/g, '"');
    }
    data[m[1]] = value;
  }
  return { data, body: text.slice(match[0].length).replace(/^\n+/, "") };
}
