import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageTexts } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { videoMeta } from "./seo";
import { VideoHeader } from "./VideoHeader";
import { VideoUnavailable } from "./VideoUnavailable";
import type { VideoData, VideoView } from "./video-page-data";

const ID = "00000000-0000-4000-8000-000000000001";
const video: VideoView = {
  id: ID,
  title: "Aurora Veil",
  description: null,
  views: 2,
  duration: 65,
  upload_date: "2026-01-01T00:00:00.000Z",
  thumbnail_url: null,
  poster_url: null,
  video_url: null,
  storyboard_url: null,
  category_name: "Amateur",
  category_slug: "amateur",
};

const page = (element: React.ReactNode, locale: "de" | "ar") =>
  renderToString(inPage(element, { locale, namespaces: ["common", "video"], path: `/video/${ID}` }));

describe("the video page's texts", () => {
  it("says a video was taken down, in German, with the way home in German", () => {
    const html = page(<VideoUnavailable state="removed" />, "de");
    expect(html).toContain("Video entfernt");
    expect(html).toContain("Dieses Video wurde entfernt und ist nicht mehr verfügbar.");
    expect(html).toMatch(/href="\/de"[^>]*>Zur Startseite/);
  });

  it("words the facts under the player in Arabic: the label, the views' plural, links in Arabic, the title as written", () => {
    const html = page(<VideoHeader video={video} />, "ar");
    expect(html).toContain("مولّد بالذكاء الاصطناعي");
    expect(html).toContain("مشاهدتان"); // two views
    expect(html).toContain("المدة");
    expect(html).toContain('href="/ar/category/amateur"');
    expect(html).toContain(`href="/ar/video/${ID}/credentials"`);
    expect(html).toMatch(/<h1 dir="auto"[^>]*>Aurora Veil<\/h1>/);
  });

  it("marks the English fallback with lang=en on a German page, and a translated title not at all", () => {
    const fallback = page(<VideoHeader video={{ ...video, title_lang: "en", category_lang: "en" }} />, "de");
    expect(fallback).toMatch(/<h1 dir="ltr" lang="en"[^>]*>Aurora Veil<\/h1>/);
    expect(fallback).toMatch(/<a [^>]*lang="en"[^>]*>Amateur<\/a>/);
    const translated = page(<VideoHeader video={{ ...video, title: "Polarlicht-Schleier", category_name: "Amateure" }} />, "de");
    expect(translated).toMatch(/<h1 dir="auto" class="[^"]*">Polarlicht-Schleier<\/h1>/);
    // The address stays the English slug's whatever the name shown.
    expect(translated).toMatch(/href="\/de\/category\/amateur"[^>]*>Amateure<\/a>/);
    expect(translated).not.toContain('lang="en"');
  });

  it("describes the page for search engines in its language, with its own addresses and inLanguage", () => {
    const data = { state: "ok", intl: pageTexts("de", ["video"]), video, chapters: [] } as unknown as VideoData;
    const meta = videoMeta(data, { siteUrl: "https://example.com", path: `/video/${ID}`, locale: "de" });
    expect(meta).toContainEqual({ name: "description", content: "Sieh dir Aurora Veil an, ein KI-generiertes Video auf Pleazure." });
    const [object, crumbs] = meta.flatMap((m) => ("script:ld+json" in m ? [m["script:ld+json"]] : [])) as Record<string, unknown>[];
    expect(object).toMatchObject({ inLanguage: "de", embedUrl: `https://example.com/de/video/${ID}` });
    expect(JSON.stringify(crumbs)).toContain('"name":"Startseite","item":"https://example.com/de"');
  });

  it("links the breadcrumbs' category by its slug when its name is translated", () => {
    const translated = { ...video, category_name: "آسيوي", category_slug: "asian" };
    const data = { state: "ok", intl: pageTexts("ar", ["video"]), video: translated, chapters: [] } as unknown as VideoData;
    const meta = videoMeta(data, { siteUrl: "https://example.com", path: `/video/${ID}`, locale: "ar" });
    const crumbs = meta.flatMap((m) => ("script:ld+json" in m ? [m["script:ld+json"]] : []))[1] as { itemListElement: unknown[] };
    expect(crumbs.itemListElement[1]).toMatchObject({ position: 2, name: "آسيوي", item: "https://example.com/ar/category/asian" });
  });
});
