import { describe, expect, it } from "vitest";
import { LOCALES, localeOfSegment, localizePath, splitLocalePath } from "./locales";
import { paths, pathsIn } from "./paths";

describe("language addresses", () => {
  it("puts every language but English under its own prefix, and takes it off again", () => {
    for (const locale of LOCALES)
      for (const path of ["/", "/video/abc", "/search?q=a%20b", "/?page=2", "/blog/"]) {
        const localized = localizePath(locale, path);
        expect(locale === "en" ? localized === path : localized !== path).toBe(true);
        const [pathname] = localized.split("?");
        expect(splitLocalePath(pathname ?? "")).toEqual({ locale, path: (path.split("?")[0] as string) || "/" });
      }
    expect(localizePath("pt-BR", "/video/x")).toBe("/pt-br/video/x");
    expect(localizePath("de", "/")).toBe("/de");
    expect(localizePath("de", "/?page=2")).toBe("/de?page=2");
  });

  it("knows only its languages' segments: English has none, and no other word is a language", () => {
    expect(localeOfSegment("ar")).toBe("ar");
    expect(localeOfSegment("pt-br")).toBe("pt-BR");
    for (const word of ["en", "pt-BR", "PT-BR", "DE", "video", "", "xx"]) expect(localeOfSegment(word)).toBeUndefined();
    expect(splitLocalePath("/en/video/x")).toEqual({ locale: "en", path: "/en/video/x" });
    expect(splitLocalePath("/design")).toEqual({ locale: "en", path: "/design" });
  });

  it("gives the pages a visitor reads in each language, and keeps one address for the console and the endpoints", () => {
    const de = pathsIn("de");
    expect(de.video("x", { list: "watch-later" })).toBe("/de/video/x?list=watch-later");
    expect(de.home({ page: 3 })).toBe("/de?page=3");
    expect(de.login("/de/video/x")).toBe("/de/login?redirectTo=%2Fde%2Fvideo%2Fx");
    expect(de.api.views()).toBe(paths.api.views());
    expect(de.admin.reports()).toBe(paths.admin.reports());
    expect(de.feed()).toBe(paths.feed());
    expect(de.logout()).toBe(paths.logout());
    expect(pathsIn("en")).toBe(paths);
    expect(pathsIn("ar")).toBe(pathsIn("ar"));
  });
});
