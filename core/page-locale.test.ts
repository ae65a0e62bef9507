import { describe, expect, it } from "vitest";
import { pageAddressIn, pageLocale } from "./page-locale";
import { paths, pathsIn } from "./paths";

const ageCheck = (returnTo: string) => new URL(paths.ageCheck({ result: "failed", returnTo }), "http://x.test");

describe("the language a page is shown in", () => {
  it("is its address's prefix", () => {
    expect(pageLocale(pathsIn("ar").home(), "")).toBe("ar");
    expect(pageLocale(pathsIn("pt-BR").search({ q: "a" }), "?returnTo=/de")).toBe("pt-BR");
    expect(pageLocale(paths.home(), "?returnTo=/de")).toBe("en");
  });

  it("on the age check, is that of the page it returns to, once the redirect rule accepts it", () => {
    const to = (returnTo: string) => {
      const url = ageCheck(returnTo);
      return pageLocale(url.pathname, url.search);
    };
    expect(to(pathsIn("de").video("x"))).toBe("de");
    expect(to(`${pathsIn("ar").video("x")}?t=3#c`)).toBe("ar");
    expect(to(pathsIn("ja").home())).toBe("ja");
    expect(to(paths.video("x"))).toBe("en");
    expect(to("//evil.test/de/video")).toBe("en");
    expect(to("/api/de")).toBe("en");
    expect(pageLocale(paths.ageCheck(), "")).toBe("en");
  });
});

describe("the same page in another language", () => {
  it("puts the language's prefix on the address, keeping the query", () => {
    const fr = new URL(pathsIn("fr").search({ q: "a b" }), "http://x.test");
    expect(pageAddressIn("de", fr.pathname, fr.search)).toBe(pathsIn("de").search({ q: "a b" }));
    expect(pageAddressIn("en", pathsIn("ar").home(), "")).toBe(paths.home());
  });

  it("on the age check, is the age check returning to the page in that language", () => {
    const url = ageCheck(`${pathsIn("de").video("x")}?t=3`);
    const fr = new URL(pageAddressIn("fr", url.pathname, url.search), "http://x.test");
    expect(fr.pathname).toBe(paths.ageCheck());
    expect(fr.searchParams.get("result")).toBe("failed");
    expect(fr.searchParams.get("returnTo")).toBe(`${pathsIn("fr").video("x")}?t=3`);
    expect(pageLocale(fr.pathname, fr.search)).toBe("fr");
    const en = new URL(pageAddressIn("en", url.pathname, url.search), "http://x.test");
    expect(en.searchParams.get("returnTo")).toBe(`${paths.video("x")}?t=3`);
  });
});
