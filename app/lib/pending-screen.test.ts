import { describe, expect, it } from "vitest";
import { translate } from "../../server/i18n/catalog";
import { loadingTextFor } from "./pending-screen";

describe("loadingTextFor", () => {
  it.each([
    ["/", "Loading videos..."],
    ["/category/big-tits", "Loading videos..."],
    ["/category/amateur/", "Loading videos..."],
    ["/search", "Loading results..."],
    ["/blog", "Loading blog posts..."],
    ["/blog/welcome-to-pleazure", "Loading blog post..."],
    ["/blog/feed.xml", null],
    ["/video/abc", null],
    ["/contact", null],
    ["/category", null],
    ["/blog/a/b", null],
    ["/profile", "Loading..."],
    ["/favorites", "Loading..."],
    ["/history", "Loading..."],
    ["/settings/", "Loading..."],
    ["/login", null],
  ])("%s → %s", (path, text) => {
    const id = loadingTextFor(path);
    expect(id && translate("en", "listing", id)).toBe(text);
  });

  it("knows a page under a language's prefix, and says it in that language", () => {
    expect(loadingTextFor("/de")).toBe("loadingVideos");
    expect(loadingTextFor("/pt-br/category/amateur")).toBe("loadingVideos");
    expect(loadingTextFor("/ar/search")).toBe("loadingResults");
    expect(loadingTextFor("/ja/settings/")).toBe("loading");
    expect(loadingTextFor("/fr/video/abc")).toBeNull();
    expect(translate("de", "listing", "loadingVideos")).toBe("Videos werden geladen …");
    expect(translate("ar", "listing", "loadingResults")).toBe("جارٍ تحميل النتائج...");
  });
});
