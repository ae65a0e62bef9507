/**
 * A cookie's raw value in a Cookie header or `document.cookie` ("a=1; b=2"), or null: for the browser's own
 * preference cookies (server code reads cookies through core/params.ts parseCookie, with zod).
 */
export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export const AGE_COOKIE = "ageVerified";
export const AGE_STORAGE_KEY = "ageVerified";

export function ageCookieValue(secure: boolean): string {
  return `${AGE_COOKIE}=true; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The browser session of view counting (docs/architecture.md "View counting"): a random id in a cookie without Max-Age or Expires,
 * so it ends when the browser does. HttpOnly (page scripts never need it) and SameSite=Lax (sent with the
 * site's own requests, not with other sites' POSTs). Set with the first play token (POST /api/play-token)
 * when missing.
 */
export const VIEW_SESSION_COOKIE = "viewSession";

export function viewSessionCookieValue(sessionId: string, secure: boolean): string {
  return `${VIEW_SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The language a visitor chose (docs/i18n.md "Choosing a language"): set in the browser when they pick one in the
 * language menu or answer the language offer, read only by the browser (the offer), never by the server: an
 * address serves the same page whatever the cookie, so cached pages stay shared.
 */
export const LANGUAGE_COOKIE = "lang";

export function languageCookieValue(locale: string, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
