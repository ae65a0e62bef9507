import { describe, expect, it } from "vitest";
import { COMMENT_MAX_CHARS, COMMENT_MAX_RAW_CHARS, commentLength, isCommentSendable } from "./comment-rules";
import { commentContent } from "./comment-schema";

describe("the comment form's check answers as the server's schema does", () => {
  const cases: [string, string][] = [
    ["a word", "Lovely colours"],
    ["empty", ""],
    ["blanks only", " \t\n "],
    ["padded", "   hi   "],
    ["lines and tabs", "first line\n\tsecond line\r\nthird"],
    ["at the limit", "x".repeat(COMMENT_MAX_CHARS)],
    ["one over", "x".repeat(COMMENT_MAX_CHARS + 1)],
    ["at the limit once trimmed", `${" ".repeat(100)}${"x".repeat(COMMENT_MAX_CHARS)}${" ".repeat(100)}`],
    ["raw text at the read bound", `${" ".repeat(COMMENT_MAX_RAW_CHARS - 1)}x`],
    ["raw text over the read bound", `${" ".repeat(COMMENT_MAX_RAW_CHARS)}x`],
    ["a NUL", "a\u0000b"],
    ["an escape", "a\u001bb"],
    ["DEL", "a\u007fb"],
    ["a lone high surrogate", "a\ud83db"],
    ["a lone low surrogate", "a\ude00b"],
    ["an emoji", "nice 😀"],
    ["emoji at half the limit (the limit in UTF-16 units)", "😀".repeat(COMMENT_MAX_CHARS / 2)],
    ["emoji one unit over that", `${"😀".repeat(COMMENT_MAX_CHARS / 2)}x`],
    ["emoji at the limit in code points", "😀".repeat(COMMENT_MAX_CHARS)],
    ["emoji one over it", "😀".repeat(COMMENT_MAX_CHARS + 1)],
    ["raw emoji over the read bound", `${"😀".repeat(COMMENT_MAX_RAW_CHARS)}x`],
    [
      "over the read bound in UTF-16 units, not in code points",
      `${"😀".repeat(COMMENT_MAX_CHARS)}${" ".repeat(COMMENT_MAX_RAW_CHARS - 2 * COMMENT_MAX_CHARS + 1)}`,
    ],
    ["markup", "<script>alert(1)</script>"],
  ];

  it.each(cases)("%s", (_what, raw) => {
    expect(isCommentSendable(raw)).toBe(commentContent.safeParse(raw).success);
  });

  it("the counter counts as the limit does: an emoji is one character, blanks around the text none", () => {
    expect(commentLength("😀".repeat(COMMENT_MAX_CHARS))).toBe(COMMENT_MAX_CHARS);
    expect(commentLength("  a😀b \n")).toBe(3);
    for (const [, raw] of cases) {
      const within = commentLength(raw) >= 1 && commentLength(raw) <= COMMENT_MAX_CHARS;
      if (isCommentSendable(raw)) expect(within).toBe(true);
    }
  });

  it("the cases cover both answers", () => {
    const answers = new Set(cases.map(([, raw]) => isCommentSendable(raw)));
    expect(answers).toEqual(new Set([true, false]));
  });
});
