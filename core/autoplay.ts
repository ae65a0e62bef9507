/**
 * Up next and autoplay (issue 23 item 2). At the end of a video the player offers the next one; with autoplay
 * on, a countdown plays it unless the viewer cancels. The choice is remembered in this browser's cookie and,
 * for a signed-in user, on the account (which wins on every browser they sign in on). A first visit's first
 * video never moves on by itself: with no choice anywhere yet, its end only offers the next video, and from
 * then on the default (on) applies.
 */

import { readCookie } from "./cookies";
import type { Locale } from "./locales";
import { paths } from "./paths";

export const AUTOPLAY_COOKIE = "autoplay";
/** Seconds between the end of a video and the next one starting, while the viewer can still cancel. */
export const UP_NEXT_COUNTDOWN_SECONDS = 5;
/** The setting before anyone chose: on, as on the video sites people know. */
export const AUTOPLAY_DEFAULT = true;

/** What this browser remembers: "on", "off", or nothing yet (a first visit, or cookies cleared). */
export function readAutoplayCookie(cookieHeader: string): boolean | null {
  const value = readCookie(cookieHeader, AUTOPLAY_COOKIE);
  return value === "on" ? true : value === "off" ? false : null;
}

/** The cookie for `document.cookie`: a year, the whole site, never sent with other sites' requests. */
export function autoplayCookie(on: boolean, secure: boolean): string {
  return `${AUTOPLAY_COOKIE}=${on ? "on" : "off"}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export interface AutoplayChoice {
  /** The account's choice (signed-in users), null when they never made one or nobody is signed in. */
  account: boolean | null;
  /** This browser's cookie. */
  browser: boolean | null;
  /** The viewer asks for less motion (`prefers-reduced-motion: reduce`): nothing moves on by itself unless they chose it. */
  reducedMotion?: boolean;
}

/** The switch's position: the account's choice, else this browser's, else the default (off for less motion). */
export function autoplayOn({ account, browser, reducedMotion = false }: AutoplayChoice): boolean {
  return account ?? browser ?? (reducedMotion ? false : AUTOPLAY_DEFAULT);
}

/** Whether this video's end counts down to the next one: autoplay on, and not a first visit's first video. */
export function countsDown(choice: AutoplayChoice): boolean {
  if (choice.account === null && choice.browser === null) return false;
  return autoplayOn(choice);
}

/** The video the end of this one offers (the player's UpNext overlay). */
export interface UpNextVideo {
  title: string;
  /** The title's language where it is not the page's (English for want of a translation). */
  lang?: Locale;
  /** The next video's page (with `?list=` when a playlist plays). */
  href: string;
  thumbnail: string | null;
  /** Where it comes from, said above its title. */
  from: "playlist" | "recommended";
}

/**
 * What plays after this video: the playlist's next one when played from a list, else the top recommendation (the
 * first related video); null when there is neither.
 */
const lang = (title_lang: Locale | undefined) => (title_lang ? { lang: title_lang } : {});

export function upNextOf(
  related: readonly { id: string; title: string; title_lang?: Locale; thumbnail_url: string | null }[],
  inList: { title: string; title_lang?: Locale; href: string } | null,
): UpNextVideo | null {
  // No still from the queue: it is answered without the age check's view of stills (docs/decisions/0028-age-assurance.md).
  if (inList) return { title: inList.title, ...lang(inList.title_lang), href: inList.href, thumbnail: null, from: "playlist" };
  const top = related[0];
  return top
    ? { title: top.title, ...lang(top.title_lang), href: paths.video(top.id), thumbnail: top.thumbnail_url, from: "recommended" }
    : null;
}
