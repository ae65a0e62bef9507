import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { postSeo } from "../../../tests/support/fixtures";
import { inPage } from "../../../tests/support/in-page";
import BlogList from "./list";
import BlogPostPage from "./post";

/** A route's component with its loader data, at `path` in `locale` (the blog's texts loaded). */
function render(component: unknown, loaderData: object, locale: Locale, path: string): string {
  const Page = component as (props: { loaderData: object }) => ReactNode;
  return renderToStaticMarkup(inPage(<Page loaderData={loaderData} />, { locale, namespaces: ["common", "blog", "listing"], path }));
}

const post = (locale: Locale, title: string) => postSeo({ title, locale, languages: ["en", "de"] });
const postPage = (locale: Locale, title: string) => ({ state: "ok", post: post(locale, title), html: "<p>Body</p>" });

describe("a blog post on another language's page", () => {
  it("the English text is marked lang=\"en\" and says so in the page's language; the byline stays the page's", () => {
    const fr = render(BlogPostPage, postPage("en", "A Post"), "fr", "/blog/a-post");
    expect(fr).toContain('<p role="note" class="');
    expect(fr).toContain("Cet article n’est disponible qu’en anglais.</p>");
    expect(fr).toMatch(/<h1 dir="ltr" lang="en"[^>]*>A Post<\/h1>/);
    expect(fr).toMatch(/<div [^>]*lang="en"[^>]*><p>Body<\/p><\/div>/);
    expect(fr).toContain("Par Mara Quill");
    const ar = render(BlogPostPage, postPage("en", "A Post"), "ar", "/blog/a-post");
    expect(ar).toContain("هذه التدوينة متاحة باللغة الإنجليزية فقط.");
    // On a right-to-left page the English body reads left to right (its full stops where English puts them).
    expect(ar).toMatch(/<div [^>]*lang="en" dir="ltr"[^>]*><p>Body<\/p><\/div>/);
  });

  it("a translation in the page's language, and English on the English page, carry no lang and no note", () => {
    for (const [locale, title] of [
      ["de", "Ein Beitrag"],
      ["en", "A Post"],
    ] as const) {
      const html = render(BlogPostPage, postPage(locale, title), locale, "/blog/a-post");
      expect(html).not.toContain("lang=");
      expect(html).not.toContain('role="note"');
      expect(html).toContain(`>${title}</h1>`);
    }
  });
});

describe("the blog list in another language", () => {
  const list = {
    page: 1,
    pageCount: 1,
    failed: false,
    posts: [
      { slug: "one", title: "Eins", excerpt: "Auf Deutsch.", author: null, date: "2026-05-05T08:00:00.000Z", tags: [], locale: "de" },
      { slug: "two", title: "Two", excerpt: "In English.", author: null, date: "2026-01-01T00:00:00.000Z", tags: [], locale: "en" },
    ],
  };

  it("marks the untranslated posts' title and excerpt as English, with a label in the page's language", () => {
    const html = render(BlogList, list, "de", "/blog");
    expect(html).toMatch(/<h2 dir="auto" class="[^"]*"><a [^>]*href="\/de\/blog\/one"[^>]*>Eins<\/a><\/h2>/);
    expect(html).toMatch(/Auf Englisch<\/p><h2 dir="ltr" lang="en"[^>]*><a [^>]*href="\/de\/blog\/two"/);
    expect(html).toMatch(/<p dir="ltr" lang="en"[^>]*>In English\.<\/p>/);
    expect(html.match(/Auf Englisch/g)).toHaveLength(1);
  });
});
