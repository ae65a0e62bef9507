import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { pathsIn } from "~core/paths";
import { inPage } from "../../../tests/support/in-page";
import { ErrorState } from "./ErrorState";
import { Pagination } from "./Pagination";

const render = (locale: Locale, current = 5) =>
  renderToStaticMarkup(
    inPage(<Pagination current={current} total={20} hrefFor={(page) => pathsIn(locale).home({ page })} />, {
      locale,
      namespaces: ["listing"],
    }),
  );

/** The visible texts of the steps and the accessible names of the rest, in order. */
const names = (html: string) =>
  [...html.matchAll(/<(?:a|span|button)\b([^>]*)>([^<]*)</g)].map(
    ([, attrs, text]) => /aria-label="([^"]*)"/.exec(attrs ?? "")?.[1] ?? text,
  );

describe("Pagination", () => {
  it("names its steps and pages as ever in English", () => {
    const html = render("en");
    expect(html).toContain('<nav aria-label="Pagination"');
    expect(names(html)).toEqual([
      "First",
      "Previous",
      "Page 1",
      "More pages",
      "Page 3",
      "Page 4",
      "5",
      "Page 6",
      "Page 7",
      "More pages",
      "Page 20",
      "Next",
      "Last",
    ]);
    expect(html).toMatch(/<a [^>]*aria-label="Page 6" href="\/\?page=6"/);
  });

  it("speaks German and Arabic, its links the page's language's addresses", () => {
    const de = render("de", 1);
    expect(de).toContain('<nav aria-label="Seitennavigation"');
    expect(names(de)).toEqual([
      "Erste",
      "Zurück",
      "1",
      "Seite 2",
      "Seite 3",
      "Seite 4",
      "Seite 5",
      "Weitere Seiten",
      "Seite 20",
      "Weiter",
      "Letzte",
    ]);
    expect(de).toMatch(/<a [^>]*aria-label="Seite 2" href="\/de\?page=2"/);
    const ar = render("ar", 20);
    expect(names(ar).slice(0, 4)).toEqual(["الأولى", "السابقة", "الصفحة 1", "صفحات أخرى"]);
    expect(names(ar).slice(-2)).toEqual(["التالية", "الأخيرة"]);
  });
});

describe("ErrorState", () => {
  it("shows the caller's message and a Retry button in the page's language", () => {
    const html = (locale: Locale) => renderToStaticMarkup(inPage(<ErrorState message="Boom." />, { locale, namespaces: ["listing"] }));
    expect(html("en")).toMatch(/<p [^>]*>Boom\.<\/p><form [^>]*><button type="submit"[^>]*>Retry<\/button><\/form>/);
    expect(html("de")).toContain(">Erneut versuchen</button>");
    expect(html("ar")).toContain(">إعادة المحاولة</button>");
  });

  it("retries without script too: a form that asks for the same address, its query kept", () => {
    const html = renderToStaticMarkup(
      inPage(<ErrorState message="Boom." />, { locale: "de", namespaces: ["listing"], path: "/search?q=a%22b&page=2" }),
    );
    expect(html).toContain('<form action="/de/search" method="get">');
    expect(html).toContain('<input type="hidden" name="q" value="a&quot;b"/><input type="hidden" name="page" value="2"/>');
  });
});
