import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { knownDeviceValue } from "./known-device";
import { KNOWN_DEVICE } from "./rules";

/**
 * Sign-in codes for browsers that signed in to the account before (docs/decisions/0015-known-device.md).
 *
 * Why not emailOTP's own endpoints: better-auth keeps one code per address under the identifier
 * `sign-in-otp-<email>`. Every request for a code adds a newer row, and the check consumes the newest row
 * (deleting the older ones) and writes it back with one more attempt when the guess is wrong. So anyone
 * could keep the owner's fresh code invalid, by asking for another code or by guessing three times. These
 * codes live under an identifier of their own, `known-device-sign-in-otp-<email>`, which only requests that
 * carry a valid known-device cookie for that account reach (email-code.ts decides): the attacker's
 * requests and guesses never touch it. The check is emailOTP's, step for step (single use, attempts,
 * expiry, hashed at rest), and a sign-in is only ever into an existing, verified account.
 *
 * Both endpoints are server-only (never on the HTTP router); the after-hook sets the known-device cookie on
 * every response that created a session (codes of either kind, Google).
 */

export interface KnownDeviceCodeOptions {
  digits: number;
  expiresInSeconds: number;
  attempts: number;
  /** Mails the code (the same message as any sign-in code). */
  send: (email: string, code: string) => Promise<void>;
  /** Whether cookies get the Secure flag (an https origin). */
  secureCookies: boolean;
}

const identifierFor = (email: string) => `known-device-sign-in-otp-${email}`;
const hashCode = (code: string) => crypto.createHash("sha256").update(code).digest("base64url");
const error = (code: "INVALID_OTP" | "OTP_EXPIRED" | "TOO_MANY_ATTEMPTS", message: string) =>
  APIError.from("BAD_REQUEST", { code, message });

export function knownDeviceCodes(options: KnownDeviceCodeOptions) {
  return {
    id: "known-device-codes",
    endpoints: {
      sendKnownDeviceCode: createAuthEndpoint.serverOnly({ method: "POST", body: z.object({ email: z.string() }) }, async (ctx) => {
        const email = ctx.body.email.toLowerCase();
        const code = crypto
          .randomInt(0, 10 ** options.digits)
          .toString()
          .padStart(options.digits, "0");
        // A newer row supersedes the older ones (the check reads the newest), as with emailOTP.
        await ctx.context.internalAdapter.createVerificationValue({
          identifier: identifierFor(email),
          value: `${hashCode(code)}:0`,
          expiresAt: new Date(Date.now() + options.expiresInSeconds * 1000),
        });
        await options.send(email, code);
        return ctx.json({ success: true });
      }),
      signInKnownDeviceCode: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ email: z.string(), otp: z.string() }) },
        async (ctx) => {
          const email = ctx.body.email.toLowerCase();
          const identifier = identifierFor(email);
          const adapter = ctx.context.internalAdapter;
          const existing = await adapter.findVerificationValue(identifier);
          if (existing && existing.expiresAt < new Date()) {
            await adapter.deleteVerificationByIdentifier(identifier);
            throw error("OTP_EXPIRED", "OTP expired");
          }
          // Atomic: of two concurrent checks one gets the row, the other nothing.
          const consumed = await adapter.consumeVerificationValue(identifier);
          if (!consumed) throw error("INVALID_OTP", "Invalid OTP");
          const cut = consumed.value.lastIndexOf(":");
          const stored = consumed.value.slice(0, cut);
          const used = Number.parseInt(consumed.value.slice(cut + 1), 10) || 0;
          if (used >= options.attempts) throw error("TOO_MANY_ATTEMPTS", "Too many attempts");
          const given = Buffer.from(hashCode(ctx.body.otp));
          if (given.length !== stored.length || !crypto.timingSafeEqual(given, Buffer.from(stored))) {
            await adapter.createVerificationValue({ identifier, value: `${stored}:${used + 1}`, expiresAt: consumed.expiresAt });
            throw error("INVALID_OTP", "Invalid OTP");
          }
          // Known devices belong to existing accounts; an unverified one goes through emailOTP's path instead.
          const found = await adapter.findUserByEmail(email);
          if (!found?.user.emailVerified) throw error("INVALID_OTP", "Invalid OTP");
          const session = await adapter.createSession(found.user.id);
          await setSessionCookie(ctx, { session, user: found.user });
          return ctx.json({ user: { id: found.user.id } });
        },
      ),
    },
    hooks: {
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.newSession?.user.id;
            if (!userId) return;
            ctx.setCookie(KNOWN_DEVICE.cookieName, knownDeviceValue(ctx.headers?.get("cookie"), userId), {
              httpOnly: true,
              sameSite: "lax",
              secure: options.secureCookies,
              path: "/",
              maxAge: KNOWN_DEVICE.maxAgeSeconds,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
