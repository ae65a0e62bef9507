import { describe, expect, it } from "vitest";
import { AUTOPLAY_COOKIE, autoplayCookie, autoplayOn, countsDown, readAutoplayCookie, upNextOf } from "./autoplay";
import { paths } from "./paths";

describe("autoplay cookie", () => {
  it("reads on, off, and nothing among other cookies", () => {
    expect(readAutoplayCookie(`ageVerified=true; ${AUTOPLAY_COOKIE}=on; theme=x`)).toBe(true);
    expect(readAutoplayCookie(`${AUTOPLAY_COOKIE}=off`)).toBe(false);
    expect(readAutoplayCookie("ageVerified=true")).toBeNull();
    expect(readAutoplayCookie("")).toBeNull();
    // A foreign value or a cookie whose name merely contains ours is no choice.
    expect(readAutoplayCookie(`${AUTOPLAY_COOKIE}=yes`)).toBeNull();
    expect(readAutoplayCookie(`no${AUTOPLAY_COOKIE}=on`)).toBeNull();
  });

  it("writes a year-long, site-wide, Lax cookie that reads back", () => {
    const cookie = autoplayCookie(false, true);
    expect(cookie).toMatch(/; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/);
    expect(readAutoplayCookie(cookie.split(";")[0] ?? "")).toBe(false);
    expect(autoplayCookie(true, false)).not.toContain("Secure");
  });
});

describe("autoplay choice", () => {
  it("the account's choice wins over the browser's, which wins over the default (on)", () => {
    expect(autoplayOn({ account: false, browser: true })).toBe(false);
    expect(autoplayOn({ account: true, browser: false })).toBe(true);
    expect(autoplayOn({ account: null, browser: false })).toBe(false);
    expect(autoplayOn({ account: null, browser: null })).toBe(true);
  });

  it("a first visit's first video (no choice anywhere) never counts down; later ones follow the setting", () => {
    expect(countsDown({ account: null, browser: null })).toBe(false);
    expect(countsDown({ account: null, browser: true })).toBe(true);
    expect(countsDown({ account: null, browser: false })).toBe(false);
    expect(countsDown({ account: true, browser: null })).toBe(true);
    expect(countsDown({ account: false, browser: true })).toBe(false);
  });

  it("for a viewer who asks for less motion the default is off; a choice they made still applies", () => {
    expect(autoplayOn({ account: null, browser: null, reducedMotion: true })).toBe(false);
    expect(autoplayOn({ account: null, browser: true, reducedMotion: true })).toBe(true);
    expect(autoplayOn({ account: true, browser: null, reducedMotion: true })).toBe(true);
    expect(countsDown({ account: null, browser: true, reducedMotion: true })).toBe(true);
    expect(countsDown({ account: null, browser: false, reducedMotion: true })).toBe(false);
  });
});

describe("up next", () => {
  const related = [
    { id: "a", title: "First related", thumbnail_url: "/media/a.jpg" },
    { id: "b", title: "Second related", thumbnail_url: null },
  ];

  it("plays the playlist's next video when played from a list, without a still", () => {
    const href = paths.video("c", { list: "watch-later" });
    expect(upNextOf(related, { title: "In the list", href })).toEqual({
      title: "In the list",
      href,
      thumbnail: null,
      from: "playlist",
    });
  });

  it("else the first related video, else nothing", () => {
    expect(upNextOf(related, null)).toEqual({
      title: "First related",
      href: paths.video("a"),
      thumbnail: "/media/a.jpg",
      from: "recommended",
    });
    expect(upNextOf([], null)).toBeNull();
  });
});
