import { describe, expect, it } from "vitest";
import { applyEdit } from "./MarkdownToolbar";

describe("the blog editor's toolbar", () => {
  it("toolbar edits wrap the selection or prefix its lines", () => {
    const bold = { label: "B", title: "Bold", wrap: ["**", "**"] as [string, string], placeholder: "bold" };
    expect(applyEdit("say hi now", 4, 6, bold)).toEqual({ text: "say **hi** now", start: 6, end: 8 });
    expect(applyEdit("", 0, 0, bold).text).toBe("**bold**");
    const list = { label: "L", title: "List", linePrefix: "- ", placeholder: "item" };
    expect(applyEdit("one\ntwo", 0, 7, list).text).toBe("- one\n- two");
  });
});
