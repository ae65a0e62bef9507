import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { ipRateLimitKey, type RateLimiter, sharedRateLimiter } from "../rate-limit";
import { authFor } from "./auth";
import { AUTH_LIMITS, SIGN_IN_CODE } from "./rules";

/**
 * Sign-in by e-mail code (better-auth's emailOTP plugin): the rules around it that are ours, namely input
 * checks and rate limits on the shared PostgreSQL store. These are the only ways in: the plugin's own
 * HTTP endpoints are not exposed (server/http/auth-routes.ts), so no request skips the limits.
 */

export interface AuthRequestMeta {
  /** The public origin the request came to (siteUrl()). */
  origin: string;
  ip: string | null;
  /** The request's headers (cookies, user agent), as better-auth reads them. */
  headers: Headers;
}

export interface CodeLimiters {
  perAddress: RateLimiter;
  perIp: RateLimiter;
  signInsPerIp: RateLimiter;
}

function sharedLimiters(): CodeLimiters {
  return {
    perAddress: sharedRateLimiter("auth-code-address", AUTH_LIMITS.codesPerAddress),
    perIp: sharedRateLimiter("auth-code-ip", AUTH_LIMITS.codesPerIp),
    signInsPerIp: sharedRateLimiter("auth-sign-in-ip", AUTH_LIMITS.signInsPerIp),
  };
}

/** An address as the form gives it: trimmed, lower-cased; "" when blank. */
export const emailInput = z
  .string()
  .max(10_000)
  .transform((v) => v.trim().toLowerCase());
const validEmail = z.email().max(254);

export type EmailCheck = { status: "ok"; email: string } | { status: "missing" } | { status: "invalid" };

export function checkEmail(raw: string): EmailCheck {
  const email = raw.trim().toLowerCase();
  if (!email) return { status: "missing" };
  return validEmail.safeParse(email).success ? { status: "ok", email } : { status: "invalid" };
}

export type CodeRequestOutcome = { status: "sent"; email: string } | { status: "missing" | "invalid" } | RateLimited;
type RateLimited = { status: "rate-limited"; retryAfterMs: number };

/** Sends a sign-in code to `rawEmail` (a new address gets an account when the code is used). */
export async function requestSignInCode(rawEmail: string, meta: AuthRequestMeta, limiters = sharedLimiters()): Promise<CodeRequestOutcome> {
  const checked = checkEmail(rawEmail);
  if (checked.status !== "ok") return checked;
  const byIp = await limiters.perIp.consume(ipRateLimitKey(meta.ip));
  if (!byIp.allowed) return { status: "rate-limited", retryAfterMs: byIp.retryAfterMs };
  const byAddress = await limiters.perAddress.consume(checked.email);
  if (!byAddress.allowed) return { status: "rate-limited", retryAfterMs: byAddress.retryAfterMs };
  await authFor(meta.origin).api.sendVerificationOTP({ body: { email: checked.email, type: "sign-in" }, headers: meta.headers });
  return { status: "sent", email: checked.email };
}

export type CodeSignInOutcome =
  | { status: "signed-in"; setCookies: string[]; userId: string }
  | { status: "missing" | "invalid" | "code-invalid" | "code-expired" | "too-many-attempts" }
  | RateLimited;

const CODE = new RegExp(`^\\d{${SIGN_IN_CODE.digits}}$`);

/** Signs in with the code sent to `rawEmail`; expired, reused and wrong codes are refused. */
export async function signInWithCode(
  rawEmail: string,
  rawCode: string,
  meta: AuthRequestMeta,
  limiters = sharedLimiters(),
): Promise<CodeSignInOutcome> {
  const checked = checkEmail(rawEmail);
  if (checked.status !== "ok") return checked;
  const byIp = await limiters.signInsPerIp.consume(ipRateLimitKey(meta.ip));
  if (!byIp.allowed) return { status: "rate-limited", retryAfterMs: byIp.retryAfterMs };
  const code = rawCode.replace(/\s+/g, "");
  if (!CODE.test(code)) return { status: "code-invalid" };
  try {
    const { headers, response } = await authFor(meta.origin).api.signInEmailOTP({
      body: { email: checked.email, otp: code },
      headers: meta.headers,
      returnHeaders: true,
    });
    return { status: "signed-in", setCookies: headers.getSetCookie(), userId: response.user.id };
  } catch (err) {
    if (!isAPIError(err)) throw err;
    switch (err.body?.code) {
      case "OTP_EXPIRED":
        return { status: "code-expired" };
      case "TOO_MANY_ATTEMPTS":
        return { status: "too-many-attempts" };
      case "INVALID_OTP":
        return { status: "code-invalid" };
      default:
        throw err;
    }
  }
}
