import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Translate } from "~/lib/i18n";
import { ContentSafetyError } from "~core/content-safety";
import type { Locale } from "~core/locales";
import type { Viewer } from "~core/viewer";
import { translate } from "../../../server/i18n/catalog";
import type { PlaylistSummary } from "../../../server/services/owned-playlists";
import { inPage } from "../../../tests/support/in-page";
import { nameError } from "../../components/account/display-name-error";
import History from "./history";
import Playlists from "./playlists";
import Profile from "./profile";
import Settings from "./settings";

/** A route's page as `locale`'s address shows it (at the English `path`), with `loaderData`. */
function render<P extends object>(Page: ComponentType<P>, loaderData: object, locale: Locale, path: string): string {
  const props = { loaderData, actionData: undefined } as unknown as P;
  return renderToString(inPage(<Page {...props} />, { locale, namespaces: ["common", "account"], path }));
}

const viewer: Viewer = { id: "u1", email: "ada@example.com", name: "Ada", avatarUrl: null, role: "user", isCreator: false };
const list = (id: string, title: string, count: number, kind: PlaylistSummary["kind"] = "playlist"): PlaylistSummary => ({
  id,
  kind,
  title,
  description: "",
  isPublic: kind === "playlist",
  count,
  updatedAt: "",
});
const lists = [
  list("watch-later", "Watch Later", 2, "watch_later"),
  list("p1", "رحلات", 3),
  list("p2", "Late night", 11),
  list("p3", "One", 1),
];

describe("the account pages", () => {
  it("keep today's English", () => {
    const html = render(Playlists, { error: false, lists }, "en", "/playlists");
    for (const text of ["Watch Later", "2 videos", "1 video", "Public", "Private", "New playlist", "Create playlist"])
      expect(html).toContain(text);
    expect(render(Profile, { viewer }, "en", "/profile")).toContain("Welcome, Ada!");
  });

  it("speak Arabic, with its plural forms, and set a title from the database in its own direction", () => {
    const html = render(Playlists, { error: false, lists }, "ar", "/playlists");
    expect(html).toContain("قوائم التشغيل");
    expect(html).toContain("المشاهدة لاحقًا");
    expect(html).toContain("فيديوهان"); // two
    expect(html).toContain("3 فيديوهات"); // few
    expect(html).toContain("11 فيديو"); // many
    expect(html).toContain("فيديو واحد"); // one
    expect(html).toMatch(/<span dir="auto"[^>]*>Late night<\/span>/);
    expect(html).toContain('href="/ar/playlists/watch-later"');
    const settings = render(Settings, { viewer, autoplay: { account: true, browser: null } }, "ar", "/settings");
    expect(settings).toContain("الحد الأقصى 50 حرفًا.");
    expect(settings).toContain("بعد عدّ تنازلي مدته 5 ثوانٍ");
    expect(settings).toContain("حذف حسابي…");
    // The data export is a form post with one address: it says the page's language, for its refusals' words.
    expect(settings).toMatch(/<form [^>]*action="\/settings\/export"[^>]*><input type="hidden" name="locale" value="ar"\/>/);
  });

  it("speak German, dates and times included", () => {
    expect(render(Profile, { viewer: { ...viewer, role: "creator" } }, "de", "/profile")).toContain("Creator (Kommentarmoderation)");
    const watchedAt = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    const item = { id: "v1", title: "Aurora Veil", thumbnail_url: null, duration: 300, position: 42, watchedAt };
    const html = render(History, { error: false, paused: true, page: 1, pageCount: 1, items: [item] }, "de", "/history");
    expect(html).toContain("Angehalten bei 0:42 von 5:00");
    expect(html).toContain("vor 3 Tagen");
    expect(html).toContain("Der Verlauf ist pausiert");
    expect(html).toContain('aria-label="Aurora Veil aus dem Verlauf entfernen"');
    expect(html).toContain('href="/de/video/v1"');
  });

  it("word a display name's refusal in the page's language, a content-policy one with its term as the console words it", () => {
    const t =
      (locale: Locale): Translate<"account"> =>
      (id, values) =>
        translate(locale, "account", id, values);
    // The English is the console's (core/content-safety.ts ContentSafetyError), word for word.
    expect(nameError("Lolita fan", t("en"))).toBe(new ContentSafetyError("displayName", "lolita").message);
    expect(nameError("Lolita fan", t("en"))).toBe('Display name contains a term that suggests minors ("lolita"), which is not allowed.');
    expect(nameError("Lolita fan", t("de"))).toBe(
      "Der Anzeigename enthält einen Begriff, der auf Minderjährige hindeutet („lolita“). Das ist nicht erlaubt.",
    );
    expect(nameError("Lolita fan", t("ar"))).toBe(
      "يحتوي الاسم المعروض على مصطلح يوحي بالقاصرين («\u2068lolita\u2069»)، وهذا غير مسموح به.",
    );
    expect(nameError("x".repeat(51), t("ar"))).toContain("50 حرفًا");
    expect(nameError("!!!", t("de"))).toBe("Der Anzeigename muss einen Buchstaben oder eine Ziffer enthalten");
    expect(nameError("Ada", t("de"))).toBeNull();
  });
});
