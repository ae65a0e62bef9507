import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { postSeo } from "../../../tests/support/fixtures";
import { postDescription } from "./post-description";
import { blogPostMeta, postCanonical } from "./seo";

const SITE = "https://pleazure.test";

const base = postSeo();

const find = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
const ld = (meta: MetaDescriptor[], type: string) =>
  meta
    .map((m) => (m as Record<string, unknown>)["script:ld+json"] as Record<string, unknown> | undefined)
    .find((d) => d?.["@type"] === type);

describe("postDescription", () => {
  it("prefers meta_description, then the excerpt, then 160 characters of plain content", () => {
    expect(postDescription({ meta_description: "Meta.", excerpt: "Excerpt.", content: "Body" })).toBe("Meta.");
    expect(postDescription({ meta_description: "  ", excerpt: "Excerpt.", content: "Body" })).toBe("Excerpt.");
    const long = `## Intro\n\nThe **first** words of a [long](https://example.com) post. ${"More text here. ".repeat(30)}`;
    const fallback = postDescription({ meta_description: null, excerpt: "", content: long });
    expect(fallback.startsWith("Intro The first words of a long post. More text here.")).toBe(true);
    expect(fallback.length).toBeLessThanOrEqual(160);
    expect(fallback).not.toMatch(/[*#[\]]/);
  });
});

describe("postCanonical", () => {
  it("uses the post's own absolute http(s) canonical_url or a site path, else /blog/{slug}", () => {
    expect(postCanonical(SITE, { slug: "a-post", canonical_url: "https://example.com/original" })).toBe("https://example.com/original");
    expect(postCanonical(SITE, { slug: "a-post", canonical_url: "/blog/other" })).toBe(`${SITE}/blog/other`);
    expect(postCanonical(SITE, { slug: "a-post", canonical_url: "javascript:alert(1)" })).toBe(`${SITE}/blog/a-post`);
    expect(postCanonical(SITE, { slug: "a-post", canonical_url: "not a url" })).toBe(`${SITE}/blog/a-post`);
    expect(postCanonical(SITE, { slug: "a-post", canonical_url: null })).toBe(`${SITE}/blog/a-post`);
  });
});

describe("blogPostMeta", () => {
  it("falls back to the title and default social image, article type, BlogPosting and breadcrumbs", () => {
    const meta = blogPostMeta(SITE, base);
    expect(meta).toContainEqual({ title: "A Post | Pleazure" });
    expect(find(meta, "name", "description")?.content).toBe("The description.");
    expect(find(meta, "property", "og:type")?.content).toBe("article");
    expect(find(meta, "property", "og:title")?.content).toBe("A Post | Pleazure");
    expect(find(meta, "property", "og:image")?.content).toBe(`${SITE}/og-default.png`);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(meta, "rel", "canonical")?.href).toBe(`${SITE}/blog/a-post`);
    expect(find(meta, "type", "application/rss+xml")).toEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "Pleazure Blog",
      href: `${SITE}/blog/feed.xml`,
    });
    expect(ld(meta, "BlogPosting")).toMatchObject({
      headline: "A Post",
      datePublished: base.published_at,
      dateModified: base.updated_at,
      author: { "@type": "Person", name: "Mara Quill" },
      keywords: "ai, ethics",
      image: `${SITE}/og-default.png`,
      mainEntityOfPage: { "@type": "WebPage", "@id": `${SITE}/blog/a-post` },
    });
    expect(ld(meta, "BreadcrumbList")).toBeTruthy();
  });

  it("uses the post's own SEO fields and the social-image rule", () => {
    const meta = blogPostMeta(SITE, {
      ...base,
      published_at: null,
      meta_title: "Meta Title",
      og_title: "OG Title",
      og_description: "OG description",
      og_image_url: "/media/og/cover",
      twitter_card_title: "Tw Title",
      twitter_card_description: "Tw description",
      twitter_card_image_url: "https://example.com/not-an-image",
      canonical_url: "https://pleazure.example/blog/a-post",
    });
    expect(meta).toContainEqual({ title: "Meta Title | Pleazure" });
    expect(find(meta, "property", "og:title")?.content).toBe("OG Title");
    expect(find(meta, "property", "og:description")?.content).toBe("OG description");
    expect(find(meta, "property", "og:image")?.content).toBe(`${SITE}/media/og/cover`);
    expect(find(meta, "name", "twitter:title")?.content).toBe("Tw Title");
    expect(find(meta, "name", "twitter:description")?.content).toBe("Tw description");
    expect(find(meta, "name", "twitter:image")?.content).toBe(`${SITE}/og-default.png`);
    expect(find(meta, "rel", "canonical")?.href).toBe("https://pleazure.example/blog/a-post");
    expect(ld(meta, "BlogPosting")).toMatchObject({ headline: "Meta Title", datePublished: base.created_at });
  });

  it("refuses a non-image og_image_url", () => {
    const meta = blogPostMeta(SITE, { ...base, og_image_url: "https://example.com/not-an-image" });
    expect(find(meta, "property", "og:image")?.content).toBe(`${SITE}/og-default.png`);
    expect(find(meta, "property", "og:image:width")?.content).toBe("1200");
  });

  const hreflangs = (meta: MetaDescriptor[]) =>
    meta
      .filter((m) => (m as Record<string, unknown>).hrefLang)
      .map((m) => `${(m as Record<string, string>).hrefLang} ${(m as Record<string, string>).href}`);

  it("a translation: its own language's canonical, og:locale and inLanguage; hreflang only where the post is published", () => {
    const meta = blogPostMeta(SITE, { ...base, title: "Ein Beitrag", locale: "de", languages: ["en", "de", "ja"] }, "de");
    expect(find(meta, "rel", "canonical")?.href).toBe(`${SITE}/de/blog/a-post`);
    expect(find(meta, "property", "og:url")?.content).toBe(`${SITE}/de/blog/a-post`);
    expect(find(meta, "property", "og:locale")?.content).toBe("de_DE");
    expect(
      meta
        .filter((m) => (m as Record<string, string>).property === "og:locale:alternate")
        .map((m) => (m as Record<string, string>).content),
    ).toEqual(["en_US", "ja_JP"]);
    expect(ld(meta, "BlogPosting")).toMatchObject({ headline: "Ein Beitrag", inLanguage: "de", url: `${SITE}/de/blog/a-post` });
    expect(hreflangs(meta)).toEqual([
      `en ${SITE}/blog/a-post`,
      `de ${SITE}/de/blog/a-post`,
      `ja ${SITE}/ja/blog/a-post`,
      `x-default ${SITE}/blog/a-post`,
    ]);
  });

  it("the English text on another language's page: canonical to the English post, English meta, breadcrumbs in the page's language", () => {
    const meta = blogPostMeta(SITE, { ...base, locale: "en", languages: ["en", "de"] }, "fr", { home: "Accueil", blog: "Blog" });
    expect(find(meta, "rel", "canonical")?.href).toBe(`${SITE}/blog/a-post`);
    expect(find(meta, "property", "og:locale")?.content).toBe("en_US");
    expect(ld(meta, "BlogPosting")).toMatchObject({ inLanguage: "en" });
    expect(hreflangs(meta)).toEqual([`en ${SITE}/blog/a-post`, `de ${SITE}/de/blog/a-post`, `x-default ${SITE}/blog/a-post`]);
    expect(JSON.stringify(ld(meta, "BreadcrumbList"))).toContain(`"name":"Accueil","item":"${SITE}/fr"`);
  });
});
