import { paths } from "~core/paths";
import { site } from "~core/site";
import { isTrackable, type PlayTokenAnswer, TRACKING_INTERVAL_MS, trackingStartSeconds, type ViewAnswer } from "~core/view-rules";

/**
 * The browser side of view counting (docs/product.md "Views"). The server decides what counts (a signed play
 * token, its threshold on the server's clock since the token was issued, once per browser session); these
 * rules keep the browser from asking more than it should:
 * - a call needs a video id, a current time of 0 or more and a duration above 0;
 * - the play token is asked for when the main video first plays (a page opened but never played costs no
 *   request, and the threshold runs from real playback), at most one request at a time and, after a failure,
 *   one every 5 s; a video already in the session list needs none;
 * - tracking starts at 25 s of playback, or at the view threshold (the lesser of 30 s and half the duration)
 *   when that comes first, so videos under 50 s count too; and not before the token's threshold has passed
 *   since it arrived (the server would only answer "too early");
 * - at most one call every 5 s;
 * - a video in this tab's session list (sessionStorage) is not sent again, nor one whose call is in flight.
 * Failures and refusals are only logged (docs/product.md "Views"); the video plays on either way.
 */

/** The session-storage list of counted video ids: a fixed key ending in the site name. */
export const VIEWED_STORAGE_KEY = `viewed_videos_${site.name}`;

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function sessionStore(): KeyValueStore | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function viewedVideoIds(store: KeyValueStore | null = sessionStore()): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(VIEWED_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function markViewed(videoId: string, store: KeyValueStore | null): void {
  const ids = viewedVideoIds(store);
  if (ids.includes(videoId)) return;
  try {
    store?.setItem(VIEWED_STORAGE_KEY, JSON.stringify([...ids, videoId]));
  } catch (err) {
    console.warn("view tracking: could not store the viewed list", err);
  }
}

/** docs/product.md "Views": clears this session's list of viewed videos. */
export function clearViewedVideos(store: KeyValueStore | null = sessionStore()): void {
  try {
    store?.removeItem(VIEWED_STORAGE_KEY);
  } catch (err) {
    console.warn("view tracking: could not clear the viewed list", err);
  }
}

/** Sends one view request; resolves with the server's answer. */
export type SendView = (videoId: string, token: string) => Promise<ViewAnswer>;

/** Posts `fields` form-encoded to one of our endpoints and reads its JSON answer. */
async function postForm<T>(url: string, fields: Record<string, string>, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin", ...init });
  return (await res.json()) as T;
}

// keepalive: a view reached just before the tab closes is still sent.
export const sendView: SendView = (videoId, token) => postForm<ViewAnswer>(paths.api.views(), { videoId, token }, { keepalive: true });

/** Asks the server for a play token for this browser session; resolves with its answer. */
export type FetchPlayToken = (videoId: string) => Promise<PlayTokenAnswer>;

export const fetchPlayToken: FetchPlayToken = (videoId) => postForm<PlayTokenAnswer>(paths.api.playToken(), { videoId });

/** Videos whose view request is in flight in this tab: never sent twice at once (docs/product.md "Views"). */
const inFlight = new Set<string>();

export interface ViewTracker {
  /** Call on every timeupdate of the main video. */
  onPlaybackTime(currentTime: number, duration: number): void;
}

export interface ViewTrackerOptions {
  videoId: string;
  fetchToken?: FetchPlayToken;
  send?: SendView;
  store?: KeyValueStore | null;
  now?: () => number;
}

/** One tracker per video shown: a client-side navigation to another video starts a new one (and a new token). */
export function createViewTracker(opts: ViewTrackerOptions): ViewTracker {
  const { videoId } = opts;
  const fetchToken = opts.fetchToken ?? fetchPlayToken;
  const send = opts.send ?? sendView;
  const store = opts.store === undefined ? sessionStore() : opts.store;
  const now = opts.now ?? Date.now;
  /** The play token and when (on this clock) its threshold has passed. */
  let token: { value: string; countsAt: number } | null = null;
  let tokenPending = false;
  let lastTokenAttemptAt = Number.NEGATIVE_INFINITY;
  let lastCallAt = Number.NEGATIVE_INFINITY;
  /**
   * The server refused for good (forged or unknown token, no such video, no duration, this address's hourly
   * share of tokens or views of the video used up): asking again is pointless. Playback is never affected.
   */
  let gaveUp = false;

  const giveUp = (reason: string) => {
    gaveUp = true;
    console.warn(`view tracking: view not counted (${reason})`);
  };

  const requestToken = () => {
    if (tokenPending || now() - lastTokenAttemptAt < TRACKING_INTERVAL_MS) return;
    if (viewedVideoIds(store).includes(videoId)) return;
    tokenPending = true;
    lastTokenAttemptAt = now();
    fetchToken(videoId)
      .then((answer) => {
        if (answer.token !== null) token = { value: answer.token, countsAt: now() + answer.thresholdMs };
        else if (answer.reason !== "unavailable" && answer.reason !== "failed") giveUp(answer.reason);
      })
      .catch((err: unknown) => console.warn("view tracking: play token request failed", err))
      .finally(() => {
        tokenPending = false;
      });
  };

  return {
    onPlaybackTime(currentTime, duration) {
      if (gaveUp || !isTrackable(videoId, currentTime, duration)) return;
      if (!token) return requestToken();
      if (currentTime < trackingStartSeconds(duration) || now() < token.countsAt) return;
      if (inFlight.has(videoId) || viewedVideoIds(store).includes(videoId)) return;
      if (now() - lastCallAt < TRACKING_INTERVAL_MS) return;
      lastCallAt = now();
      inFlight.add(videoId);
      send(videoId, token.value)
        .then((answer) => {
          if (answer.counted || answer.reason === "duplicate") markViewed(videoId, store);
          // A token over 6 h old (playback left paused that long): the next playback asks for a new one.
          else if (answer.reason === "expired") token = null;
          else if (answer.reason !== "too-early" && answer.reason !== "unavailable") giveUp(answer.reason);
        })
        .catch((err: unknown) => console.warn("view tracking: request failed", err))
        .finally(() => inFlight.delete(videoId));
    },
  };
}
