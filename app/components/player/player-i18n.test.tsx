import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { Controls } from "./Controls";
import { ErrorOverlay } from "./ErrorOverlay";
import { spokenValue } from "./MenuButton";
import { cutAtArguments } from "./message-parts";
import { PreRoll } from "./PreRoll";
import { UpNext } from "./UpNext";
import type { Captions } from "./use-captions";
import type { Stream } from "./use-hls-stream";
import type { MediaState } from "./use-media-state";

const media: MediaState = {
  paused: true,
  waiting: false,
  ended: false,
  currentTime: 65,
  duration: 180,
  bufferedEnd: 0,
  volume: 0.5,
  muted: false,
  rate: 1.25,
  pip: false,
};
const stream: Stream = {
  renditions: [
    { level: 0, height: 720, label: "720p" },
    { level: 1, height: 480, label: "480p" },
  ],
  level: -1,
  playingHeight: 720,
  error: null,
  setLevel: () => {},
  startLoading: () => {},
};
const captions: Captions = {
  tracks: [
    { language: "en", label: "English", src: "/en.vtt" },
    { language: "de", label: "Deutsch", src: "/de.vtt" },
  ],
  language: null,
  cues: [],
  select: () => {},
  toggle: () => {},
};
const noop = () => {};
const actions = {
  togglePlay: noop,
  toggleMute: noop,
  setVolume: noop,
  seek: noop,
  setRate: noop,
  toggleTheater: noop,
  toggleFullscreen: noop,
  togglePip: noop,
  toggleCaptions: noop,
};

const render = (node: React.ReactNode, locale: Locale) =>
  renderToStaticMarkup(inPage(node, { locale, namespaces: ["common", "player"], path: "/video/x" }));

