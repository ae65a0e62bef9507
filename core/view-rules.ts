/**
 * The view-counting rules both sides share (docs/product.md "Views", docs/architecture.md "View counting"): the
 * endpoints' answers (their addresses are in core/paths.ts) and the threshold. The server counts a view only
 * once the threshold has passed since its play token was issued (server/play-token.ts); the browser
 * (app/lib/view-tracking.ts) does not ask before it.
 */

/** docs/product.md "Views". */
export const TRACKING_START_SECONDS = 25;
export const VIEW_THRESHOLD_CAP_SECONDS = 30;
export const TRACKING_INTERVAL_MS = 5_000;
/** Longer than any play token the server issues (about 170 characters): refused before computing an HMAC. */
export const PLAY_TOKEN_MAX_LENGTH = 256;

/** The endpoint's JSON answer. */
export type ViewAnswer =
  | { counted: true }
  /** "rate-limited": this address counted its views of this video for the hour; playback goes on. */
  | { counted: false; reason: "too-early" | "rate-limited"; retryAfterMs: number }
  | { counted: false; reason: "duplicate" | "expired" | "invalid" | "not-found" | "method" | "unreadable" | "unavailable" | "failed" };

/** The token endpoint's JSON answer: `thresholdMs` after now, the token can count a view. */
export type PlayTokenAnswer =
  | { token: string; thresholdMs: number }
  /** This address had its tokens for this video for the hour: the video plays, its view is not counted. */
  | { token: null; reason: "rate-limited"; retryAfterMs: number }
  | { token: null; reason: "uncountable" | "not-found" | "method" | "unreadable" | "unavailable" | "failed" | "age-check" };

/** The lesser of 30 s and half the duration, in seconds. */
export function viewThresholdSeconds(duration: number): number {
  return Math.min(VIEW_THRESHOLD_CAP_SECONDS, duration / 2);
}

/** From this playback position on, the tracker asks the server to count the view. */
export function trackingStartSeconds(duration: number): number {
  return Math.min(TRACKING_START_SECONDS, viewThresholdSeconds(duration));
}

/** docs/product.md "Views": a present id, a current time of 0 or more, a duration above 0. */
export function isTrackable(videoId: string, currentTime: number, duration: number): boolean {
  return (
    videoId.length > 0 &&
    Number.isFinite(currentTime) &&
    currentTime >= 0 &&
    typeof duration === "number" &&
    Number.isFinite(duration) &&
    duration > 0
  );
}

/** The same threshold in whole milliseconds as the server signs it into a play token; null without a duration. */
export function viewThresholdMs(durationSeconds: number): number | null {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  return Math.round(viewThresholdSeconds(durationSeconds) * 1000);
}
