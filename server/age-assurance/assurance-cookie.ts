import { z } from "zod";
import { AGE_ASSURED_COOKIE } from "../../core/age-assurance";
import { parseCookie } from "../../core/params";
import { sign, verify } from "../secrets";

/**
 * The "passed the age check" cookie: `aa1~<provider>~<issued, unix seconds>`, HMAC-signed with the app secret
 * (server/secrets.ts), httpOnly, SameSite=Lax. The prefix keeps any other signed token (form, play, known
 * device) from passing for one; the issue time bounds its life on the server too, whatever the browser keeps.
 */
const PREFIX = "aa1";
/** How long a passed check is remembered in a browser; an account remembers it for good (age only grows). */
export const ASSURANCE_MAX_AGE_SECONDS = 180 * 24 * 3600;
const COOKIE_VALUE = z.string().min(1).max(300);

/** The cookie's signed value for a pass of `provider` now. */
export function assuranceToken(provider: string, now = Date.now()): string {
  return sign([PREFIX, provider, Math.floor(now / 1000)].join("~"));
}

export function assuranceCookieValue(provider: string, secure: boolean, now = Date.now()): string {
  return `${AGE_ASSURED_COOKIE}=${assuranceToken(provider, now)}; Path=/; Max-Age=${ASSURANCE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the Cookie header carries a valid, unexpired pass of `provider`; forged, altered or old ones do not count. */
export function hasPassed(cookieHeader: string | null | undefined, provider: string, now = Date.now()): boolean {
  const raw = parseCookie(COOKIE_VALUE, cookieHeader ?? null, AGE_ASSURED_COOKIE);
  if (!raw) return false;
  const payload = verify(raw);
  if (!payload) return false;
  const [prefix, passedWith, issued, extra] = payload.split("~");
  if (prefix !== PREFIX || passedWith !== provider || extra !== undefined || !/^\d{1,12}$/.test(issued ?? "")) return false;
  const age = now / 1000 - Number(issued);
  return age >= -60 && age < ASSURANCE_MAX_AGE_SECONDS;
}
