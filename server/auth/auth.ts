import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { emailOTP } from "better-auth/plugins/email-otp";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Kysely } from "kysely";
import { paths } from "../../core/paths";
import { ageAssuranceOnSignIn } from "../age-assurance/account";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";
import { env } from "../env";
import { logger } from "../logger";
import { appSecret } from "../secrets";
import { acceptGoogleIdentity, verifiedFlag } from "./google-identity";
import { knownDeviceCodes } from "./known-device-codes";
import { sendSignInCode } from "./mail-texts";
import { SESSION, SIGN_IN_CODE } from "./rules";

/** Where better-auth's HTTP endpoints live (server/http/auth-routes.ts forwards only the OAuth return). */
export const AUTH_BASE_PATH = "/api/auth";
/** The provider id, used in the callback path (/api/auth/callback/google) and the sign-in call. */
export const GOOGLE_PROVIDER = "google";

export function googleConfigured(): boolean {
  return Boolean(env().GOOGLE_CLIENT_ID && env().GOOGLE_CLIENT_SECRET);
}

/**
 * better-auth for one public origin on one database. The user model IS the original's `users` table (docs/product.md "Data")
 * (docs/decisions/0010-auth.md); the other models are migration 0006's snake_case tables.
 */
function createAuth(db: Kysely<Database>, origin: string) {
  return betterAuth({
    appName: "Pleazure",
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    // A key of its own, derived from the app secret, so rotating one never silently reuses the other.
    secret: crypto.createHmac("sha256", appSecret()).update("better-auth").digest("hex"),
    database: { db, type: "postgres", transaction: true },
    trustedOrigins: [origin],
    user: {
      modelName: "users",
      fields: { name: "full_name", image: "avatar_url", emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at" },
      // Read on every session lookup, never set by a sign-in (input: false): the console's `user:role` sets them.
      additionalFields: {
        role: { type: "string", fieldName: "role", input: false, required: false, defaultValue: "user" },
        isCreator: { type: "boolean", fieldName: "is_creator", input: false, required: false, defaultValue: false },
      },
      // better-auth asks this before it creates a user, links a provider account or signs a provider user in:
      // a Google identity is accepted only when the provider says email_verified === true (google-identity.ts).
      validateUserInfo: ({ source }) => acceptGoogleIdentity(source),
    },
    session: {
      modelName: "auth_sessions",
      fields: {
        userId: "user_id",
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      expiresIn: SESSION.expiresInSeconds,
      updateAge: SESSION.updateAgeSeconds,
      // No cookie cache: every request reads the session row and its user, so a role change or a revoked
      // session takes effect on the next request.
      cookieCache: { enabled: false },
    },
    account: {
      modelName: "auth_accounts",
      fields: {
        userId: "user_id",
        accountId: "account_id",
        providerId: "provider_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      // A Google account with the same address as an e-mail-code user is the same person only when Google says
      // it verified the address: no trusted providers, so better-auth links on its emailVerified flag alone
      // (mapped strictly below), and validateUserInfo refuses unverified identities before that.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    verification: {
      modelName: "auth_verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
    },
    // Our own limits (server/auth/limits.ts, on the shared PostgreSQL store) guard every way in.
    rateLimit: { enabled: false },
    onAPIError: { errorURL: paths.login() },
    advanced: {
      // The session cookie: httpOnly and SameSite=Lax (better-auth's defaults), Secure whenever the
      // public origin is https (behind TLS, as Express's trust proxy sees it, or SITE_URL).
      useSecureCookies: origin.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { disableIpTracking: true },
      // A session lookup (every signed-in request, no cookie cache) reads the session and its user in one
      // statement, not two (docs/benchmarks.md "Issue 35: menus styled from the first byte, and the session in one
      // statement").
      database: { joins: true },
    },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const log = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        log.call(logger, { args: args.length ? args.map(String) : undefined }, `auth: ${message}`);
      },
    },
    plugins: [
      emailOTP({
        otpLength: SIGN_IN_CODE.digits,
        expiresIn: SIGN_IN_CODE.expiresInSeconds,
        allowedAttempts: SIGN_IN_CODE.attempts,
        // Only a hash of the code is stored: a database dump does not sign anyone in.
        storeOTP: "hashed",
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === "sign-in") await sendSignInCode(email, otp);
        },
      }),
      // An account that passed the age check unlocks media in every browser it signs in to.
      ageAssuranceOnSignIn({ secureCookies: origin.startsWith("https://") }),
      knownDeviceCodes({
        digits: SIGN_IN_CODE.digits,
        expiresInSeconds: SIGN_IN_CODE.expiresInSeconds,
        attempts: SIGN_IN_CODE.attempts,
        send: sendSignInCode,
        secureCookies: origin.startsWith("https://"),
      }),
      ...(googleConfigured()
        ? [
            genericOAuth({
              config: [
                {
                  // Google through its OpenID Connect discovery document; GOOGLE_ISSUER points tests at a local
                  // provider, so they run this very configuration.
                  providerId: GOOGLE_PROVIDER,
                  name: "Google",
                  discoveryUrl: `${env().GOOGLE_ISSUER.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                  clientId: env().GOOGLE_CLIENT_ID as string,
                  clientSecret: env().GOOGLE_CLIENT_SECRET as string,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  requireIdTokenVerification: true,
                  // better-auth reads "true" and "false" strings as booleans; only the boolean true counts here.
                  mapProfileToUser: (profile) => ({ emailVerified: verifiedFlag(profile) }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per database (tests swap the app's database per file) and public origin. Without SITE_URL the
// origin comes from the request, so the cache is bounded: the oldest entry goes first.
const MAX_ORIGINS = 8;
const instances = new WeakMap<Kysely<Database>, Map<string, Auth>>();

/** better-auth for this process's database and the given public origin (see siteUrl()). */
export function authFor(origin: string): Auth {
  const db = getDb();
  let byOrigin = instances.get(db);
  if (!byOrigin) {
    byOrigin = new Map();
    instances.set(db, byOrigin);
  }
  let auth = byOrigin.get(origin);
  if (!auth) {
    if (byOrigin.size >= MAX_ORIGINS) byOrigin.delete(byOrigin.keys().next().value as string);
    auth = createAuth(db, origin);
    byOrigin.set(origin, auth);
  }
  return auth;
}
