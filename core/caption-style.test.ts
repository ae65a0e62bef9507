import { describe, expect, it } from "vitest";
import {
  CAPTION_STYLE_CHOICES,
  CAPTION_STYLE_FIELDS,
  type CaptionStyle,
  captionTextStyle,
  DEFAULT_CAPTION_STYLE,
  parseCaptionStyle,
  sameCaptionStyle,
} from "./caption-style";
import { captionStyleForm, captionStyleOf } from "./caption-style-schema";

const chosen: CaptionStyle = { size: 150, font: "mono-serif", color: "yellow", background: "blue", backgroundOpacity: 25, edge: "outline" };

describe("parseCaptionStyle", () => {
  it("keeps every choice, from numbers or the strings a form or storage gives", () => {
    expect(parseCaptionStyle(chosen)).toEqual(chosen);
    expect(parseCaptionStyle({ ...chosen, size: "150", backgroundOpacity: "25" })).toEqual(chosen);
  });

  it("falls back field by field: a foreign value loses only its own field", () => {
    const parsed = parseCaptionStyle({ ...chosen, size: 120, font: "Comic Sans", color: "#ff0000", edge: null });
    expect(parsed).toEqual({ ...chosen, size: DEFAULT_CAPTION_STYLE.size, font: "sans", color: "white", edge: "none" });
    for (const junk of [null, undefined, "x", 42, [], { size: "1e2" }, { backgroundOpacity: "0100" }]) {
      expect(parseCaptionStyle(junk)).toEqual(DEFAULT_CAPTION_STYLE);
    }
  });

  it("compares styles by their six settings", () => {
    expect(sameCaptionStyle(chosen, { ...chosen })).toBe(true);
    for (const field of CAPTION_STYLE_FIELDS) {
      const other = CAPTION_STYLE_CHOICES[field].find((choice) => choice !== chosen[field]);
      expect(sameCaptionStyle(chosen, { ...chosen, [field]: other })).toBe(false);
    }
  });
});

describe("captionTextStyle", () => {
  it("draws the default as white on a 75 % black box without an edge", () => {
    expect(captionTextStyle(DEFAULT_CAPTION_STYLE)).toMatchObject({
      color: "rgb(255 255 255)",
      backgroundColor: "rgb(0 0 0 / 0.75)",
      fontVariant: "normal",
      textShadow: "none",
    });
  });

  it("gives each choice of every setting its own look", () => {
    const looks = (field: keyof CaptionStyle) =>
      new Set(
        CAPTION_STYLE_CHOICES[field].map((choice) => JSON.stringify(captionTextStyle({ ...DEFAULT_CAPTION_STYLE, [field]: choice }))),
      );
    for (const field of CAPTION_STYLE_FIELDS.filter((f) => f !== "size"))
      expect(looks(field).size).toBe(CAPTION_STYLE_CHOICES[field].length);
  });

  it("sets an edge off in the colour opposite the text's, and no box at 0 %", () => {
    expect(captionTextStyle({ ...chosen, color: "white" }).textShadow).toContain("rgb(0 0 0 / 0.9)");
    expect(captionTextStyle({ ...chosen, color: "black" }).textShadow).toContain("rgb(255 255 255 / 0.9)");
    expect(captionTextStyle({ ...chosen, backgroundOpacity: 0 }).backgroundColor).toBe("rgb(0 0 255 / 0)");
    expect(captionTextStyle({ ...chosen, font: "small-caps" }).fontVariant).toBe("small-caps");
  });
});

describe("captionStyleForm", () => {
  const form = { size: "150", font: "mono-serif", color: "yellow", background: "blue", backgroundOpacity: "25", edge: "outline" };
  it("reads a form of six choices as the style", () => {
    const parsed = captionStyleForm.safeParse(form);
    expect(parsed.success && captionStyleOf(parsed.data)).toEqual(chosen);
  });

  it("refuses the whole form for one value that is not a choice, or one missing", () => {
    for (const [field, value] of [
      ["size", "120"],
      ["font", "Arial"],
      ["color", "#fff"],
      ["backgroundOpacity", "100%"],
      ["edge", ""],
    ] as const) {
      expect(captionStyleForm.safeParse({ ...form, [field]: value }).success, `${field}=${value}`).toBe(false);
    }
    const { edge: _, ...missing } = form;
    expect(captionStyleForm.safeParse(missing).success).toBe(false);
  });
});
