import { describe, expect, it } from "vitest";
import { languageToOffer, supportedLocale } from "./language-choice";

describe("the language offer", () => {
  it("maps a browser's language tags to the site's languages", () => {
    expect(["de-AT", "pt", "pt-PT", "PT-br", "ja-JP", "ar-EG", "en-GB", "es-419", "fr-CA"].map(supportedLocale)).toEqual([
      "de",
      "pt-BR",
      "pt-BR",
      "pt-BR",
      "ja",
      "ar",
      "en",
      "es",
      "fr",
    ]);
    expect(supportedLocale("zh-CN")).toBeUndefined();
    expect(supportedLocale("")).toBeUndefined();
  });

  it("offers the first of the browser's languages the site speaks, unless it is the page's", () => {
    expect(languageToOffer("en", null, ["zh-CN", "de-DE", "en"])).toBe("de");
    expect(languageToOffer("de", null, ["de-DE", "en"])).toBeNull();
    expect(languageToOffer("en", null, ["en-US", "de"])).toBeNull();
    expect(languageToOffer("fr", null, ["zh", "ko"])).toBeNull();
  });

  it("lets a choice stand over the browser, and ignores a cookie it cannot read", () => {
    expect(languageToOffer("en", "en", ["de"])).toBeNull();
    expect(languageToOffer("de", "ja", ["de"])).toBe("ja");
    expect(languageToOffer("en", "klingon", ["ar"])).toBe("ar");
  });
});
