import { DEFAULT_LOCALE } from "../../core/locales";
import { pathsIn } from "../../core/paths";
import { ipRateLimitKey, type RateLimiter, sharedRateLimiter } from "../db/rate-limit";
import { authFor, GOOGLE_PROVIDER, googleConfigured } from "./auth";
import type { AuthRequestMeta } from "./email-code";
import { AUTH_LIMITS } from "./rules";

export type GoogleStart =
  | { status: "redirect"; url: string; setCookies: string[] }
  | { status: "unavailable" }
  | { status: "rate-limited"; retryAfterMs: number };

export function signInsPerIpLimiter(): RateLimiter {
  return sharedRateLimiter("auth-sign-in-ip", AUTH_LIMITS.signInsPerIp);
}

/**
 * Starts Google sign-in: better-auth stores the OAuth state (bound to a cookie) and PKCE verifier and gives
 * the authorization URL. After Google, /api/auth/callback/google signs in and sends the visitor to
 * `returnTo` (already a validated same-origin path), or to the sign-in page in the language it was started
 * from (/de/login?error=…) when it fails.
 */
export async function startGoogleSignIn(returnTo: string, meta: AuthRequestMeta, limiter = signInsPerIpLimiter()): Promise<GoogleStart> {
  if (!googleConfigured()) return { status: "unavailable" };
  const decision = await limiter.consume(ipRateLimitKey(meta.ip));
  if (!decision.allowed) return { status: "rate-limited", retryAfterMs: decision.retryAfterMs };
  const errorPage = pathsIn(meta.locale ?? DEFAULT_LOCALE).login(returnTo);
  const { headers, response } = await authFor(meta.origin).api.signInSocial({
    body: { provider: GOOGLE_PROVIDER, callbackURL: returnTo, errorCallbackURL: errorPage, newUserCallbackURL: returnTo },
    headers: meta.headers,
    returnHeaders: true,
  });
  if (!response.url) return { status: "unavailable" };
  return { status: "redirect", url: response.url, setCookies: headers.getSetCookie() };
}
