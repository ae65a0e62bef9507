import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_DURATION_BOUNDS, type DurationBounds, type ListingOrder } from "~core/listing-order";
import type { Locale } from "~core/locales";
import { pathsIn } from "~core/paths";
import { inPage } from "../../../tests/support/in-page";
import { ListingControls, NoFilterMatches } from "./ListingControls";

const order: ListingOrder = { sort: "views", duration: "short" };

const render = (locale: Locale, bounds: DurationBounds = DEFAULT_DURATION_BOUNDS) =>
  renderToStaticMarkup(
    inPage(<ListingControls path={pathsIn(locale).category("amateur")} order={order} bounds={bounds} />, {
      locale,
      namespaces: ["common", "listing"],
      path: "/category/amateur",
    }),
  );

const options = (html: string) => [...html.matchAll(/<option [^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
const labels = (html: string) => [...html.matchAll(/<label [^>]*>([^<]*)<\/label>/g)].map((m) => m[1]);

describe("ListingControls", () => {
  it("says today's English: sorts, and durations with the bounds in use", () => {
    const html = render("en");
    expect(labels(html)).toEqual(["Sort by", "Duration"]);
    expect(options(html)).toEqual([
      "Newest",
      "Most viewed",
      "Most liked",
      "Any duration",
      "Short (under 45 s)",
      "Medium (45 s to 1 min)",
      "Long (over 1 min)",
    ]);
    expect(html).toContain('aria-label="Sort and filter videos"');
    expect(html).toContain('action="/category/amateur"');
    expect(options(render("en", { shortUnder: 90, longOver: 1200 })).slice(4)).toEqual([
      "Short (under 1 min 30 s)",
      "Medium (1 min 30 s to 20 min)",
      "Long (over 20 min)",
    ]);
  });

  it("speaks German and Arabic, the bounds in each language's words and plural forms", () => {
    const de = render("de", { shortUnder: 90, longOver: 1200 });
    expect(labels(de)).toEqual(["Sortieren nach", "Dauer"]);
    expect(options(de)).toEqual([
      "Neueste",
      "Meistgesehen",
      "Beliebteste",
      "Beliebige Dauer",
      "Kurz (unter 1 Min. 30 Sek.)",
      "Mittel (1 Min. 30 Sek. bis 20 Min.)",
      "Lang (über 20 Min.)",
    ]);
    expect(de).toContain('action="/de/category/amateur"');
    const ar = render("ar");
    expect(labels(ar)).toEqual(["ترتيب حسب", "المدة"]);
    expect(options(ar).slice(4)).toEqual([
      "قصيرة (أقل من 45 ثانية)",
      "متوسطة (من 45 ثانية إلى دقيقة واحدة)",
      "طويلة (أكثر من دقيقة واحدة)",
    ]);
    expect(options(render("ar", { shortUnder: 120, longOver: 605 })).slice(4)).toEqual([
      "قصيرة (أقل من دقيقتين)",
      "متوسطة (من دقيقتين إلى 10 دقائق و5 ثوانٍ)",
      "طويلة (أكثر من 10 دقائق و5 ثوانٍ)",
    ]);
    expect(options(render("ja")).slice(4)).toEqual(["短い（45秒未満）", "中くらい（45秒～1分）", "長い（1分超）"]);
  });

  it("says why a filtered listing is empty, with a way back", () => {
    const html = (locale: Locale) =>
      renderToStaticMarkup(
        inPage(<NoFilterMatches clearHref={pathsIn(locale).category("amateur")} />, { locale, namespaces: ["listing"] }),
      );
    expect(html("en")).toContain("No videos match these filters.");
    expect(html("en")).toMatch(/<a [^>]*href="\/category\/amateur"[^>]*>Clear filters<\/a>/);
    expect(html("de")).toMatch(
      /Keine Videos passen zu diesen Filtern\.<\/p><a [^>]*href="\/de\/category\/amateur"[^>]*>Filter zurücksetzen<\/a>/,
    );
  });
});
