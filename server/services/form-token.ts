import crypto from "node:crypto";
import { sql } from "kysely";
import { getDb } from "../db/connection";
import { sign, verify } from "../secrets";

/**
 * Server-issued, HMAC-signed form tokens: the purpose, when the form was shown, and a random nonce.
 * - The 3-second anti-bot rule (docs/product.md "Contact form") of the contact and takedown forms is measured against the
 *   timestamp, so a bot cannot skip it by editing the page or its clock.
 * - Every token is single-use (issue 32 item 4): an accepted submission spends its nonce (`spendFormToken`, stored
 *   until the token would have expired anyway), so a captured or replayed post, or the same form sent twice, is
 *   refused instead of stored or mailed again. Contact, takedown, report and sign-in forms carry one.
 */

export const FORM_MIN_FILL_MS = 3000;
/** Older tokens are refused with a request to send again (the typed values are kept). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Tolerated clock difference between app instances; beyond it a token "from the future" is forged. */
const CLOCK_SKEW_MS = 60_000;
const DEFAULT_PURPOSE = "contact";

/** The report form's tokens (app/routes/report.tsx, server/services/reports.ts). */
export const REPORT_FORM_PURPOSE = "report";
/** The sign-in code request's tokens (app/routes/login.tsx). */
export const SIGN_IN_FORM_PURPOSE = "sign-in";

/**
 * Forms a person may send at once: a report (one reason, one click) and sign-in (a password manager fills it).
 * Their tokens prove the form came from this site and are spent once, without a minimum fill time.
 */
const NO_MINIMUM_FILL: ReadonlySet<string> = new Set([REPORT_FORM_PURPOSE, SIGN_IN_FORM_PURPOSE]);

export type FormTokenCheck =
  | { status: "ok"; issuedAt: number; nonce: string }
  | { status: "too-fast"; issuedAt: number; nonce: string }
  | { status: "expired"; issuedAt: number }
  | { status: "invalid" };

export function issueFormToken(now = Date.now(), purpose = DEFAULT_PURPOSE): string {
  return sign(`${purpose}:${Math.floor(now)}:${crypto.randomBytes(12).toString("base64url")}`);
}

export function checkFormToken(token: unknown, now = Date.now(), purpose = DEFAULT_PURPOSE): FormTokenCheck {
  if (typeof token !== "string" || token.length > 200) return { status: "invalid" };
  const payload = verify(token);
  const match = payload ? /^([a-z-]+):(\d{1,15}):([A-Za-z0-9_-]{16})$/.exec(payload) : null;
  // A token signed for another purpose (e.g. a play token) does not count.
  if (!match || match[1] !== purpose) return { status: "invalid" };
  const issuedAt = Number(match[2]);
  const nonce = match[3] as string;
  const elapsed = now - issuedAt;
  if (elapsed < -CLOCK_SKEW_MS) return { status: "invalid" };
  if (elapsed < FORM_MIN_FILL_MS && !NO_MINIMUM_FILL.has(purpose)) return { status: "too-fast", issuedAt, nonce };
  if (elapsed > FORM_TOKEN_MAX_AGE_MS) return { status: "expired", issuedAt };
  return { status: "ok", issuedAt, nonce };
}

/**
 * Spends an accepted token: true the first time, false when it was spent before (the same form sent again).
 * Rows go once the token could no longer be accepted anyway; each spend clears the expired ones (indexed).
 */
export async function spendFormToken(check: { nonce: string }, purpose = DEFAULT_PURPOSE): Promise<boolean> {
  // Kept as long as a token can live from now: it was issued before it was spent, so it has expired by then.
  const keepSeconds = Math.ceil((FORM_TOKEN_MAX_AGE_MS + CLOCK_SKEW_MS) / 1000);
  const { rows } = await sql<{ nonce: string }>`
    WITH expired AS (DELETE FROM form_token_uses WHERE expires_at < now())
    INSERT INTO form_token_uses (nonce, purpose, expires_at)
    VALUES (${check.nonce}, ${purpose}, now() + make_interval(secs => ${keepSeconds}))
    ON CONFLICT (nonce) DO NOTHING
    RETURNING nonce`.execute(getDb());
  return rows.length === 1;
}

/**
 * The token a re-rendered form should carry: the same one while it is good and unspent (the 3 seconds keep
 * counting from when the form was first shown, so a quick retry after an error is not mistaken for a bot); a
 * fresh one for an unusable or spent token. An expired or spent token proves the visitor waited, so its
 * replacement is back-dated past the minimum fill time and an immediate resend is accepted.
 */
export function renewFormToken(token: unknown, now = Date.now(), purpose = DEFAULT_PURPOSE, spent = false): string {
  const check = checkFormToken(token, now, purpose);
  if (!spent && (check.status === "ok" || check.status === "too-fast")) return token as string;
  if (spent || check.status === "expired") return issueFormToken(now - FORM_MIN_FILL_MS, purpose);
  return issueFormToken(now, purpose);
}
