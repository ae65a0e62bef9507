import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, parsePreferences } from "./preferences";

describe("parsePreferences", () => {
  it("keeps valid values", () => {
    expect(parsePreferences(JSON.stringify({ volume: 0.37, muted: true, rate: 1.5, captionLanguage: "pt-BR", captionsOn: true }))).toEqual({
      volume: 0.37,
      muted: true,
      rate: 1.5,
      captionLanguage: "pt-BR",
      captionsOn: true,
      captionStyle: null,
    });
  });

  it("keeps a caption style, each of its settings checked on its own", () => {
    const style = { size: 200, font: "serif", color: "yellow", background: "blue", backgroundOpacity: 50, edge: "raised" };
    expect(parsePreferences(JSON.stringify({ captionStyle: style })).captionStyle).toEqual(style);
    expect(parsePreferences(JSON.stringify({ captionStyle: { ...style, size: 9000, color: "<b>" } })).captionStyle).toEqual({
      ...style,
      size: 100,
      color: "white",
    });
    expect(parsePreferences(JSON.stringify({ captionStyle: "large" })).captionStyle).toBeNull();
  });

  it("falls back field by field on anything else", () => {
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences("{not json")).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences(JSON.stringify({ volume: 7, muted: "yes", rate: 16 }))).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences(JSON.stringify({ volume: 0, rate: 0.25 }))).toEqual({ ...DEFAULT_PREFERENCES, volume: 0, rate: 0.25 });
    expect(parsePreferences(JSON.stringify({ captionLanguage: "<img src=x>", captionsOn: "yes" }))).toEqual(DEFAULT_PREFERENCES);
  });
});
