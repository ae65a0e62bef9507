import { describe, expect, it } from "vitest";
import { trackForLanguage } from "./captions";

const tracks = [
  { language: "en", label: "English" },
  { language: "pt-BR", label: "Português (Brasil)" },
];

describe("trackForLanguage", () => {
  it("matches the tag, then the language, else nothing", () => {
    expect(trackForLanguage(tracks, "en")?.label).toBe("English");
    expect(trackForLanguage(tracks, "EN")?.label).toBe("English");
    expect(trackForLanguage(tracks, "en-GB")?.label).toBe("English");
    expect(trackForLanguage(tracks, "pt")?.label).toBe("Português (Brasil)");
    expect(trackForLanguage(tracks, "fr")).toBeUndefined();
    expect(trackForLanguage(tracks, null)).toBeUndefined();
    expect(trackForLanguage([], "en")).toBeUndefined();
  });
});
