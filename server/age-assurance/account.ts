import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { AGE_ASSURED_COOKIE } from "../../core/age-assurance";
import { getDb } from "../db/connection";
import { ASSURANCE_MAX_AGE_SECONDS, assuranceToken } from "./assurance-cookie";

/** Remembers on the account that its owner passed the age check (the first time counts: age only grows). */
export async function recordAgeAssurance(userId: string, now = new Date()): Promise<void> {
  await getDb().updateTable("users").set({ age_assured_at: now }).where("id", "=", userId).where("age_assured_at", "is", null).execute();
}

export async function accountAgeAssured(userId: string): Promise<boolean> {
  const row = await getDb().selectFrom("users").select("age_assured_at").where("id", "=", userId).executeTakeFirst();
  return !!row?.age_assured_at;
}

/**
 * Signing in to an account that passed the age check sets the signed cookie in this browser too (one query per
 * sign-in). The cookie, not the account, is what every request reads (access.ts): pages stay shared and
 * cacheable for signed-in users, with no lookup per page.
 */
export function ageAssuranceOnSignIn(options: { secureCookies: boolean }): BetterAuthPlugin {
  return {
    id: "age-assurance-on-sign-in",
    hooks: {
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.newSession?.user.id;
            if (!userId || !(await accountAgeAssured(userId))) return;
            ctx.setCookie(AGE_ASSURED_COOKIE, assuranceToken("oidc"), {
              httpOnly: true,
              sameSite: "lax",
              secure: options.secureCookies,
              path: "/",
              maxAge: ASSURANCE_MAX_AGE_SECONDS,
            });
          }),
        },
      ],
    },
  };
}
