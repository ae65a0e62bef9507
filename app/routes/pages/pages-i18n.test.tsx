import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type Locale, localizePath } from "~core/locales";
import { paths } from "~core/paths";
import { pageTexts, translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { Footer } from "../../components/layout/Footer";
import { useDirection, useLocale } from "../../lib/i18n";
import AgeCheck from "../age-check";
import VideoCredentials from "../video-credentials";
import StaticPage from "./static-page";

/** A route's component with its loader data, rendered at `path` in `locale` (the namespace `pages` loaded). */
function render(component: unknown, loaderData: object, locale: Locale, path: string): string {
  const Page = component as (props: { loaderData: object }) => ReactNode;
  return renderToStaticMarkup(inPage(<Page loaderData={loaderData} />, { locale, namespaces: ["common", "pages"], path }));
}

const terms = (locale: Locale, contentLocale: Locale = locale) => ({
  path: "/terms",
  schemaType: "WebPage",
  contentLocale,
  translatedLegalText: contentLocale !== "en",
  title: "Nutzungsbedingungen",
  description: "…",
  html: "<p>…</p>",
});

describe("the company and legal pages in other languages", () => {
  it("a translated legal text says the English one binds, and links it", () => {
    const html = render(StaticPage, terms("de"), "de", "/terms");
    expect(html).toContain("Rechtlich verbindlich ist allein die englische Fassung.");
    expect(html).toMatch(/<a hrefLang="en"[^>]*href="\/terms"[^>]*>Englische Fassung lesen<\/a>/);
    expect(html).toMatch(/^<article class="[^"]*">/);
    const ar = render(StaticPage, terms("ar"), "ar", "/terms");
    expect(ar).toContain("النسخة الإنجليزية وحدها هي الملزمة قانونًا.");
  });

  it("English content on another language's page says it is English, without the note", () => {
    const html = render(StaticPage, terms("de", "en"), "de", "/terms");
    expect(html).toMatch(/^<article [^>]*lang="en"/);
    expect(html).not.toContain('role="note"');
    expect(render(StaticPage, terms("en"), "en", "/terms")).not.toContain('role="note"');
  });
});

/** What the root's Layout marks `<html lang dir>` with (it needs the framework's own router to render whole). */
function DocumentLanguage() {
  return <i data-lang={useLocale()} data-dir={useDirection()} />;
}

describe("the age check's outcome in the language of the page it came from", () => {
  // As the site has it: one address for every language; the root's texts and `<html lang dir>` follow `returnTo`.
  const render = (locale: Locale, result: string) => {
    const Page = AgeCheck as unknown as (props: { loaderData: object }) => ReactNode;
    const returnTo = localizePath(locale, "/video/x");
    const loaderData = { result, returnTo, intl: pageTexts(locale, ["ageCheck"]) };
    const router = createMemoryRouter(
      [
        {
          id: "root",
          path: "/",
          element: (
            <>
              <DocumentLanguage />
              <Outlet />
              <Footer />
            </>
          ),
          children: [{ id: "age-check", path: "age-check", element: <Page loaderData={loaderData} /> }],
        },
      ],
      {
        initialEntries: [paths.ageCheck({ result, returnTo })],
        hydrationData: { loaderData: { root: { intl: pageTexts(locale, ["common"]) }, "age-check": loaderData } },
      },
    );
    return renderToStaticMarkup(<RouterProvider router={router} />);
  };

  it("words each outcome in that language, the document marked with it", () => {
    const de = render("de", "failed");
    expect(de).toMatch(/^<i data-lang="de" data-dir="ltr">/);
    expect(de).toContain("Wir konnten dein Alter nicht bestätigen");
    expect(de).toContain("Erneut versuchen");
    const ar = render("ar", "none");
    expect(ar).toMatch(/^<i data-lang="ar" data-dir="rtl">/);
    expect(ar).toContain("تحقق من عمري");
    const en = render("en", "expired");
    expect(en).toMatch(/^<i data-lang="en" data-dir="ltr">/);
    expect(en).toContain("Age check expired");
  });

  it("offers the same check in each language, returning to that language's page", () => {
    const de = render("de", "failed");
    const fr = paths.ageCheck({ result: "failed", returnTo: "/fr/video/x" });
    expect(de).toContain(`href="${fr.replaceAll("&", "&amp;")}"`);
    expect(de).not.toContain('href="/fr/age-check');
  });
});

describe("content credentials in other languages", () => {
  const asset = {
    name: "Video stream",
    url: "/media/x/credentials.png",
    missing: false,
    state: "Valid",
    signatureValid: true,
    failures: [],
    digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia",
    actions: ["c2pa.created"],
    generator: "Pleazure publishing pipeline",
    signer: "DEVELOPMENT",
    issuer: null,
    development: true,
    files: [
      { path: "master.m3u8", sha256: "a" },
      { path: "0.ts", sha256: "b" },
      { path: "1.ts", sha256: "c" },
    ],
  };
  const data = { state: "ok", video: { id: "v1", title: "Neon Drift" }, assets: [asset] };

  it("speaks German and Arabic, with the files counted in Arabic's plural", () => {
    const de = render(VideoCredentials, data, "de", "/video/v1/credentials");
    expect(de).toContain("Inhaltsnachweise</h1>");
    expect(de).toMatch(/Für <a [^>]*href="\/de\/video\/v1"[^>]*>Neon Drift<\/a>/);
    expect(de).toContain("Videostream</h2>");
    expect(de).toContain("Erstellt (c2pa.created)");
    expect(de).toContain("DEVELOPMENT (Entwicklungszertifikat, nicht vertrauenswürdig)");
    expect(de).toContain("3 Playlists und Segmente, jeweils per SHA-256");
    const ar = render(VideoCredentials, data, "ar", "/video/v1/credentials");
    expect(ar).toContain("بيانات اعتماد المحتوى</h1>");
    expect(ar).toContain("3 ملفات من قوائم التشغيل والمقاطع");
    expect([1, 2, 11].map((count) => translate("ar", "pages", "filesSummary", { count }))).toEqual([
      "ملف واحد من قوائم التشغيل والمقاطع، ببصمة SHA-256",
      "ملفان من قوائم التشغيل والمقاطع، كلٌّ ببصمة SHA-256",
      "11 ملفًا من قوائم التشغيل والمقاطع، كلٌّ ببصمة SHA-256",
    ]);
  });

  it("keeps English as it was", () => {
    const en = render(VideoCredentials, data, "en", "/video/v1/credentials");
    expect(en).toContain("Content credentials</h1>");
    expect(en).toContain("Video stream</h2>");
    expect(en).toContain("Created by a trained AI model (IPTC: trainedAlgorithmicMedia)");
    expect(en).toContain("Valid: the file has not changed since it was signed");
    expect(en).toContain("DEVELOPMENT (development certificate, not trusted)");
    expect(en).toContain("3 playlists and segments, each by SHA-256");
  });
});