const controls = (locale: Locale) =>
  render(
    <Controls
      visible
      media={media}
      stream={stream}
      actions={actions}
      openMenu={null}
      setOpenMenu={noop}
      theater={false}
      fullscreen={false}
      pipSupported
      captions={captions}
      chapters={[
        { start: 0, title: "Opening" },
        { start: 60, title: "Colour shift" },
      ]}
      autoplay={{ on: true, set: noop }}
    />,
    locale,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("a menu button's short label", () => {
  it("is said in its name when it is not one of the value's words (label in name)", () => {
    expect(spokenValue("English", "EN")).toBe("English (EN)");
    expect(spokenValue("Deutsch", "DE")).toBe("Deutsch (DE)");
    expect(spokenValue("Désactivés", "Désact.")).toBe("Désactivés (Désact.)");
    expect(spokenValue("Off", "Off")).toBe("Off");
    expect(spokenValue("Auto (720p)", "Auto")).toBe("Auto (720p)");
    expect(spokenValue("1.25×")).toBe("1.25×");
  });
});

describe("the player's texts", () => {
  it("keeps today's English words, markup and value texts", () => {
    const html = controls("en");
    expect(html).toContain('aria-label="Play"');
    expect(html).toContain('aria-valuetext="1:05 of 3:00, Colour shift"');
    expect(html).toContain('aria-valuetext="50%"');
    expect(html).toContain('aria-label="Speed: 1.25×"');
    expect(html).toContain('aria-label="Quality: Auto (720p)"');
    expect(html).toContain('aria-label="Autoplay"');
    expect(html).toContain('title="Autoplay is on"');
    expect(html).toMatch(/data-testid="player-time"[^>]*>(.*?)<\/p>/);
    const time = /data-testid="player-time"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(text(time)).toBe("Elapsed 1:05 /  of 3:00");
    const chapter = /data-testid="player-chapter"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(text(chapter)).toBe("• Chapter: Colour shift");
  });

  it("speaks German: buttons, menus, the seek bar's value and the time for screen readers", () => {
    const html = controls("de");
    expect(html).toContain('aria-label="Abspielen"');
    expect(html).toContain('aria-label="Wiedergabeposition"');
    expect(html).toContain('aria-valuetext="1:05 von 3:00, Colour shift"');
    expect(html).toContain('aria-label="Geschwindigkeit: 1,25×"');
    expect(html).toContain('aria-label="Qualität: Auto (720p)"');
    expect(html).toContain('aria-label="Vollbild"');
    expect(html).toContain('title="Autoplay ist an"');
    const time = /data-testid="player-time"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(text(time)).toBe("Verstrichen: 1:05 /  von 3:00");
  });

  it("speaks Arabic with the controls and seek bar left to right and the menus in the page's direction", () => {
    const html = controls("ar");
    expect(html).toMatch(/data-testid="player-controls"[^>]*dir="ltr"/);
    expect(html).toMatch(/role="slider" dir="ltr"/);
    expect(html).toContain('aria-label="تشغيل"');
    expect(html).toContain('aria-valuetext="1:05 من 3:00، \u2068Colour shift\u2069"');
    expect(html).toContain('aria-label="\u2068الجودة\u2069: \u2068تلقائي (720p)\u2069"');
    // The chapter's title (from the catalogue) in its own direction.
    expect(html).toContain('<span dir="auto">Colour shift</span>');
  });

  it("names the pre-roll in the page's language while its ad loads", () => {
    const config = { source: "house" as const, vastTagUrl: null, durationSeconds: 15, houseClip: null };
    const html = render(<PreRoll config={config} onDone={noop} />, "ar");
    expect(html).toContain('aria-label="إعلان"');
    expect(text(html)).toContain("جارٍ تحميل الإعلان…");
  });

  it("counts the pre-roll's and up next's seconds with each language's plurals", () => {
    const seconds = [0, 1, 2, 3, 11, 100].map((n) => translate("ar", "player", "skipIn", { seconds: n }));
    expect(seconds).toEqual([
      "التخطي بعد 0 ثانية",
      "التخطي بعد ثانية واحدة",
      "التخطي بعد ثانيتين",
      "التخطي بعد 3 ثوانٍ",
      "التخطي بعد 11 ثانية",
      "التخطي بعد 100 ثانية",
    ]);
    expect(translate("en", "player", "skipIn", { seconds: 5 })).toBe("Skip in 5s");
    expect(translate("en", "player", "adSkipLater", { seconds: 5 })).toBe("Advertisement. You can skip it in 5 seconds.");
    expect(translate("de", "player", "adSkipLater", { seconds: 1 })).toBe("Werbung. Du kannst sie in 1 Sekunde überspringen.");
    expect(translate("en", "player", "upNextAnnounceCountdown", { title: "Aurora", seconds: 5 })).toBe(
      "Up next: Aurora. Playing in 5 seconds. Press Escape to cancel.",
    );
  });

  it("words the up-next card and the errors in the page's language", () => {
    const next = { title: "Aurora Veil", href: "/video/y", thumbnail: null, from: "playlist" as const };
    const de = render(<UpNext next={next} countdown />, "de");
    expect(de).toContain("Nächstes Video der Playlist in 5");
    expect(de).toContain("Jetzt abspielen");
    expect(de).toContain('<p dir="auto"');
    expect(render(<UpNext next={{ ...next, from: "recommended" }} countdown={false} />, "en")).toContain(">Up next</p>");
    expect(render(<ErrorOverlay error="media" />, "ar")).toContain("تعذّر تحميل الفيديو. يُرجى المحاولة مرة أخرى لاحقًا.");
    expect(render(<ErrorOverlay error="library" onRetry={noop} />, "en")).toContain(
      "Failed to load video player. Please try again later.</p><button",
    );
  });
});

describe("cutAtArguments", () => {
  it("cuts a sentence at its arguments, in the order the language puts them", () => {
    expect(cutAtArguments((v) => `Elapsed ${v.current} of ${v.total}`, ["current", "total"] as const)).toEqual({
      texts: ["Elapsed ", " of ", ""],
      order: ["current", "total"],
    });
    expect(cutAtArguments((v) => `${v.total} の ${v.current}`, ["current", "total"] as const)).toEqual({
      texts: ["", " の ", ""],
      order: ["total", "current"],
    });
  });
});
