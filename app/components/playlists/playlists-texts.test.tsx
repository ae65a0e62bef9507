import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FavoriteButton } from "~/components/account/FavoriteButton";
import type { Translate } from "~/lib/i18n";
import { refusalText } from "~/lib/playlist-refusal-text";
import type { Locale } from "~core/locales";
import { translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { PlaylistFields } from "./PlaylistFields";
import { QueuePanel } from "./QueuePanel";

const VIDEO = "00000000-0000-4000-8000-000000000001";
const page = (element: React.ReactNode, locale: Locale, path = `/video/${VIDEO}`) =>
  renderToString(inPage(element, { locale, namespaces: ["common", "playlists"], path }));
const serverT =
  (locale: Locale): Translate<"playlists"> =>
  (id, values) =>
    translate(locale, "playlists", id, values);

describe("the playlists' texts", () => {
  it("labels the fields in German and words a refused title there", () => {
    const html = page(
      <PlaylistFields idPrefix="new" refusal={{ ok: false, error: "invalid", field: "title", problem: "too-long" }} />,
      "de",
    );
    expect(html).toContain("Sichtbarkeit");
    expect(html).toContain("Öffentlich (alle mit dem Link)");
    expect(html).toContain("Der Titel darf höchstens 100 Zeichen lang sein.");
  });

  it("names Watch Later in the page's language and links the queue's videos in it", () => {
    const queue = {
      ref: "watch-later",
      title: "Watch Later",
      total: 2,
      position: 1,
      items: [{ id: VIDEO, title: "Aurora Veil", duration: 65, index: 1 }],
      next: null,
      previous: null,
    };
    const html = page(<QueuePanel queue={{ state: "ready", queue }} currentId={VIDEO} next={null} />, "de");
    expect(html).toContain("Später ansehen");
    expect(html).toContain('href="/de/playlists/watch-later"');
    expect(html).toContain(`href="/de/video/${VIDEO}?list=watch-later"`);
  });

  it("gives a visitor the favorite control in Arabic, signing in on the Arabic page", () => {
    const html = page(<FavoriteButton videoId={VIDEO} favorite={false} title="Aurora Veil" compact />, "ar");
    expect(html).toContain('aria-label="المفضلة: \u2068Aurora Veil\u2069"');
    expect(html).toContain('title="سجّل الدخول لحفظ المفضلة"');
    expect(html).toContain(`href="/ar/login?redirectTo=${encodeURIComponent(`/ar/video/${VIDEO}`)}"`);
  });

  it("words the endpoint's refusals alike on the server and in the page: English as today, German, Arabic", () => {
    expect(refusalText(serverT("en"), { ok: false, error: "invalid", field: "title", problem: "required" })).toBe("Title is required.");
    expect(refusalText(serverT("en"), { ok: false, error: "full" })).toBe("A playlist holds at most 5,000 videos.");
    expect(refusalText(serverT("de"), { ok: false, error: "invalid", field: "description", problem: "policy", term: "teen" })).toBe(
      "Die Beschreibung enthält einen Begriff, der auf Minderjährige hindeutet („teen“). Das ist nicht erlaubt.",
    );
    expect(refusalText(serverT("ar"), { ok: false, error: "banned", reason: "spam" })).toMatch(/سبب المشرفين: spam$/);
  });
});
