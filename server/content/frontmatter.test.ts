import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "./frontmatter";

describe("parseFrontmatter", () => {
  it("reads key/value pairs and the body", () => {
    const doc = parseFrontmatter('---\ntitle: Hello\nwhen: "2025-09-03T09:00:00Z"\nempty:\n---\n\n# Body\n');
    expect(doc.data).toEqual({ title: "Hello", when: "2025-09-03T09:00:00Z", empty: "" });
    expect(doc.body).toBe("# Body\n");
  });

  it("keeps colons inside quoted values and unescapes quotes", () => {
    expect(parseFrontmatter('---\nt: "a: \\"b\\""\n---\nx').data.t).toBe('a: "b"');
  });

  it("treats a file without frontmatter as body only", () => {
    expect(parseFrontmatter("just text")).toEqual({ data: {}, body: "just text" });
  });

  it("handles CRLF line endings and a BOM", () => {
    expect(parseFrontmatter("\uFEFF---\r\ntitle: X\r\n---\r\nbody").data.title).toBe("X");
  });
});
