import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import { ipRateLimitKey, type RateLimiter, sharedRateLimiter } from "../db/rate-limit";
import { findUserByEmail } from "../services/users";
import { authFor } from "./auth";
import { type CodeBucket, codeLockState, recordCodeFailure } from "./code-lockout";
import { knownDeviceUserIds } from "./known-device";
import { mailingCodesIn } from "./mail-texts";
import { AUTH_LIMITS, SIGN_IN_CODE } from "./rules";

/**
 * Sign-in by e-mail code (better-auth's emailOTP plugin): the rules around it that are ours, namely input
 * checks and rate limits on the shared PostgreSQL store. These are the only ways in: the plugin's own
 * HTTP endpoints are not exposed (server/http/auth-routes.ts), so no request skips the limits.
 *
 * Wrong codes are capped per address across codes (code-lockout.ts). A request whose browser signed in to
 * the address's account before (a valid known-device cookie, known-device.ts) uses the "known-device"
 * bucket and its own codes (known-device-codes.ts), which the attacker's requests and guesses never reach;
 * every other request uses the "public" bucket and better-auth's emailOTP codes.
 */

export interface AuthRequestMeta {
  /** The public origin the request came to (siteUrl()). */
  origin: string;
  ip: string | null;
  /** The request's headers (cookies, user agent), as better-auth reads them. */
  headers: Headers;
  /** The language of the page the request came from: a code is mailed in it (English when not given). */
  locale?: Locale;
}

export interface CodeLimiters {
  perAddress: RateLimiter;
  perKnownDevice: RateLimiter;
  perIp: RateLimiter;
  signInsPerIp: RateLimiter;
}

function sharedLimiters(): CodeLimiters {
  return {
    perAddress: sharedRateLimiter("auth-code-address", AUTH_LIMITS.codesPerAddress),
    perKnownDevice: sharedRateLimiter("auth-code-known-device", AUTH_LIMITS.codesPerKnownDevice),
    perIp: sharedRateLimiter("auth-code-ip", AUTH_LIMITS.codesPerIp),
    signInsPerIp: sharedRateLimiter("auth-sign-in-ip", AUTH_LIMITS.signInsPerIp),
  };
}

/** The bucket of a request for `email`: "known-device" when its browser signed in to that account before. */
async function bucketOf(email: string, headers: Headers): Promise<CodeBucket> {
  const known = knownDeviceUserIds(headers.get("cookie"));
  if (known.length === 0) return "public";
  const user = await findUserByEmail(email);
  // An account whose address was never proven (none is created so any more) takes emailOTP's path, where
  // better-auth strips what it accrued before the proof.
  return user?.email_verified && known.includes(user.id) ? "known-device" : "public";
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

export type CodeRequestOutcome = { status: "sent"; email: string } | { status: "missing" | "invalid" } | RateLimited | Locked;
type RateLimited = { status: "rate-limited"; retryAfterMs: number };
/** Too many wrong codes for this address (in this request's bucket): no code is sent or checked for now. */
type Locked = { status: "locked"; retryAfterMs: number };

/** Sends a sign-in code to `rawEmail` (a new address gets an account when the code is used). */
export async function requestSignInCode(rawEmail: string, meta: AuthRequestMeta, limiters = sharedLimiters()): Promise<CodeRequestOutcome> {
  const checked = checkEmail(rawEmail);
  if (checked.status !== "ok") return checked;
  const bucket = await bucketOf(checked.email, meta.headers);
  const lock = await codeLockState(checked.email, bucket);
  if (lock.locked) return { status: "locked", retryAfterMs: lock.retryAfterMs };
  const byIp = await limiters.perIp.consume(ipRateLimitKey(meta.ip));
  if (!byIp.allowed) return { status: "rate-limited", retryAfterMs: byIp.retryAfterMs };
  const byAddress = await (bucket === "known-device" ? limiters.perKnownDevice : limiters.perAddress).consume(checked.email);
  if (!byAddress.allowed) return { status: "rate-limited", retryAfterMs: byAddress.retryAfterMs };
  const api = authFor(meta.origin).api;
  await mailingCodesIn(meta.locale ?? DEFAULT_LOCALE, async () => {
    if (bucket === "known-device") await api.sendKnownDeviceCode({ body: { email: checked.email }, headers: meta.headers });
    else await api.sendVerificationOTP({ body: { email: checked.email, type: "sign-in" }, headers: meta.headers });
  });
  return { status: "sent", email: checked.email };
}

export type CodeSignInOutcome =
  | { status: "signed-in"; setCookies: string[]; userId: string }
  | { status: "missing" | "invalid" | "code-invalid" | "code-expired" | "too-many-attempts" }
  | RateLimited
  | Locked;

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
  // A malformed code is refused before any check: it cannot be right, so it is no guess and counts nothing.
  const code = rawCode.replace(/\s+/g, "");
  if (!CODE.test(code)) return { status: "code-invalid" };
  const bucket = await bucketOf(checked.email, meta.headers);
  const lock = await codeLockState(checked.email, bucket);
  if (lock.locked) return { status: "locked", retryAfterMs: lock.retryAfterMs };
  let failure: "code-expired" | "too-many-attempts" | "code-invalid";
  try {
    const api = authFor(meta.origin).api;
    const body = { email: checked.email, otp: code };
    const { headers, response } =
      bucket === "known-device"
        ? await api.signInKnownDeviceCode({ body, headers: meta.headers, returnHeaders: true })
        : await api.signInEmailOTP({ body, headers: meta.headers, returnHeaders: true });
    return { status: "signed-in", setCookies: headers.getSetCookie(), userId: response.user.id };
  } catch (err) {
    if (!isAPIError(err)) throw err;
    switch (err.body?.code) {
      case "OTP_EXPIRED":
        failure = "code-expired";
        break;
      case "TOO_MANY_ATTEMPTS":
        failure = "too-many-attempts";
        break;
      case "INVALID_OTP":
        failure = "code-invalid";
        break;
      default:
        throw err;
    }
  }
  // Every refused check counts against the address, whichever code (or none) it was aimed at.
  const after = await recordCodeFailure(checked.email, bucket);
  return after.locked ? { status: "locked", retryAfterMs: after.retryAfterMs } : { status: failure };
}
