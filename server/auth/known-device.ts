import { z } from "zod";
import { parseCookie } from "../../core/params";
import { sign, verify } from "../secrets";
import { KNOWN_DEVICE } from "./rules";

/**
 * The "known device" cookie (docs/decisions/0015-known-device.md): set on every successful sign-in, it says
 * "this browser signed in to these accounts before". It grants nothing by itself: a sign-in still needs the
 * code from the mailbox. It only lets the owner's code requests and checks use a bucket of their own, so an
 * attacker's failed guesses against the address (code-lockout.ts) never lock the owner out of a browser
 * they already use. HMAC-signed with the app secret (server/secrets.ts), httpOnly, SameSite=Lax.
 */

// Versioned and labelled so no other signed token (form, play) can pass for one.
const PREFIX = "kd1";
// better-auth's user ids (random letters and digits; seeded users may carry uuids).
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;
const COOKIE_VALUE = z.string().min(1).max(1000);

/** The account ids a Cookie header's known-device cookie names; [] when absent, forged or malformed. */
export function knownDeviceUserIds(cookieHeader: string | null | undefined): string[] {
  const raw = parseCookie(COOKIE_VALUE, cookieHeader ?? null, KNOWN_DEVICE.cookieName);
  if (!raw) return [];
  const payload = verify(raw);
  if (!payload) return [];
  const [prefix, ...ids] = payload.split("~");
  if (prefix !== PREFIX || ids.length === 0 || ids.length > KNOWN_DEVICE.maxAccounts) return [];
  return ids.every((id) => USER_ID.test(id)) ? ids : [];
}

/** The cookie's value after `userId` signed in: that account first, then the ones it already named. */
export function knownDeviceValue(cookieHeader: string | null | undefined, userId: string): string {
  const ids = [userId, ...knownDeviceUserIds(cookieHeader).filter((id) => id !== userId)].slice(0, KNOWN_DEVICE.maxAccounts);
  return sign([PREFIX, ...ids].join("~"));
}
