import crypto from "node:crypto";
import { PLAY_TOKEN_MAX_LENGTH, VIEW_THRESHOLD_CAP_SECONDS, viewThresholdMs } from "../core/view-rules";
import { sign, verify } from "./secrets";

/**
 * Signed play tokens (docs/architecture.md "View counting"). POST /api/play-token issues one when a video first plays (ADR 0014);
 * the view endpoint counts a view only with a token that this server signed, for that video and that browser
 * session, once the view threshold has elapsed on the server's clock since the token was issued. Everything the check needs is in
 * the token, so forged, early and expired tokens are refused without touching the database.
 *
 * Format: `play:<videoId>:<sessionId>:<issuedAtMs>:<thresholdMs>.<HMAC-SHA256, base64url>`.
 */

/** docs/product.md "Views": a view needs the lesser of 30 seconds and half the duration (core/view-rules.ts). */
export const VIEW_THRESHOLD_CAP_MS = VIEW_THRESHOLD_CAP_SECONDS * 1000;
/** Older tokens count nothing (playback paused that long): the tracker asks for a new one when it goes on. */
export const PLAY_TOKEN_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** Tolerated clock difference between app instances; a token from further in the future is forged. */
const CLOCK_SKEW_MS = 60_000;
const PURPOSE = "play";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PAYLOAD = /^play:([0-9a-f-]{36}):([0-9a-f-]{36}):(\d{1,15}):(\d{1,9})$/;

export interface PlayClaim {
  videoId: string;
  sessionId: string;
  issuedAt: number;
  thresholdMs: number;
}

export type PlayTokenCheck =
  | { status: "ok"; claim: PlayClaim }
  /** The threshold has not elapsed yet: the same token may be sent again later. */
  | { status: "too-early"; retryAfterMs: number }
  | { status: "expired" }
  /** Not signed by us, malformed, or for another video or session. */
  | { status: "invalid" };

/** A new browser-session id (the value of the view-session cookie). */
export function newViewSessionId(): string {
  return crypto.randomUUID();
}

export function isViewSessionId(value: string): boolean {
  return UUID.test(value);
}

/**
 * The token for one visit of a video page, or null when the video cannot be counted (no duration). `key`:
 * see `sign` (the bench mints tokens for the server it loads).
 */
export function issuePlayToken(opts: {
  videoId: string;
  sessionId: string;
  durationSeconds: number;
  now?: number;
  key?: Buffer;
}): string | null {
  const thresholdMs = viewThresholdMs(opts.durationSeconds);
  if (thresholdMs === null || !UUID.test(opts.videoId) || !UUID.test(opts.sessionId)) return null;
  const issuedAt = Math.floor(opts.now ?? Date.now());
  return sign(`${PURPOSE}:${opts.videoId}:${opts.sessionId}:${issuedAt}:${thresholdMs}`, opts.key);
}

/** Checks `token` for `videoId` sent by browser session `sessionId` at `now`. */
export function checkPlayToken(token: string, expected: { videoId: string; sessionId: string }, now = Date.now()): PlayTokenCheck {
  if (token.length > PLAY_TOKEN_MAX_LENGTH) return { status: "invalid" };
  const payload = verify(token);
  const match = payload ? PAYLOAD.exec(payload) : null;
  if (!match) return { status: "invalid" };
  const [, videoId, sessionId, issued, threshold] = match as unknown as [string, string, string, string, string];
  if (videoId !== expected.videoId.toLowerCase() || sessionId !== expected.sessionId.toLowerCase()) return { status: "invalid" };
  const issuedAt = Number(issued);
  const thresholdMs = Number(threshold);
  const elapsed = now - issuedAt;
  if (elapsed < -CLOCK_SKEW_MS || thresholdMs > VIEW_THRESHOLD_CAP_MS) return { status: "invalid" };
  if (elapsed < thresholdMs) return { status: "too-early", retryAfterMs: thresholdMs - elapsed };
  if (elapsed > PLAY_TOKEN_MAX_AGE_MS) return { status: "expired" };
  return { status: "ok", claim: { videoId, sessionId, issuedAt, thresholdMs } };
}
