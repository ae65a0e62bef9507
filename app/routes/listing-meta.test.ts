import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_DURATION_BOUNDS, type ListingOrder } from "~core/listing-order";
import type { Locale } from "~core/locales";
import { pageTexts } from "../../server/i18n/catalog";
import type { Route as HomeRoute } from "./+types/home";
import type { Route as SearchRoute } from "./+types/search";
import { meta as homeMeta } from "./home";
import { meta as searchMeta } from "./search";

/** The listing pages' titles, descriptions and JSON-LD in the page's language (their loaders send `listing`). */

const SITE = "https://pleazure.test";
const plain: ListingOrder = { sort: "newest", duration: null };

function matchesIn(locale: Locale, id: string, loaderData: object) {
  const root = { id: "root", loaderData: { intl: pageTexts(locale, ["common"]), siteUrl: SITE } };
  return [root, { id, loaderData: { intl: pageTexts(locale, ["listing"]), ...loaderData } }];
}

function category(locale: Locale, page = 1) {
  const loaderData = {
    categoryParam: "amateur",
    categoryName: "Amateur",
    order: plain,
    bounds: DEFAULT_DURATION_BOUNDS,
    page,
    pageCount: 3,
    videos: [],
    failed: false,
  };
  return homeMeta({ loaderData, matches: matchesIn(locale, "category", loaderData) } as unknown as HomeRoute.MetaArgs);
}

function home(locale: Locale) {
  const loaderData = { categoryParam: null, categoryName: "All", order: plain, page: 1, pageCount: 3, videos: [], failed: false };
  return homeMeta({ loaderData, matches: matchesIn(locale, "home", loaderData) } as unknown as HomeRoute.MetaArgs);
}

function search(locale: Locale, q: string) {
  const loaderData = { q, order: plain, bounds: DEFAULT_DURATION_BOUNDS, results: [], failed: false };
  return searchMeta({ loaderData, matches: matchesIn(locale, "routes/search", loaderData) } as unknown as SearchRoute.MetaArgs);
}

/** A meta list's entries as plain records (MetaDescriptor is a union of shapes). */
const entries = (meta: MetaDescriptor[]) => meta as Record<string, unknown>[];
const title = (meta: MetaDescriptor[]) => entries(meta).find((m) => "title" in m)?.title;
const description = (meta: MetaDescriptor[]) => entries(meta).find((m) => m.name === "description")?.content;
const jsonLd = (meta: MetaDescriptor[]) =>
  meta.flatMap((m) => ("script:ld+json" in m ? [m["script:ld+json"] as Record<string, unknown>] : []));

describe("the listing pages' metadata", () => {
  it("keeps today's English", () => {
    expect(title(category("en"))).toBe("Amateur Videos | Pleazure");
    expect(title(category("en", 2))).toBe("Amateur Videos - Page 2 | Pleazure");
    expect(description(category("en"))).toBe("Watch AI-generated Amateur videos on Pleazure. Synthetic media, no real performers.");
    expect(description(home("en"))).toBe(
      "Pleazure is a curated library of AI-generated videos for adults: synthetic media, no real performers, clearly labelled.",
    );
    expect(title(search("en", "aurora"))).toBe('Search results for "aurora" | Pleazure');
    expect(description(search("en", ""))).toBe("Search AI-generated videos by title.");
  });

  it("speaks German and Arabic, with JSON-LD in the page's language and addresses", () => {
    expect(title(category("de", 2))).toBe("Videos: Amateur – Seite 2 | Pleazure");
    expect(description(search("de", "aurora"))).toBe("KI-generierte Videos zu „aurora“.");
    expect(title(search("ar", "aurora"))).toBe("نتائج البحث عن «\u2068aurora\u2069» | Pleazure");
    const [site] = jsonLd(home("de"));
    expect(site).toMatchObject({ "@type": "WebSite", inLanguage: "de", url: `${SITE}/de` });
    expect(JSON.stringify(site)).toContain(`${SITE}/de/search?q={search_term_string}`);
    expect(jsonLd(home("en"))[0]).toMatchObject({ inLanguage: "en", url: `${SITE}/` });
    const [trail] = jsonLd(category("ar"));
    expect(JSON.stringify(trail)).toContain('"name":"الرئيسية","item":"https://pleazure.test/ar"');
    expect(JSON.stringify(trail)).toContain(`"item":"${SITE}/ar/category/amateur"`);
  });
});
