import crypto from "node:crypto";
import { sql } from "kysely";
import { readCookie } from "../../core/cookies";
import { getDb } from "../db/connection";
import { type Auth, authFor } from "./auth";

/**
 * The session behind a request's cookie, read in one query instead of through better-auth's `getSession`
 * endpoint (docs/decisions/0046-session-read.md). Every signed-in request asks this (likes, /api/viewer-state,
 * every render of a signed-in page); better-auth's endpoint builds a request context, verifies the cookie with
 * WebCrypto after importing the key again, and runs its hooks each time, which was about a sixth of a like's CPU.
 *
 * Only the plain case is answered here: a cookie that better-auth itself signed (HMAC-SHA256 with better-auth's
 * own secret and cookie name, both read from better-auth), naming a session row that has not expired and is not
 * yet due for its sliding refresh. Everything else returns undefined and the caller asks better-auth, which then
 * clears, deletes or refreshes as it always does: a cookie that does not verify, no such session, an expired one,
 * one due for refresh, and any session-data cookie (better-auth clears it, as this site keeps no cookie cache).
 * So this path never writes and never sets a cookie, and it can only say yes where better-auth would.
 */

/** A session's user as this site uses it, from here or from better-auth (server/http/session.ts makes the Viewer). */
export interface SessionUser {
  id: string;
  email: string;
  name?: string | null;
  image?: string | null;
  role?: string | null;
}

interface Settings {
  cookie: string;
  dataCookie: string;
  key: crypto.KeyObject;
  expiresInMs: number;
  updateAgeMs: number;
}

const settingsOf = new WeakMap<Auth, Promise<Settings>>();

function settings(auth: Auth): Promise<Settings> {
  let found = settingsOf.get(auth);
  if (!found) {
    found = auth.$context.then((context) => ({
      cookie: context.authCookies.sessionToken.name,
      dataCookie: context.authCookies.sessionData.name,
      key: crypto.createSecretKey(Buffer.from(context.secret, "utf8")),
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    settingsOf.set(auth, found);
  }
  return found;
}

/** The user of a valid session that needs nothing done, else undefined (ask better-auth). */
export async function readSession(cookieHeader: string, origin: string, now = Date.now()): Promise<SessionUser | undefined> {
  const { cookie, dataCookie, key, expiresInMs, updateAgeMs } = await settings(authFor(origin));
  // better-auth clears a session-data cookie, whole or in chunks (`name.0`, `name.1`…): any mention of the name is its.
  if (cookieHeader.includes(dataCookie)) return undefined;
  const token = verifiedValue(cookieValue(cookieHeader, cookie), key);
  if (!token) return undefined;
  const { rows } = await sql<SessionUser & { expires_at: Date }>`
    SELECT u.id, u.email, u.full_name AS name, u.avatar_url AS image, u.role, s.expires_at
    FROM auth_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token = ${token}`.execute(getDb());
  const row = rows[0];
  if (!row) return undefined;
  const expiresAt = row.expires_at.getTime();
  // better-auth's own rules in its getSession: expired, or due for refresh once updateAge has passed
  // since it was last extended (expiresAt - expiresIn + updateAge <= now).
  if (!(expiresAt > now) || expiresAt - expiresInMs + updateAgeMs <= now) return undefined;
  return { id: row.id, email: row.email, name: row.name, image: row.image, role: row.role };
}

/**
 * A cookie's value as better-call (better-auth's HTTP layer) reads it: the first pair of that name (core/cookies.ts
 * readCookie), surrounding quotes dropped, percent-decoded when that is valid; null when there is none.
 */
export function cookieValue(header: string, name: string): string | null {
  let value = readCookie(header, name);
  if (value === null) return null;
  if (value.codePointAt(0) === 34) value = value.slice(1, -1);
  try {
    return value.includes("%") ? decodeURIComponent(value) : value;
  } catch {
    return value; // better-call keeps a value it cannot decode as it is
  }
}

/** `value.signature` with signature = base64 HMAC-SHA256 of value (better-call's signed cookies): value, or null. */
export function verifiedValue(signed: string | null, key: crypto.KeyObject): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = crypto.createHmac("sha256", key).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? value : null;
}
