import { describe, expect, it } from "vitest";
import { truncate } from "../../core/text";
import { breadcrumbs, pageTitle, seoMeta, socialImage } from "./seo";

const SITE = "https://pleazure.example";

describe('socialImage (the social-image rule of docs/product.md "Page metadata")', () => {
  it.each([
    ["https://cdn.example/a.png", "https://cdn.example/a.png"],
    ["https://cdn.example/a.JPG?v=2", "https://cdn.example/a.JPG?v=2"],
    ["/media/videos/x/poster.jpg", `${SITE}/media/videos/x/poster.jpg`],
    ["/media/og/card", `${SITE}/media/og/card`], // our storage, no extension needed
    ["https://example.com/not-an-image", `${SITE}/og-default.png`],
    ["javascript:alert(1)", `${SITE}/og-default.png`],
    ["", `${SITE}/og-default.png`],
    [null, `${SITE}/og-default.png`],
  ])("%s → %s", (supplied, expected) => {
    expect(socialImage(SITE, supplied)).toBe(expected);
  });
});

describe("seoMeta", () => {
  it("sets title, description, canonical, Open Graph, Twitter card and JSON-LD", () => {
    const tags = seoMeta({
      siteUrl: SITE,
      locale: "en",
      title: "Aurora",
      description: "A clip.",
      path: "/video/1",
      jsonLd: [{ "@type": "Thing" }],
    });
    const find = (key: string, value: string) => tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string>;
    expect(tags).toContainEqual({ title: "Aurora | Pleazure" });
    expect(find("name", "description").content).toBe("A clip.");
    expect(find("rel", "canonical").href).toBe(`${SITE}/video/1`);
    expect(find("property", "og:image").content).toBe(`${SITE}/og-default.png`);
    expect(find("property", "og:image:width").content).toBe("1200");
    expect(find("name", "twitter:card").content).toBe("summary_large_image");
    expect(find("name", "robots").content).toBe("index, follow");
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "Thing" } });
  });

  it("writes the card's title, description and image only where they differ from Open Graph's, which X reads otherwise", () => {
    const input = { siteUrl: SITE, locale: "en", title: "Aurora", description: "A clip.", path: "/video/1" } as const;
    const twitter = (tags: ReturnType<typeof seoMeta>) =>
      Object.fromEntries(
        tags.map((t) => t as Record<string, string>).flatMap((t) => (t.name?.startsWith("twitter:") ? [[t.name, t.content]] : [])),
      );
    expect(twitter(seoMeta(input))).toEqual({ "twitter:card": "summary_large_image" });
    expect(twitter(seoMeta({ ...input, twitterTitle: "Aurora | Pleazure", twitterDescription: "Ours.", twitterImage: "/a.png" }))).toEqual({
      "twitter:card": "summary_large_image",
      "twitter:description": "Ours.",
      "twitter:image": `${SITE}/a.png`,
    });
  });

  it("adds og:video and the video facts for a video page, secure_url only on https", () => {
    const video = {
      url: "/media/v/master.m3u8",
      type: "application/vnd.apple.mpegurl",
      duration: 61.6,
      releaseDate: "2026-01-02T03:04:05.000Z",
    };
    const props = (siteUrl: string) =>
      Object.fromEntries(
        seoMeta({ siteUrl, locale: "en", title: "V", description: "d", path: "/video/1", type: "video.other", video })
          .map((t) => t as Record<string, string>)
          .filter((t) => t.property?.startsWith("og:video") || t.property?.startsWith("video:"))
          .map((t) => [t.property, t.content]),
      );
    expect(props(SITE)).toEqual({
      "og:video": `${SITE}/media/v/master.m3u8`,
      "og:video:secure_url": `${SITE}/media/v/master.m3u8`,
      "og:video:type": "application/vnd.apple.mpegurl",
      "video:duration": "62",
      "video:release_date": "2026-01-02T03:04:05.000Z",
    });
    expect(props("http://localhost:3000")["og:video:secure_url"]).toBeUndefined();
    expect(
      seoMeta({ siteUrl: SITE, locale: "en", title: "T", description: "d", path: "/" }).some(
        (t) => "property" in t && String(t.property).startsWith("og:video"),
      ),
    ).toBe(false);
  });

  it("honours noindex and a canonical override, and leaves out the default size for a custom image", () => {
    const tags = seoMeta({
      siteUrl: SITE,
      locale: "en",
      title: "Q",
      description: "d",
      path: "/search?q=x",
      noindex: true,
      canonical: "https://other.example/p",
      image: "/media/p.jpg",
    });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://other.example/p" });
    expect(tags.some((t) => (t as Record<string, unknown>).property === "og:image:width")).toBe(false);
  });
});

describe("small helpers", () => {
  it("titles the home page with the tagline and other pages with the site name", () => {
    expect(pageTitle("Pleazure")).toBe("Pleazure - Your AI Pleasure Zone");
    expect(pageTitle("Blog")).toBe("Blog | Pleazure");
  });

  it("truncates at a word boundary within the limit", () => {
    expect(truncate("short")).toBe("short");
    const long = "word ".repeat(60);
    const cut = truncate(long, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
  });

  it("numbers breadcrumb items from 1 with absolute URLs", () => {
    expect(
      breadcrumbs(SITE, [
        { name: "Home", path: "/" },
        { name: "HD", path: "/category/hd" },
      ]),
    ).toMatchObject({
      itemListElement: [
        { position: 1, item: `${SITE}/` },
        { position: 2, item: `${SITE}/category/hd` },
      ],
    });
  });

  it("gives a page in another language its own canonical, every version by hreflang with x-default, and og:locale", () => {
    const tags = seoMeta({ siteUrl: SITE, locale: "de", title: "Aurora", description: "Ein Clip.", path: "/video/1?list=x" });
    const links = tags.filter((t) => (t as Record<string, unknown>).rel === "alternate") as Record<string, string>[];
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${SITE}/de/video/1?list=x` });
    expect(Object.fromEntries(links.map((l) => [l.hrefLang, l.href]))).toEqual({
      en: `${SITE}/video/1?list=x`,
      de: `${SITE}/de/video/1?list=x`,
      fr: `${SITE}/fr/video/1?list=x`,
      es: `${SITE}/es/video/1?list=x`,
      "pt-BR": `${SITE}/pt-br/video/1?list=x`,
      ja: `${SITE}/ja/video/1?list=x`,
      ar: `${SITE}/ar/video/1?list=x`,
      "x-default": `${SITE}/video/1?list=x`,
    });
    expect(tags).toContainEqual({ property: "og:locale", content: "de_DE" });
    const alternates = tags.filter((t) => (t as Record<string, unknown>).property === "og:locale:alternate");
    expect(alternates).toHaveLength(6);
    expect(alternates).toContainEqual({ property: "og:locale:alternate", content: "en_US" });
    // The home page's English address is the bare origin; its German one has no trailing slash.
    const home = seoMeta({ siteUrl: SITE, locale: "ja", title: "Pleazure", description: "d", path: "/?page=2" });
    expect(home).toContainEqual({ tagName: "link", rel: "canonical", href: `${SITE}/ja?page=2` });
    expect(seoMeta({ siteUrl: SITE, locale: "ar", title: "Q", description: "d", path: "/profile", noindex: true })).not.toContainEqual(
      expect.objectContaining({ rel: "alternate" }),
    );
  });
});
