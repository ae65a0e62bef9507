import { sign, verify } from "./secrets";

/**
 * Server-issued, HMAC-signed "form shown at" timestamps. The 3-second anti-bot rule (docs/product.md "Contact form") is
 * measured against this, so a bot cannot skip it by editing the page or its clock.
 */

export const FORM_MIN_FILL_MS = 3000;
/** Older tokens are refused with a request to send again (the typed values are kept). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Tolerated clock difference between app instances; beyond it a token "from the future" is forged. */
const CLOCK_SKEW_MS = 60_000;
const DEFAULT_PURPOSE = "contact";

export type FormTokenCheck =
  | { status: "ok"; issuedAt: number }
  | { status: "too-fast"; issuedAt: number }
  | { status: "expired"; issuedAt: number }
  | { status: "invalid" };

export function issueFormToken(now = Date.now(), purpose = DEFAULT_PURPOSE): string {
  return sign(`${purpose}:${Math.floor(now)}`);
}

export function checkFormToken(token: unknown, now = Date.now(), purpose = DEFAULT_PURPOSE): FormTokenCheck {
  if (typeof token !== "string" || token.length > 200) return { status: "invalid" };
  const payload = verify(token);
  const match = payload ? /^([a-z-]+):(\d{1,15})$/.exec(payload) : null;
  // A token signed for another purpose (e.g. a play token) does not count.
  if (!match || match[1] !== purpose) return { status: "invalid" };
  const issuedAt = Number(match[2]);
  const elapsed = now - issuedAt;
  if (elapsed < -CLOCK_SKEW_MS) return { status: "invalid" };
  if (elapsed < FORM_MIN_FILL_MS) return { status: "too-fast", issuedAt };
  if (elapsed > FORM_TOKEN_MAX_AGE_MS) return { status: "expired", issuedAt };
  return { status: "ok", issuedAt };
}

/**
 * The token a re-rendered form should carry: the same one while it is good (the 3 seconds keep counting
 * from when the form was first shown, so a quick retry after an error is not mistaken for a bot); a fresh
 * one for an unusable token. An expired token proves the visitor waited, so its replacement is back-dated
 * past the minimum fill time and an immediate resend is accepted.
 */
export function renewFormToken(token: unknown, now = Date.now(), purpose = DEFAULT_PURPOSE): string {
  const check = checkFormToken(token, now, purpose);
  if (check.status === "ok" || check.status === "too-fast") return token as string;
  if (check.status === "expired") return issueFormToken(now - FORM_MIN_FILL_MS, purpose);
  return issueFormToken(now, purpose);
}
